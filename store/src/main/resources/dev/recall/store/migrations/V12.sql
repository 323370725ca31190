-- Every call an agent makes through the MCP server (and every prompt-time lookup of the UserPromptSubmit hook) is
-- one row here, failures included: which tool, whether it answered, how many results, how long it took, and the
-- query event it made when it searched (recall_query_events holds the text, the filters and the exposures; a get, a
-- list or a proposal is not a query and leaves query_event_id null). Append-only, like the query ledger.
CREATE TABLE recall_tool_calls (
  id             INTEGER PRIMARY KEY,
  created_at     TEXT NOT NULL,
  surface        TEXT NOT NULL CHECK (surface IN ('mcp', 'hook')),
  tool           TEXT NOT NULL,
  ok             INTEGER NOT NULL CHECK (ok IN (0, 1)),
  error_kind     TEXT,
  result_count   INTEGER,
  query_event_id INTEGER REFERENCES recall_query_events(id),
  elapsed_ms     INTEGER NOT NULL CHECK (elapsed_ms >= 0)
);
CREATE INDEX recall_tool_calls_tool ON recall_tool_calls(tool);

CREATE TRIGGER recall_tool_calls_no_update BEFORE UPDATE ON recall_tool_calls
BEGIN SELECT RAISE(ABORT, 'the tool call ledger is append-only'); END;
CREATE TRIGGER recall_tool_calls_no_delete BEFORE DELETE ON recall_tool_calls
BEGIN SELECT RAISE(ABORT, 'the tool call ledger is append-only'); END;
