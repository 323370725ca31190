-- The store's identity: written into every vector index commit, so an index copied in from another store (or a
-- data dir restored over another) is recognised as foreign instead of answering for this one.
CREATE TABLE recall_store_identity (
  id       INTEGER PRIMARY KEY CHECK (id = 1),
  store_id TEXT NOT NULL
);
INSERT INTO recall_store_identity (id, store_id) VALUES (1, lower(hex(randomblob(16))));

-- How many vectors a completed generation holds: an index with another count does not answer for it.
ALTER TABLE vector_generations ADD COLUMN vector_count INTEGER;
