-- Sessions from every agent recall has an adapter for (issue 18). Owned by the sessions module.

-- source_files named only claude-code and codex; the agent is now whichever adapter read the source. A source is a
-- file, or one session inside a file that holds many (SQLite stores, an aider history): '<path>#<session id>'.
CREATE TABLE source_files_v4 (
  path            TEXT PRIMARY KEY,
  agent           TEXT NOT NULL CHECK (length(agent) > 0),
  session_id      TEXT REFERENCES sessions(id) ON DELETE SET NULL,
  size            INTEGER NOT NULL CHECK (size >= 0),
  mtime_ms        INTEGER NOT NULL,
  byte_offset     INTEGER NOT NULL CHECK (byte_offset >= 0),
  head_length     INTEGER NOT NULL DEFAULT 0 CHECK (head_length >= 0),
  head_digest     TEXT,
  lines           INTEGER NOT NULL DEFAULT 0 CHECK (lines >= 0),
  parsed_messages INTEGER NOT NULL DEFAULT 0 CHECK (parsed_messages >= 0),
  malformed_lines INTEGER NOT NULL DEFAULT 0 CHECK (malformed_lines >= 0),
  rereads         INTEGER NOT NULL DEFAULT 0 CHECK (rereads >= 0),
  carry           TEXT,
  status          TEXT NOT NULL DEFAULT 'ok' CHECK (status IN ('ok', 'conflict')),
  note            TEXT,
  last_sync_at    TEXT NOT NULL
);
INSERT INTO source_files_v4 SELECT path, agent, session_id, size, mtime_ms, byte_offset, head_length, head_digest,
  lines, parsed_messages, malformed_lines, rereads, carry, status, note, last_sync_at FROM source_files;
DROP TABLE source_files;
ALTER TABLE source_files_v4 RENAME TO source_files;
CREATE INDEX source_files_session ON source_files(session_id);

-- The model a session ran on, where the agent records it (the last one seen when it changed mid-session).
ALTER TABLE sessions ADD COLUMN model TEXT;
CREATE INDEX sessions_agent ON sessions(agent, started_at);
