-- The ledger's surfaces grow: the daemon's HTTP API ('http') and the MCP server ('mcp') record their queries too.
-- SQLite cannot change a CHECK in place, so both ledger tables are rebuilt (the exposures first, so that dropping
-- the old events cascades into nothing) and renamed back; every row keeps its id.
CREATE TABLE recall_query_events_v4 (
  id                   INTEGER PRIMARY KEY,
  created_at           TEXT NOT NULL,
  surface              TEXT NOT NULL CHECK (surface IN ('query', 'brief', 'hook', 'api', 'http', 'mcp')),
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
INSERT INTO recall_query_events_v4 SELECT * FROM recall_query_events;

CREATE TABLE recall_query_exposures_v4 (
  event_id INTEGER NOT NULL REFERENCES recall_query_events_v4(id) ON DELETE CASCADE,
  rank     INTEGER NOT NULL CHECK (rank >= 1),
  entry_id TEXT NOT NULL,
  score    REAL NOT NULL,
  packed   INTEGER NOT NULL DEFAULT 0 CHECK (packed IN (0, 1)),
  PRIMARY KEY (event_id, rank)
);
INSERT INTO recall_query_exposures_v4 SELECT * FROM recall_query_exposures;

DROP TABLE recall_query_exposures;
DROP TABLE recall_query_events;
ALTER TABLE recall_query_events_v4 RENAME TO recall_query_events;
ALTER TABLE recall_query_exposures_v4 RENAME TO recall_query_exposures;
CREATE INDEX recall_query_exposures_entry ON recall_query_exposures(entry_id);

CREATE TRIGGER recall_query_events_no_update BEFORE UPDATE ON recall_query_events
BEGIN SELECT RAISE(ABORT, 'the query ledger is append-only'); END;
CREATE TRIGGER recall_query_exposures_no_update BEFORE UPDATE ON recall_query_exposures
BEGIN SELECT RAISE(ABORT, 'the query ledger is append-only'); END;
