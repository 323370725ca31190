-- Where an entry came from beyond its session, as the reference tool records it: the episode (a task within a
-- session) and the run (an extraction or evaluation pass) that produced it. Optional, filterable, counted by stats.
-- Indexes for the lineage filters a script is most likely to use on a large store; the others are selective
-- enough through the project/session indexes or rare.
ALTER TABLE recall_entries ADD COLUMN source_episode_id TEXT;
ALTER TABLE recall_entries ADD COLUMN source_run_id TEXT;
CREATE INDEX recall_entries_extractor ON recall_entries(extractor_method);
CREATE INDEX recall_entries_run ON recall_entries(source_run_id);
