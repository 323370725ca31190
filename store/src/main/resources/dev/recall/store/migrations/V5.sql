-- Secret backfills (issue 12). The archive is never rewritten, with one exception: `recall secrets scan --backfill`
-- re-scans it with the current rules and redacts what they now catch, in the stored messages, evidence snippets and
-- entry text. Every such change is recorded here (digests, never text), and the findings it made point at it.

CREATE TABLE secret_backfills (
  id                INTEGER PRIMARY KEY,
  rules_fingerprint TEXT NOT NULL,
  rule_count        INTEGER NOT NULL,
  started_at        TEXT NOT NULL,
  finished_at       TEXT,
  sessions_scanned  INTEGER NOT NULL DEFAULT 0,
  messages_scanned  INTEGER NOT NULL DEFAULT 0,
  messages_redacted INTEGER NOT NULL DEFAULT 0,
  findings          INTEGER NOT NULL DEFAULT 0,
  sessions_marked   INTEGER NOT NULL DEFAULT 0,
  entries_redacted  INTEGER NOT NULL DEFAULT 0,
  entries_revoked   INTEGER NOT NULL DEFAULT 0
);

-- One row per stored text a backfill rewrote: what (a message field, an evidence snippet, an entry field), where,
-- and the digests before and after.
CREATE TABLE secret_redactions (
  id              INTEGER PRIMARY KEY,
  backfill_id     INTEGER NOT NULL REFERENCES secret_backfills(id),
  target          TEXT NOT NULL CHECK (target IN ('message', 'evidence_snippet', 'evidence_anchor', 'entry')),
  session_id      TEXT,
  message_ordinal INTEGER,
  entry_id        TEXT,
  evidence_id     INTEGER,
  findings        INTEGER NOT NULL,
  old_digest      TEXT,
  new_digest      TEXT,
  created_at      TEXT NOT NULL
);
CREATE INDEX secret_redactions_backfill ON secret_redactions(backfill_id);

CREATE TRIGGER secret_redactions_no_update BEFORE UPDATE ON secret_redactions
BEGIN SELECT RAISE(ABORT, 'secret_redactions is append-only'); END;
CREATE TRIGGER secret_redactions_no_delete BEFORE DELETE ON secret_redactions
BEGIN SELECT RAISE(ABORT, 'secret_redactions is append-only'); END;

-- null: found when the message was archived; else the backfill that found it.
ALTER TABLE secret_findings ADD COLUMN backfill_id INTEGER REFERENCES secret_backfills(id);
CREATE INDEX secret_findings_rule ON secret_findings(rule);

-- 1 when the archive held a secret verbatim until a backfill redacted it: what was derived from the session before
-- then (entries, summaries, vectors) may carry it, so extraction skips the session.
ALTER TABLE sessions ADD COLUMN held_secrets INTEGER NOT NULL DEFAULT 0 CHECK (held_secrets IN (0, 1));
