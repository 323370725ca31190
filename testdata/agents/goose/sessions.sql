-- Goose's sessions.db (1.10 and later; the columns sync reads, with the types Goose declares), built by the tests.
CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP);
INSERT INTO schema_version (version) VALUES (5);
CREATE TABLE sessions (id TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '',
  session_type TEXT NOT NULL DEFAULT 'user', working_dir TEXT NOT NULL, created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
  updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, extension_data TEXT DEFAULT '{}', total_tokens INTEGER,
  model_config_json TEXT, provider_name TEXT);
CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, message_id TEXT, session_id TEXT NOT NULL, role TEXT NOT NULL,
  content_json TEXT NOT NULL, created_timestamp INTEGER NOT NULL, timestamp TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
  tokens INTEGER, metadata_json TEXT);

INSERT INTO sessions (id, name, working_dir, created_at, updated_at, model_config_json, provider_name) VALUES
  ('20260905_1', 'integration tests', '/home/dana/src/ledgerd', '2026-09-05 10:00:00', '2026-09-05 10:05:00',
   '{"model_name":"claude-sonnet-4-5","context_limit":200000}', 'anthropic');
INSERT INTO messages (message_id, session_id, role, content_json, created_timestamp, metadata_json) VALUES
  ('m1', '20260905_1', 'user', '[{"type":"text","text":"How do we run the integration tests here? My token is ghp_FAKEfake0123456789abcdefghijklmnopqr"}]', 1788000060, '{"userVisible":true,"agentVisible":true}'),
  ('m2', '20260905_1', 'assistant', '[{"type":"text","text":"Let me check the Makefile."},{"type":"toolRequest","id":"toolu_01","toolCall":{"status":"success","value":{"name":"developer__shell","arguments":{"command":"make integration"}}}}]', 1788000120, '{"userVisible":true,"agentVisible":true}'),
  ('m3', '20260905_1', 'user', '[{"type":"toolResponse","id":"toolu_01","toolResult":{"status":"success","value":[{"type":"text","text":"PASS: 42 tests"}]}}]', 1788000180, '{"userVisible":true,"agentVisible":true}'),
  ('m4', '20260905_1', 'assistant', '[{"type":"text","text":"Run `make integration`; it needs docker running. Never run the integration suite against the production database, because it truncates every table."}]', 1788000240, '{"userVisible":true,"agentVisible":true}'),
  ('m5', '20260905_1', 'user', '[{"type":"text","text":"(summary for the model only)"}]', 1788000250, '{"userVisible":false,"agentVisible":true}');

INSERT INTO sessions (id, name, working_dir, created_at, updated_at) VALUES
  ('20260905_2', 'reconcile', '/home/dana/src/ledgerd', '2026-09-05 11:00:00', '2026-09-05 11:02:00');
INSERT INTO messages (message_id, session_id, role, content_json, created_timestamp, metadata_json) VALUES
  ('m6', '20260905_2', 'user', '[{"type":"text","text":"What does the ledger reconcile step do?"}]', 1788003610, NULL),
  ('m7', '20260905_2', 'assistant', 'not json at all', 1788003620, NULL),
  ('m8', '20260905_2', 'assistant', '[{"type":"text","text":"It matches bank entries to ledger lines by amount and date."}]', 1788003630, NULL);
