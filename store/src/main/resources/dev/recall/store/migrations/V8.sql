-- The session archive's own revision counter and change journal, kept by triggers like the entries' counters.
-- The passage index (BM25 over transcripts) applies archive_changes since the revision in its last commit, and
-- a vector generation of store 'sessions' is stamped with the archive revision it reflects, so vector and hybrid
-- session search fail closed when the archive moved: a message added, changed or removed, a transcript re-read,
-- a session trashed or marked automated, or a session attribute that passages are filtered by changed.

CREATE TABLE archive_state (
  id       INTEGER PRIMARY KEY CHECK (id = 1),
  revision INTEGER NOT NULL
);
INSERT INTO archive_state (id, revision) VALUES (1, 0);

-- session id -> archive revision of its last change.
CREATE TABLE archive_changes (
  session_id TEXT PRIMARY KEY,
  revision   INTEGER NOT NULL
);
CREATE INDEX archive_changes_revision ON archive_changes(revision);

CREATE TRIGGER archive_message_insert AFTER INSERT ON messages
BEGIN
  UPDATE archive_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO archive_changes (session_id, revision)
    VALUES (NEW.session_id, (SELECT revision FROM archive_state WHERE id = 1))
    ON CONFLICT (session_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER archive_message_update AFTER UPDATE ON messages
BEGIN
  UPDATE archive_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO archive_changes (session_id, revision)
    VALUES (NEW.session_id, (SELECT revision FROM archive_state WHERE id = 1))
    ON CONFLICT (session_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER archive_message_delete AFTER DELETE ON messages
BEGIN
  UPDATE archive_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO archive_changes (session_id, revision)
    VALUES (OLD.session_id, (SELECT revision FROM archive_state WHERE id = 1))
    ON CONFLICT (session_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER archive_session_update AFTER UPDATE ON sessions
WHEN OLD.trashed IS NOT NEW.trashed OR OLD.automated IS NOT NEW.automated
  OR OLD.transcript_revision IS NOT NEW.transcript_revision OR OLD.project IS NOT NEW.project
  OR OLD.cwd IS NOT NEW.cwd OR OLD.git_branch IS NOT NEW.git_branch OR OLD.agent IS NOT NEW.agent
  OR OLD.started_at IS NOT NEW.started_at
BEGIN
  UPDATE archive_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO archive_changes (session_id, revision)
    VALUES (NEW.id, (SELECT revision FROM archive_state WHERE id = 1))
    ON CONFLICT (session_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER archive_session_delete AFTER DELETE ON sessions
BEGIN
  UPDATE archive_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO archive_changes (session_id, revision)
    VALUES (OLD.id, (SELECT revision FROM archive_state WHERE id = 1))
    ON CONFLICT (session_id) DO UPDATE SET revision = excluded.revision;
END;

CREATE TRIGGER archive_session_reread AFTER INSERT ON session_rereads
BEGIN
  UPDATE archive_state SET revision = revision + 1 WHERE id = 1;
  INSERT INTO archive_changes (session_id, revision)
    VALUES (NEW.session_id, (SELECT revision FROM archive_state WHERE id = 1))
    ON CONFLICT (session_id) DO UPDATE SET revision = excluded.revision;
END;

-- Sessions already archived before this migration are all pending for the first passage index build.
UPDATE archive_state SET revision = (SELECT count(*) FROM sessions) WHERE id = 1;
INSERT INTO archive_changes (session_id, revision)
  SELECT id, row_number() OVER (ORDER BY id) FROM sessions;

CREATE INDEX sessions_started ON sessions(coalesce(started_at, created_at));
