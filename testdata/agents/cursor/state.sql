-- Cursor's globalStorage/state.vscdb: two key-value tables; conversations and their bubbles are JSON values.
CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB);
CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB);
INSERT INTO ItemTable VALUES ('cursorAuth/cachedSignUpType', 'Auth_0');

-- a good agent conversation: headers in composerData, one bubble per message
INSERT INTO cursorDiskKV VALUES ('composerData:c0000001', '{"_v":10,"composerId":"c0000001","name":"Integration tests","createdAt":1788000060000,"lastUpdatedAt":1788000240000,"unifiedMode":"agent","modelConfig":{"modelName":"claude-4.5-sonnet","maxMode":false},"createdOnBranch":"fix/flaky-recon","fullConversationHeadersOnly":[{"bubbleId":"b01","type":1},{"bubbleId":"b02","type":2},{"bubbleId":"b03","type":2}],"conversationMap":{}}');
INSERT INTO cursorDiskKV VALUES ('bubbleId:c0000001:b01', '{"_v":3,"type":1,"bubbleId":"b01","text":"How do we run the integration tests here? My token is ghp_FAKEfake0123456789abcdefghijklmnopqr","createdAt":"2026-09-05T10:01:00.000Z","modelInfo":{"modelName":"claude-4.5-sonnet"}}');
INSERT INTO cursorDiskKV VALUES ('bubbleId:c0000001:b02', '{"_v":3,"type":2,"bubbleId":"b02","text":"Let me check the Makefile.","createdAt":"2026-09-05T10:02:00.000Z","thinking":{"text":"check the Makefile"},"toolFormerData":{"tool":15,"toolCallId":"toolu_01","status":"completed","name":"run_terminal_cmd","rawArgs":"{\"command\":\"make integration\",\"is_background\":false}","result":"{\"output\":\"PASS: 42 tests\",\"exitCode\":0}"}}');
INSERT INTO cursorDiskKV VALUES ('bubbleId:c0000001:b03', '{"_v":3,"type":2,"bubbleId":"b03","text":"Run `make integration`; it needs docker running. Never run the integration suite against the production database, because it truncates every table.","createdAt":"2026-09-05T10:04:00.000Z"}');

-- a conversation with one bubble that is not JSON: counted as malformed, the rest read
INSERT INTO cursorDiskKV VALUES ('composerData:c0000002', '{"_v":10,"composerId":"c0000002","createdAt":1788003600000,"lastUpdatedAt":1788003700000,"fullConversationHeadersOnly":[{"bubbleId":"b11","type":1},{"bubbleId":"b12","type":2},{"bubbleId":"b13","type":2}]}');
INSERT INTO cursorDiskKV VALUES ('bubbleId:c0000002:b11', '{"_v":3,"type":1,"bubbleId":"b11","text":"What does the ledger reconcile step do?","createdAt":"2026-09-05T11:00:10.000Z"}');
INSERT INTO cursorDiskKV VALUES ('bubbleId:c0000002:b12', '{"_v":3,"type":2,"bubbleId":"b12","te');
INSERT INTO cursorDiskKV VALUES ('bubbleId:c0000002:b13', '{"_v":3,"type":2,"bubbleId":"b13","text":"It matches bank entries to ledger lines by amount and date.","createdAt":"2026-09-05T11:00:30.000Z"}');

-- an older conversation kept inline
INSERT INTO cursorDiskKV VALUES ('composerData:c0000003', '{"composerId":"c0000003","createdAt":1767225600000,"conversation":[{"type":1,"bubbleId":"b21","text":"Which port does the API listen on?"},{"type":2,"bubbleId":"b22","text":"8080, set in config/api.toml."}]}');

-- a conversation that was opened and never used
INSERT INTO cursorDiskKV VALUES ('composerData:c0000004', '{"_v":10,"composerId":"c0000004","createdAt":1788007200000,"fullConversationHeadersOnly":[]}');
