-- Issue 14: the entries' statistics (`recall stats`, GET /api/v1/recall/stats) read every row of recall_entries, over
-- 30 s at 1M entries. The counts are now kept beside the writes, by triggers, in one small table: for each attribute
-- EntryStats counts, how many entries hold each value. The expressions below are EntryStats.ATTRIBUTES, in its order;
-- EntryCountsTest checks that the kept counts equal a scan after every kind of write.
--
-- The migration reads no entry (it must stay quick on a 1.4 GB store): the triggers count every change from here
-- on, starting from zero, and the counts are complete once the entries already present are added. That baseline is
-- computed by the first full count (EntryStats, or the daemon in the background at start) from one consistent
-- snapshot: the scan's counts minus the changes counted since this migration, then added in one transaction.
-- Until then a full count scans, as before. A store without entries is complete at once.
CREATE TABLE recall_entry_counts (
  attribute TEXT NOT NULL,
  value     TEXT NOT NULL,
  n         INTEGER NOT NULL,
  PRIMARY KEY (attribute, value)
) WITHOUT ROWID;

CREATE TABLE recall_entry_counts_state (
  id       INTEGER PRIMARY KEY CHECK (id = 1),
  complete INTEGER NOT NULL CHECK (complete IN (0, 1))
);
INSERT INTO recall_entry_counts_state (id, complete) VALUES (1, NOT EXISTS (SELECT 1 FROM recall_entries));

-- One row per entry and attribute; the update and delete triggers read one entry's rows (WHERE id = ..., a key
-- lookup per branch).
CREATE VIEW recall_entry_attributes AS
  SELECT id, 'type' AS attribute, type AS value FROM recall_entries
  UNION ALL SELECT id, 'scope', scope FROM recall_entries
  UNION ALL SELECT id, 'status', status FROM recall_entries
  UNION ALL SELECT id, 'review_state', CASE WHEN review_state = '' THEN 'unreviewed_auto' ELSE review_state END
    FROM recall_entries
  UNION ALL SELECT id, 'project', coalesce(nullif(project, ''), '(none)') FROM recall_entries
  UNION ALL SELECT id, 'agent', coalesce(nullif(agent, ''), '(none)') FROM recall_entries
  UNION ALL SELECT id, 'trusted', CASE WHEN status = 'accepted' AND review_state = 'human_reviewed'
    AND transferable = 1 AND provenance_ok = 1 THEN 'trusted' ELSE 'untrusted' END FROM recall_entries
  UNION ALL SELECT id, 'lifecycle', CASE WHEN superseded_by_entry_id IS NOT NULL THEN 'superseded'
    WHEN status = 'archived' THEN 'archived' WHEN supersedes_entry_id IS NOT NULL THEN 'replacement'
    ELSE 'current' END FROM recall_entries
  UNION ALL SELECT id, 'cwd', coalesce(nullif(cwd, ''), '(none)') FROM recall_entries
  UNION ALL SELECT id, 'git_branch', coalesce(nullif(git_branch, ''), '(none)') FROM recall_entries
  UNION ALL SELECT id, 'extractor', coalesce(nullif(extractor_method, ''), '(none)') FROM recall_entries
  UNION ALL SELECT id, 'source_session', coalesce(nullif(source_session_id, ''), '(none)') FROM recall_entries
  UNION ALL SELECT id, 'source_episode', coalesce(nullif(source_episode_id, ''), '(none)') FROM recall_entries
  UNION ALL SELECT id, 'source_run', coalesce(nullif(source_run_id, ''), '(none)') FROM recall_entries
  UNION ALL SELECT id, 'transferability', CASE WHEN transferable = 1 THEN 'transferable' ELSE 'not_transferable' END
    FROM recall_entries
  UNION ALL SELECT id, 'provenance', CASE WHEN provenance_ok = 1 THEN 'provenance_ok' ELSE 'provenance_revoked' END
    FROM recall_entries
  UNION ALL SELECT id, 'evidence', CASE WHEN EXISTS (SELECT 1 FROM recall_evidence ev
    WHERE ev.entry_id = recall_entries.id) THEN 'with_evidence' ELSE 'without_evidence' END FROM recall_entries;

-- An insert (the bulk of the writes: imports, extraction) counts the new row's own values, the same expressions as
-- the view's, without reading it back (a third of the cost of the view's 17 key lookups per entry).
CREATE TRIGGER recall_entries_counts_insert AFTER INSERT ON recall_entries
BEGIN
  INSERT INTO recall_entry_counts (attribute, value, n)
    SELECT attribute, value, 1 FROM (
      SELECT 'type' AS attribute, NEW.type AS value
      UNION ALL SELECT 'scope', NEW.scope
      UNION ALL SELECT 'status', NEW.status
      UNION ALL SELECT 'review_state', CASE WHEN NEW.review_state = '' THEN 'unreviewed_auto' ELSE NEW.review_state END
      UNION ALL SELECT 'project', coalesce(nullif(NEW.project, ''), '(none)')
      UNION ALL SELECT 'agent', coalesce(nullif(NEW.agent, ''), '(none)')
      UNION ALL SELECT 'trusted', CASE WHEN NEW.status = 'accepted' AND NEW.review_state = 'human_reviewed'
        AND NEW.transferable = 1 AND NEW.provenance_ok = 1 THEN 'trusted' ELSE 'untrusted' END
      UNION ALL SELECT 'lifecycle', CASE WHEN NEW.superseded_by_entry_id IS NOT NULL THEN 'superseded'
        WHEN NEW.status = 'archived' THEN 'archived' WHEN NEW.supersedes_entry_id IS NOT NULL THEN 'replacement'
        ELSE 'current' END
      UNION ALL SELECT 'cwd', coalesce(nullif(NEW.cwd, ''), '(none)')
      UNION ALL SELECT 'git_branch', coalesce(nullif(NEW.git_branch, ''), '(none)')
      UNION ALL SELECT 'extractor', coalesce(nullif(NEW.extractor_method, ''), '(none)')
      UNION ALL SELECT 'source_session', coalesce(nullif(NEW.source_session_id, ''), '(none)')
      UNION ALL SELECT 'source_episode', coalesce(nullif(NEW.source_episode_id, ''), '(none)')
      UNION ALL SELECT 'source_run', coalesce(nullif(NEW.source_run_id, ''), '(none)')
      UNION ALL SELECT 'transferability', CASE WHEN NEW.transferable = 1 THEN 'transferable' ELSE 'not_transferable' END
      UNION ALL SELECT 'provenance', CASE WHEN NEW.provenance_ok = 1 THEN 'provenance_ok' ELSE 'provenance_revoked' END
      UNION ALL SELECT 'evidence', CASE WHEN EXISTS (SELECT 1 FROM recall_evidence ev WHERE ev.entry_id = NEW.id)
        THEN 'with_evidence' ELSE 'without_evidence' END)
    WHERE true
    ON CONFLICT (attribute, value) DO UPDATE SET n = n + excluded.n;
END;

-- Before the delete: the row and its evidence are still there (the evidence's cascade runs after the row is gone,
-- and its own trigger then finds no entry to move).
CREATE TRIGGER recall_entries_counts_delete BEFORE DELETE ON recall_entries
BEGIN
  INSERT INTO recall_entry_counts (attribute, value, n)
    SELECT attribute, value, -1 FROM recall_entry_attributes WHERE id = OLD.id
    ON CONFLICT (attribute, value) DO UPDATE SET n = n + excluded.n;
END;

-- An update of a counted column takes the row's old values off before it and adds its new ones after it (also when
-- a foreign key's ON DELETE SET NULL clears a supersession link).
CREATE TRIGGER recall_entries_counts_update_old BEFORE UPDATE OF id, type, scope, status, review_state, project,
  agent, transferable, provenance_ok, superseded_by_entry_id, supersedes_entry_id, cwd, git_branch, extractor_method,
  source_session_id, source_episode_id, source_run_id ON recall_entries
BEGIN
  INSERT INTO recall_entry_counts (attribute, value, n)
    SELECT attribute, value, -1 FROM recall_entry_attributes WHERE id = OLD.id
    ON CONFLICT (attribute, value) DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER recall_entries_counts_update_new AFTER UPDATE OF id, type, scope, status, review_state, project,
  agent, transferable, provenance_ok, superseded_by_entry_id, supersedes_entry_id, cwd, git_branch, extractor_method,
  source_session_id, source_episode_id, source_run_id ON recall_entries
BEGIN
  INSERT INTO recall_entry_counts (attribute, value, n)
    SELECT attribute, value, 1 FROM recall_entry_attributes WHERE id = NEW.id
    ON CONFLICT (attribute, value) DO UPDATE SET n = n + excluded.n;
END;

-- An entry's first evidence moves it to with_evidence; its last, removed while the entry stays, moves it back.
CREATE TRIGGER recall_evidence_counts_insert AFTER INSERT ON recall_evidence
WHEN NOT EXISTS (SELECT 1 FROM recall_evidence WHERE entry_id = NEW.entry_id AND id <> NEW.id)
BEGIN
  INSERT INTO recall_entry_counts (attribute, value, n)
    VALUES ('evidence', 'with_evidence', 1), ('evidence', 'without_evidence', -1)
    ON CONFLICT (attribute, value) DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER recall_evidence_counts_delete AFTER DELETE ON recall_evidence
WHEN EXISTS (SELECT 1 FROM recall_entries WHERE id = OLD.entry_id)
  AND NOT EXISTS (SELECT 1 FROM recall_evidence WHERE entry_id = OLD.entry_id)
BEGIN
  INSERT INTO recall_entry_counts (attribute, value, n)
    VALUES ('evidence', 'with_evidence', -1), ('evidence', 'without_evidence', 1)
    ON CONFLICT (attribute, value) DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER recall_evidence_counts_move_from AFTER UPDATE OF entry_id ON recall_evidence
WHEN OLD.entry_id IS NOT NEW.entry_id AND EXISTS (SELECT 1 FROM recall_entries WHERE id = OLD.entry_id)
  AND NOT EXISTS (SELECT 1 FROM recall_evidence WHERE entry_id = OLD.entry_id)
BEGIN
  INSERT INTO recall_entry_counts (attribute, value, n)
    VALUES ('evidence', 'with_evidence', -1), ('evidence', 'without_evidence', 1)
    ON CONFLICT (attribute, value) DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER recall_evidence_counts_move_to AFTER UPDATE OF entry_id ON recall_evidence
WHEN OLD.entry_id IS NOT NEW.entry_id
  AND NOT EXISTS (SELECT 1 FROM recall_evidence WHERE entry_id = NEW.entry_id AND id <> NEW.id)
BEGIN
  INSERT INTO recall_entry_counts (attribute, value, n)
    VALUES ('evidence', 'with_evidence', 1), ('evidence', 'without_evidence', -1)
    ON CONFLICT (attribute, value) DO UPDATE SET n = n + excluded.n;
END;
