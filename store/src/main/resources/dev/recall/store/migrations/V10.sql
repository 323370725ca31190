-- Generated insights: a longer report over an explicit range of sessions, kept with everything that made it (the
-- range and filters, the template and focus, the sessions read, the generator and a digest of the exact prompt),
-- so a report can be listed, exported and judged later. Deleting one deletes only the report.
CREATE TABLE insights (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at    TEXT NOT NULL,
  range_from    TEXT NOT NULL,
  range_to      TEXT NOT NULL,
  project       TEXT,
  agent         TEXT,
  template      TEXT NOT NULL,
  focus         TEXT,
  session_ids   TEXT NOT NULL,  -- JSON array, in the order they were read
  generator     TEXT NOT NULL,  -- endpoint or agent
  generator_id  TEXT NOT NULL,  -- the model at the endpoint's host, or the agent's binary
  prompt_sha256 TEXT NOT NULL,
  report        TEXT NOT NULL
);
CREATE INDEX insights_created ON insights(created_at);
