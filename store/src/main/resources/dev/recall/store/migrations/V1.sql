-- recall schema, version 1. SQLite is the truth; every Lucene index is derived from these tables.

CREATE TABLE sessions (
  id                  TEXT PRIMARY KEY CHECK (length(id) > 0),
  agent               TEXT NOT NULL CHECK (length(agent) > 0),
  project             TEXT,
  cwd                 TEXT,
  git_branch          TEXT,
  started_at          TEXT,
  ended_at            TEXT,
  source_kind         TEXT NOT NULL DEFAULT 'transcript'
                      CHECK (source_kind IN ('transcript', 'archive', 'placeholder')),
  source_path         TEXT,
  transcript_revision INTEGER NOT NULL DEFAULT 0 CHECK (transcript_revision >= 0),
  automated           INTEGER NOT NULL DEFAULT 0 CHECK (automated IN (0, 1)),
  trashed             INTEGER NOT NULL DEFAULT 0 CHECK (trashed IN (0, 1)),
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL
);
CREATE INDEX sessions_project ON sessions(project, started_at);

CREATE TABLE messages (
  session_id     TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  ordinal        INTEGER NOT NULL CHECK (ordinal >= 0),
  role           TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'tool', 'system')),
  text           TEXT NOT NULL DEFAULT '',
  tool_name      TEXT,
  tool_input     TEXT,
  source_uuid    TEXT,
  timestamp      TEXT,
  content_digest TEXT NOT NULL,
  PRIMARY KEY (session_id, ordinal)
);
CREATE INDEX messages_uuid ON messages(session_id, source_uuid);

CREATE TABLE secret_findings (
  id              INTEGER PRIMARY KEY,
  session_id      TEXT REFERENCES sessions(id) ON DELETE CASCADE,
  message_ordinal INTEGER,
  location        TEXT NOT NULL,
  rule            TEXT NOT NULL,
  tier            TEXT NOT NULL CHECK (tier IN ('definite', 'candidate')),
  start_offset    INTEGER,
  end_offset      INTEGER,
  created_at      TEXT NOT NULL
);
CREATE INDEX secret_findings_session ON secret_findings(session_id);

CREATE TABLE recall_entries (
  id                     TEXT PRIMARY KEY CHECK (length(id) > 0),
  type                   TEXT NOT NULL CHECK (type IN ('fact', 'decision', 'procedure', 'debugging_method',
                                                       'warning', 'preference', 'open_question')),
  scope                  TEXT NOT NULL CHECK (scope IN ('global', 'project', 'repository', 'branch', 'file',
                                                        'tool', 'agent')),
  status                 TEXT NOT NULL DEFAULT 'accepted' CHECK (status IN ('accepted', 'archived')),
  review_state           TEXT NOT NULL DEFAULT 'unreviewed_auto'
                         CHECK (review_state IN ('', 'human_reviewed', 'unreviewed_auto', 'calibrated_auto', 'eval_raw')),
  title                  TEXT NOT NULL CHECK (length(title) > 0),
  body                   TEXT NOT NULL,
  trigger                TEXT,
  confidence             REAL CHECK (confidence IS NULL OR (confidence >= 0 AND confidence <= 1)),
  uncertainty            TEXT,
  project                TEXT,
  cwd                    TEXT,
  git_branch             TEXT,
  agent                  TEXT,
  source_session_id      TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  extractor_method       TEXT,
  transferable           INTEGER NOT NULL DEFAULT 1 CHECK (transferable IN (0, 1)),
  provenance_ok          INTEGER NOT NULL DEFAULT 1 CHECK (provenance_ok IN (0, 1)),
  provenance_reason      TEXT,
  supersedes_entry_id    TEXT REFERENCES recall_entries(id) ON DELETE SET NULL,
  superseded_by_entry_id TEXT REFERENCES recall_entries(id) ON DELETE SET NULL,
  created_at             TEXT NOT NULL,
  updated_at             TEXT NOT NULL
);
CREATE INDEX recall_entries_updated ON recall_entries(updated_at DESC, id);
CREATE INDEX recall_entries_project ON recall_entries(project);
CREATE INDEX recall_entries_session ON recall_entries(source_session_id);

CREATE TABLE recall_evidence (
  id                INTEGER PRIMARY KEY,
  entry_id          TEXT NOT NULL REFERENCES recall_entries(id) ON DELETE CASCADE,
  session_id        TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  start_ordinal     INTEGER NOT NULL CHECK (start_ordinal >= 0),
  end_ordinal       INTEGER NOT NULL,
  start_source_uuid TEXT,
  end_source_uuid   TEXT,
  tool_use_id       TEXT,
  snippet           TEXT,
  content_digest    TEXT,
  CHECK (end_ordinal >= start_ordinal)
);
CREATE INDEX recall_evidence_entry ON recall_evidence(entry_id);
CREATE INDEX recall_evidence_session ON recall_evidence(session_id);

-- Evidence belongs to its entry's source session.
CREATE TRIGGER recall_evidence_same_session BEFORE INSERT ON recall_evidence
WHEN NEW.session_id IS NOT (SELECT source_session_id FROM recall_entries WHERE id = NEW.entry_id)
BEGIN
  SELECT RAISE(ABORT, 'evidence session_id must equal the entry''s source_session_id');
END;

-- One monotonic counter of the embedded corpus: it moves only when embedded text changes.
CREATE TABLE recall_corpus_state (
  id       INTEGER PRIMARY KEY CHECK (id = 1),
  revision INTEGER NOT NULL
);
INSERT INTO recall_corpus_state (id, revision) VALUES (1, 0);

-- entry id -> corpus revision of its last embedded-text change; drives incremental vector builds.
CREATE TABLE recall_embedding_changes (
  entry_id TEXT PRIMARY KEY,
  revision INTEGER NOT NULL
);

-- Moves on every entry or evidence mutation: invalidates pagination cursors, drives lexical sync.
CREATE TABLE recall_query_state (
  id       INTEGER PRIMARY KEY CHECK (id = 1),
  revision INTEGER NOT NULL
);
INSERT INTO recall_query_state (id, revision) VALUES (1, 0);

-- entry id -> query-state revision of its last mutation (entry or evidence); drives lexical index sync.
CREATE TABLE recall_entry_changes (
  entry_id TEXT PRIMARY KEY,
  revision INTEGER NOT NULL
);

CREATE TRIGGER recall_entries_corpus_insert AFTER INSERT ON recall_entries
WHEN NEW.status = 'accepted'
BEGIN
  UPDATE recall_corpus_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO recall_embedding_changes (entry_id, revision)
    VALUES (NEW.id, (SELECT revision FROM recall_corpus_state WHERE id = 1))
    ON CONFLICT (entry_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER recall_entries_corpus_delete AFTER DELETE ON recall_entries
WHEN OLD.status = 'accepted'
BEGIN
  UPDATE recall_corpus_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO recall_embedding_changes (entry_id, revision)
    VALUES (OLD.id, (SELECT revision FROM recall_corpus_state WHERE id = 1))
    ON CONFLICT (entry_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER recall_entries_corpus_update AFTER UPDATE ON recall_entries
WHEN (OLD.status = 'accepted') <> (NEW.status = 'accepted')
  OR (NEW.status = 'accepted' AND (OLD.title IS NOT NEW.title OR OLD.body IS NOT NEW.body
                                   OR OLD.trigger IS NOT NEW.trigger OR OLD.id IS NOT NEW.id))
BEGIN
  UPDATE recall_corpus_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO recall_embedding_changes (entry_id, revision)
    VALUES (NEW.id, (SELECT revision FROM recall_corpus_state WHERE id = 1))
    ON CONFLICT (entry_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER recall_entries_query_insert AFTER INSERT ON recall_entries
BEGIN
  UPDATE recall_query_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO recall_entry_changes (entry_id, revision)
    VALUES (NEW.id, (SELECT revision FROM recall_query_state WHERE id = 1))
    ON CONFLICT (entry_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER recall_entries_query_update AFTER UPDATE ON recall_entries
BEGIN
  UPDATE recall_query_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO recall_entry_changes (entry_id, revision)
    VALUES (NEW.id, (SELECT revision FROM recall_query_state WHERE id = 1))
    ON CONFLICT (entry_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER recall_entries_query_delete AFTER DELETE ON recall_entries
BEGIN
  UPDATE recall_query_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO recall_entry_changes (entry_id, revision)
    VALUES (OLD.id, (SELECT revision FROM recall_query_state WHERE id = 1))
    ON CONFLICT (entry_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER recall_evidence_query_insert AFTER INSERT ON recall_evidence
BEGIN
  UPDATE recall_query_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO recall_entry_changes (entry_id, revision)
    VALUES (NEW.entry_id, (SELECT revision FROM recall_query_state WHERE id = 1))
    ON CONFLICT (entry_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER recall_evidence_query_update AFTER UPDATE ON recall_evidence
BEGIN
  UPDATE recall_query_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO recall_entry_changes (entry_id, revision)
    VALUES (NEW.entry_id, (SELECT revision FROM recall_query_state WHERE id = 1))
    ON CONFLICT (entry_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER recall_evidence_query_delete AFTER DELETE ON recall_evidence
BEGIN
  UPDATE recall_query_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO recall_entry_changes (entry_id, revision)
    VALUES (OLD.entry_id, (SELECT revision FROM recall_query_state WHERE id = 1))
    ON CONFLICT (entry_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TABLE vector_generations (
  id                        INTEGER PRIMARY KEY,
  store                     TEXT NOT NULL CHECK (store IN ('recall', 'sessions')),
  fingerprint               TEXT NOT NULL,
  model                     TEXT NOT NULL,
  dimensions                INTEGER NOT NULL CHECK (dimensions > 0),
  state                     TEXT NOT NULL CHECK (state IN ('building', 'active', 'retired')),
  index_path                TEXT NOT NULL,
  built_through_revision    INTEGER NOT NULL DEFAULT 0,
  completed_corpus_revision INTEGER,
  created_at                TEXT NOT NULL,
  updated_at                TEXT NOT NULL,
  activated_at              TEXT,
  retired_at                TEXT
);
CREATE UNIQUE INDEX vector_generations_one_active ON vector_generations(store) WHERE state = 'active';
CREATE UNIQUE INDEX vector_generations_one_building ON vector_generations(store, fingerprint) WHERE state = 'building';

CREATE TABLE recall_query_events (
  id                   INTEGER PRIMARY KEY,
  created_at           TEXT NOT NULL,
  surface              TEXT NOT NULL CHECK (surface IN ('query', 'brief', 'hook', 'api')),
  query_text           TEXT NOT NULL,
  mode                 TEXT NOT NULL CHECK (mode IN ('lexical', 'vector', 'hybrid')),
  filters              TEXT NOT NULL DEFAULT '{}',
  result_count         INTEGER NOT NULL,
  packed_count         INTEGER,
  top_score            REAL,
  miss_reason          TEXT CHECK (miss_reason IS NULL OR miss_reason IN ('no_results', 'context_empty')),
  corpus_revision      INTEGER NOT NULL,
  query_state_revision INTEGER NOT NULL
);

CREATE TABLE recall_query_exposures (
  event_id INTEGER NOT NULL REFERENCES recall_query_events(id) ON DELETE CASCADE,
  rank     INTEGER NOT NULL CHECK (rank >= 1),
  entry_id TEXT NOT NULL,
  score    REAL NOT NULL,
  packed   INTEGER NOT NULL DEFAULT 0 CHECK (packed IN (0, 1)),
  PRIMARY KEY (event_id, rank)
);
CREATE INDEX recall_query_exposures_entry ON recall_query_exposures(entry_id);

-- The ledger is append-only.
CREATE TRIGGER recall_query_events_no_update BEFORE UPDATE ON recall_query_events
BEGIN SELECT RAISE(ABORT, 'the query ledger is append-only'); END;
CREATE TRIGGER recall_query_exposures_no_update BEFORE UPDATE ON recall_query_exposures
BEGIN SELECT RAISE(ABORT, 'the query ledger is append-only'); END;
