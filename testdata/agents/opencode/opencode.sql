-- OpenCode's opencode.db (the tables sync reads, with the columns OpenCode writes), built by the tests.
CREATE TABLE project (id TEXT PRIMARY KEY, worktree TEXT NOT NULL, vcs TEXT, time_created INTEGER, time_updated INTEGER);
CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, parent_id TEXT, slug TEXT, directory TEXT NOT NULL,
  title TEXT NOT NULL, version TEXT, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL);
CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL,
  time_updated INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL,
  time_updated INTEGER NOT NULL, data TEXT NOT NULL);

INSERT INTO project VALUES ('prj_1', '/home/dana/src/ledgerd', 'git', 1788000000000, 1788000000000);

-- a good session: a question holding a token, a tool call with its result, an answer
INSERT INTO session VALUES ('ses_good', 'prj_1', NULL, 'integration', '/home/dana/src/ledgerd', 'Integration tests',
  '1.0.0', 1788000000000, 1788000300000);
INSERT INTO message VALUES ('msg_01', 'ses_good', 1788000060000, 1788000060000,
  '{"role":"user","time":{"created":1788000060000},"agent":"build","model":{"providerID":"anthropic","modelID":"claude-sonnet-4-5"}}');
INSERT INTO part VALUES ('prt_01', 'msg_01', 'ses_good', 1788000060000, 1788000060000,
  '{"type":"text","text":"How do we run the integration tests here? My token is ghp_FAKEfake0123456789abcdefghijklmnopqr"}');
INSERT INTO message VALUES ('msg_02', 'ses_good', 1788000120000, 1788000180000,
  '{"role":"assistant","modelID":"claude-sonnet-4-5","providerID":"anthropic","path":{"cwd":"/home/dana/src/ledgerd","root":"/home/dana/src/ledgerd"}}');
INSERT INTO part VALUES ('prt_02', 'msg_02', 'ses_good', 1788000120000, 1788000120000, '{"type":"step-start"}');
INSERT INTO part VALUES ('prt_03', 'msg_02', 'ses_good', 1788000121000, 1788000121000,
  '{"type":"reasoning","text":"check the Makefile"}');
INSERT INTO part VALUES ('prt_04', 'msg_02', 'ses_good', 1788000122000, 1788000122000,
  '{"type":"text","text":"Let me check the Makefile."}');
INSERT INTO part VALUES ('prt_05', 'msg_02', 'ses_good', 1788000123000, 1788000180000,
  '{"type":"tool","tool":"bash","callID":"toolu_01","state":{"status":"completed","input":{"command":"make integration","description":"run tests"},"output":"PASS: 42 tests","title":"make integration"}}');
INSERT INTO part VALUES ('prt_06', 'msg_02', 'ses_good', 1788000181000, 1788000181000, '{"type":"step-finish","reason":"tool-calls"}');
INSERT INTO message VALUES ('msg_03', 'ses_good', 1788000240000, 1788000240000,
  '{"role":"assistant","modelID":"claude-sonnet-4-5","providerID":"anthropic"}');
INSERT INTO part VALUES ('prt_07', 'msg_03', 'ses_good', 1788000240000, 1788000240000,
  '{"type":"text","text":"Run `make integration`; it needs docker running. Never run the integration suite against the production database, because it truncates every table."}');

-- a session with one message whose data is not JSON: counted as malformed, the rest read
INSERT INTO session VALUES ('ses_bad', 'prj_1', NULL, 'reconcile', '/home/dana/src/ledgerd', 'Reconcile', '1.0.0',
  1788003600000, 1788003700000);
INSERT INTO message VALUES ('msg_11', 'ses_bad', 1788003610000, 1788003610000, '{"role":"user"}');
INSERT INTO part VALUES ('prt_11', 'msg_11', 'ses_bad', 1788003610000, 1788003610000,
  '{"type":"text","text":"What does the ledger reconcile step do?"}');
INSERT INTO message VALUES ('msg_12', 'ses_bad', 1788003620000, 1788003620000, '{"role":"assist');
INSERT INTO message VALUES ('msg_13', 'ses_bad', 1788003630000, 1788003630000, '{"role":"assistant"}');
INSERT INTO part VALUES ('prt_13', 'msg_13', 'ses_bad', 1788003630000, 1788003630000,
  '{"type":"text","text":"It matches bank entries to ledger lines by amount and date."}');
