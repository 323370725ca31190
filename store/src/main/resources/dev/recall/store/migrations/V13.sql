-- Issue 12: query text has been redacted through the secret scanner before it is written to the ledger, but rows
-- written before that fix were not. The ledger owes them one redaction pass: a row here with no finished_at. The
-- store cannot run the scanner (it lives above it, in sessions), so the pass runs when the service opens the store
-- (QueryLedger.redactOwed), in one transaction that also finishes this row; until then the row stays owed. It is the
-- ledger's one sanctioned rewrite besides a secret backfill's, and it is recorded here (counts, never text).
CREATE TABLE recall_ledger_redactions (
  id            INTEGER PRIMARY KEY,
  requested_at  TEXT NOT NULL,
  finished_at   TEXT,
  rows_scanned  INTEGER,
  rows_redacted INTEGER
);
INSERT INTO recall_ledger_redactions (requested_at) VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
