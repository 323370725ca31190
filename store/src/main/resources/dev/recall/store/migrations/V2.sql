-- Session sync state. Owned by the sessions module.

-- One row per transcript file recall has read. Sync is incremental: a file whose size and mtime are unchanged is
-- skipped; one that grew is read from byte_offset (the end of the last complete line); one that shrank, whose first
-- head_length bytes no longer hash to head_digest, or whose mtime moved without growth is re-read from the start.
CREATE TABLE source_files (
  path            TEXT PRIMARY KEY,
  agent           TEXT NOT NULL CHECK (agent IN ('claude-code', 'codex')),
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
  -- parser state carried between incremental reads (pending tool calls, duplicate pairing); never holds a secret
  carry           TEXT,
  status          TEXT NOT NULL DEFAULT 'ok' CHECK (status IN ('ok', 'conflict')),
  note            TEXT,
  last_sync_at    TEXT NOT NULL
);
CREATE INDEX source_files_session ON source_files(session_id);

-- Append-only record of every re-read of an archived transcript: the hook that provenance re-verification follows.
-- outcome: identical (stored messages confirmed), appended (confirmed, then new messages), truncated (the file now
-- holds fewer messages; nothing stored was removed), diverged (content at first_divergent_ordinal differs; the
-- stored session was left untouched and the file's content continues in fork_session_id).
CREATE TABLE session_rereads (
  id                      INTEGER PRIMARY KEY,
  session_id              TEXT NOT NULL,
  source_path             TEXT NOT NULL,
  reason                  TEXT NOT NULL CHECK (reason IN ('shrunk', 'head_changed', 'rewritten', 'regrown')),
  outcome                 TEXT NOT NULL CHECK (outcome IN ('identical', 'appended', 'truncated', 'diverged')),
  first_divergent_ordinal INTEGER,
  stored_digest           TEXT,
  found_digest            TEXT,
  fork_session_id         TEXT,
  transcript_revision     INTEGER NOT NULL,
  detected_at             TEXT NOT NULL
);
CREATE INDEX session_rereads_session ON session_rereads(session_id);

CREATE TRIGGER session_rereads_no_update BEFORE UPDATE ON session_rereads
BEGIN SELECT RAISE(ABORT, 'session_rereads is append-only'); END;

-- How far `recall capture` has copied each session into a history.md (keyed by the file's resolved path).
CREATE TABLE history_captures (
  history_path  TEXT NOT NULL,
  session_id    TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  last_ordinal  INTEGER NOT NULL,
  updated_at    TEXT NOT NULL,
  PRIMARY KEY (history_path, session_id)
);
