-- Issue 17: searches of the session archive (recall search, query --store sessions, the daemon's HTTP API, the MCP
-- tool sessions_search) go to the query ledger like entry queries. An event says which store it searched; for a
-- sessions event corpus_revision and query_state_revision both hold the archive revision the answer reflected (the
-- revision of what was searched, as they do for entries). elapsed_ms is how long the search took in the service (null
-- on rows written before this, and on entry events, which do not time themselves yet).
-- Passages are not entries: what a passage search showed goes to its own exposure table (ids, never text), so the
-- entry statistics (most exposed entry) stay about entries. Append-only like the rest of the ledger.
ALTER TABLE recall_query_events ADD COLUMN store TEXT NOT NULL DEFAULT 'recall' CHECK (store IN ('recall', 'sessions'));
ALTER TABLE recall_query_events ADD COLUMN elapsed_ms INTEGER CHECK (elapsed_ms IS NULL OR elapsed_ms >= 0);

CREATE TABLE recall_passage_exposures (
  event_id   INTEGER NOT NULL REFERENCES recall_query_events(id) ON DELETE CASCADE,
  rank       INTEGER NOT NULL CHECK (rank >= 1),
  passage_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  score      REAL NOT NULL,
  PRIMARY KEY (event_id, rank)
);
CREATE INDEX recall_passage_exposures_session ON recall_passage_exposures(session_id);

CREATE TRIGGER recall_passage_exposures_no_update BEFORE UPDATE ON recall_passage_exposures
BEGIN SELECT RAISE(ABORT, 'the query ledger is append-only'); END;
