#!/usr/bin/env bash
# Times the Stop hook as Claude Code runs it: before each run, appends two copies of the transcript's last record
# (fresh uuids) so every run has new bytes to sync, then pipes the hook input into `recall capture --hook`.
# Usage: bench/scripts/hook-latency.sh TRANSCRIPT.jsonl PROJECT_DIR DATA_DIR RUNS
# Prints per run: wall ms, user s, sys s. The transcript is modified: use a copy of a fixture.
set -euo pipefail
transcript=$1 project=$2 data=$3 runs=$4
recall="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/recall"
times=$(mktemp)
trap 'rm -f "$times"' EXIT
for _ in $(seq 1 "$runs"); do
  for _ in 1 2; do
    tail -1 "$transcript" | python3 -c \
      "import sys, json, uuid; d = json.loads(sys.stdin.read()); d['uuid'] = str(uuid.uuid4()); print(json.dumps(d))" \
      >>"$transcript"
  done
  start=$(date +%s%N)
  printf '{"transcript_path":"%s","cwd":"%s","hook_event_name":"Stop"}' "$transcript" "$project" \
    | /usr/bin/time -o "$times" -f '%U %S' "$recall" --data-dir "$data" capture --hook >/dev/null
  end=$(date +%s%N)
  echo "$(((end - start) / 1000000)) $(cat "$times")"
done
