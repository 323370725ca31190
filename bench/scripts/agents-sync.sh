#!/usr/bin/env bash
# Measures `recall sync` over whole-document and SQLite agents at size: a Cursor state.vscdb with N conversations of
# M bubbles and N Gemini CLI session files of M messages, synced once (everything new) and again (nothing changed),
# then again after one conversation grew. Usage: bench/scripts/agents-sync.sh [N] [M]   (defaults 500 40)
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-500}
M=${2:-40}
WORK=$(mktemp -d /tmp/recall-agents-sync.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
python3 - "$WORK" "$N" "$M" <<'PY'
import json, os, sqlite3, sys
work, n, m = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(f"{work}/cursor", exist_ok=True)
db = sqlite3.connect(f"{work}/cursor/state.vscdb")
db.execute("CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
db.execute("CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
for c in range(n):
    heads = []
    for b in range(m):
        bid = f"b{b}"
        heads.append({"bubbleId": bid, "type": 1 if b % 2 == 0 else 2})
        text = (f"question {c}.{b}: how does module {b} of service {c} handle retries and timeouts?" if b % 2 == 0
                else f"answer {c}.{b}: it retries three times with backoff, then fails the job; see retry.go line {b}.")
        db.execute("INSERT INTO cursorDiskKV VALUES (?, ?)", (f"bubbleId:c{c}:{bid}", json.dumps(
            {"_v": 3, "type": 1 if b % 2 == 0 else 2, "bubbleId": bid, "text": text * 3,
             "createdAt": "2026-09-05T10:00:00.000Z"})))
    db.execute("INSERT INTO cursorDiskKV VALUES (?, ?)", (f"composerData:c{c}", json.dumps(
        {"_v": 10, "composerId": f"c{c}", "createdAt": 1788000000000, "fullConversationHeadersOnly": heads})))
db.commit()
os.makedirs(f"{work}/gemini/h/chats", exist_ok=True)
for c in range(n):
    msgs = [{"id": f"m{b}", "timestamp": "2026-09-05T10:00:00.000Z", "type": "user" if b % 2 == 0 else "gemini",
             "content": f"message {c}.{b} about the deployment pipeline and its flaky integration stage " * 3}
            for b in range(m)]
    with open(f"{work}/gemini/h/chats/session-{c:05d}.json", "w") as f:
        json.dump({"sessionId": f"s{c}", "projectHash": "h", "startTime": "2026-09-05T10:00:00.000Z",
                   "lastUpdated": "2026-09-05T10:00:00.000Z", "messages": msgs}, f)
PY
export HOME="$WORK/home" RECALL_CURSOR_DIR="$WORK/cursor" RECALL_GEMINI_DIR="$WORK/gemini"
mkdir -p "$HOME"
run() {
  ./recall --data-dir "$WORK/data" sync --json | python3 -c 'import json,sys; r=json.load(sys.stdin); print(
    "%-24s %6d ms  read %4d  unchanged %4d  sessions new %5d updated %3d  messages %6d" % (sys.argv[1],
    r["elapsed_ms"], r["read"], r["unchanged"], r["sessions_created"], r["sessions_updated"], r["messages_added"]))' "$1"
}
echo "N=$N conversations x M=$M messages, per agent (Cursor SQLite, Gemini CLI JSON); $(nproc) cores"
run "first sync"
run "nothing changed"
python3 - "$WORK" <<'PY'
import json, sys
p = f"{sys.argv[1]}/gemini/h/chats/session-00000.json"
d = json.load(open(p)); d["messages"].append({"id": "new", "type": "user", "content": "one more question"})
json.dump(d, open(p, "w"))
PY
run "one Gemini session grew"
