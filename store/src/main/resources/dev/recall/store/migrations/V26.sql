-- Issue 14: a read command handed over to the daemon is recorded there; when the daemon dies after that record but
-- before its answer arrives, the client runs the command again in-process, which recorded the query a second time.
-- The client now names each invocation (a random id sent with the handover and kept by the in-process run, and by
-- its HTTP request when a live daemon answers that); an event carries the id, and a second event with an id the
-- ledger holds is not added (QueryLedger answers with the first event's id). Null on rows written before this, and
-- on events of no identified invocation (HTTP clients that send no X-Recall-Request-Id, MCP, hooks).
ALTER TABLE recall_query_events ADD COLUMN request_id TEXT CHECK (request_id IS NULL OR length(request_id) BETWEEN 1 AND 128);
CREATE UNIQUE INDEX recall_query_events_request ON recall_query_events(request_id) WHERE request_id IS NOT NULL;
