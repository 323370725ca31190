-- Extraction generations and per-session extraction state. Owned by the extract module.
--
-- A generation is one extraction configuration (extractor, model, prompt digest, segmentation, request shape),
-- named by the SHA-256 fingerprint of that configuration. Only the active generation's entries are served, so
-- only they live in recall_entries: a building generation keeps its proposals in extraction_candidates until
-- `recall extract activate` moves them into recall_entries in one transaction. Retiring a generation archives
-- its entries that no human has reviewed; reviewed ones stay, because a person vouched for them.

CREATE TABLE extraction_generations (
  fingerprint  TEXT PRIMARY KEY CHECK (length(fingerprint) = 64),
  method       TEXT NOT NULL CHECK (length(method) > 0),
  config       TEXT NOT NULL,
  state        TEXT NOT NULL CHECK (state IN ('building', 'active', 'retired')),
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  activated_at TEXT,
  retired_at   TEXT
);
CREATE UNIQUE INDEX extraction_generations_one_active ON extraction_generations(state) WHERE state = 'active';

-- One row per (generation, session) that extraction has looked at. A session whose transcript_revision has
-- moved past the recorded one is pending again.
CREATE TABLE extraction_sessions (
  fingerprint         TEXT NOT NULL REFERENCES extraction_generations(fingerprint) ON DELETE CASCADE,
  session_id          TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  status              TEXT NOT NULL CHECK (status IN ('done', 'failed', 'ineligible')),
  reason              TEXT,
  entry_count         INTEGER NOT NULL DEFAULT 0 CHECK (entry_count >= 0),
  transcript_revision INTEGER NOT NULL DEFAULT 0,
  updated_at          TEXT NOT NULL,
  PRIMARY KEY (fingerprint, session_id)
);
CREATE INDEX extraction_sessions_session ON extraction_sessions(session_id);

-- Proposals of a generation that is not active yet. entry holds the entry fields as JSON and evidence the
-- anchors with their host-computed digests; both are moved verbatim into recall_entries on activation.
CREATE TABLE extraction_candidates (
  id          TEXT PRIMARY KEY CHECK (length(id) > 0),
  fingerprint TEXT NOT NULL REFERENCES extraction_generations(fingerprint) ON DELETE CASCADE,
  session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  type        TEXT NOT NULL,
  title       TEXT NOT NULL,
  entry       TEXT NOT NULL,
  evidence    TEXT NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE INDEX extraction_candidates_generation ON extraction_candidates(fingerprint, session_id);

-- Which generation proposed an entry; NULL for entries that did not come from extraction.
ALTER TABLE recall_entries ADD COLUMN extraction_fingerprint TEXT;
CREATE INDEX recall_entries_extraction ON recall_entries(extraction_fingerprint)
  WHERE extraction_fingerprint IS NOT NULL;

-- The reviewer's label of an entry (`recall review import` or the interactive review); the latest one counts.
CREATE TABLE recall_review_labels (
  entry_id    TEXT PRIMARY KEY REFERENCES recall_entries(id) ON DELETE CASCADE,
  label       TEXT NOT NULL CHECK (label IN ('correct', 'useful_but_uncertain', 'genuine_tradeoff', 'reject')),
  source      TEXT NOT NULL,
  reviewed_at TEXT NOT NULL
);
