#!/usr/bin/env bash
# Times prompt-time recall as Claude Code runs it: the plugin's UserPromptSubmit hook (src/claude-plugin/hooks/
# prompt-recall.sh) with a recall daemon up, fed the hook's JSON on stdin, for a prompt that gets an addition and one
# that does not; then the same hook with no daemon (it adds nothing and returns at once), and `recall prompt --hook`
# in-process (a cold JVM, what RECALL_PROMPT_RECALL=always runs).
# Usage: bench/scripts/prompt-hook-latency.sh RUNS      (builds cli/target/recall-all.jar first if needed)
# Prints, per case: the median, p90 and max wall time in ms over RUNS runs, and how many bytes the hook printed; the
# floor (bash running an empty script: what any hook costs on this machine at this load, the load average printed); and,
# with sqlite3 on PATH, the daemon's own lookup time per prompt as its ledger recorded it (recall_tool_calls).
set -euo pipefail
runs=${1:-20}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
recall="$root/recall"
hook="$root/src/claude-plugin/hooks/prompt-recall.sh"
data=$(mktemp -d)
trap '"$recall" --data-dir "$data" serve --stop >/dev/null 2>&1 || true; rm -rf "$data"' EXIT
export RECALL_DATA_DIR="$data"

"$recall" sessions import "$root/testdata/sessions/part-a.jsonl" >/dev/null
"$recall" sessions import "$root/testdata/sessions/part-b.jsonl" >/dev/null
"$recall" import "$root/testdata/entries/part-a.jsonl" --yes --reviewed >/dev/null
"$recall" import "$root/testdata/entries/part-b.jsonl" --yes --reviewed >/dev/null

related='{"hook_event_name":"UserPromptSubmit","cwd":"/tmp","prompt":"make db-down deleted the dev database volume again, how do I keep my data?"}'
unrelated='{"hook_event_name":"UserPromptSubmit","cwd":"/tmp","prompt":"add a dark mode toggle to the settings page"}'

measure() { # $1: label, $2: input, rest: command
  local label=$1 input=$2
  shift 2
  local times=() bytes=0
  for _ in $(seq 1 "$runs"); do
    local start end out
    start=$(date +%s%N)
    out=$(printf '%s' "$input" | "$@")
    end=$(date +%s%N)
    times+=($(((end - start) / 1000000)))
    bytes=${#out}
  done
  local sorted
  sorted=$(printf '%s\n' "${times[@]}" | sort -n)
  local n=${#times[@]}
  printf '%-40s median %5s ms  p90 %5s ms  max %5s ms  printed %s bytes\n' "$label" \
    "$(echo "$sorted" | sed -n "$(((n + 1) / 2))p")" "$(echo "$sorted" | sed -n "$(((n * 9 + 9) / 10))p")" \
    "$(echo "$sorted" | tail -1)" "$bytes"
}

floor=$(mktemp)
printf '#!/usr/bin/env bash\n:\n' >"$floor"
chmod +x "$floor"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
measure "floor: bash, empty script" "$related" "$floor"
rm -f "$floor"

"$recall" serve --detach --idle-timeout 0 >/dev/null
for _ in $(seq 1 50); do [ -f "$data/serve.json" ] && break; sleep 0.2; done
printf '%s' "$related" | "$hook" >/dev/null # the daemon's first lookup opens the index
measure "hook, daemon, related prompt" "$related" "$hook"
measure "hook, daemon, unrelated prompt" "$unrelated" "$hook"
"$recall" serve --stop >/dev/null
if command -v sqlite3 >/dev/null 2>&1; then
  # the first lookup (which opened the index) left out
  sqlite3 "$data/recall.db" "SELECT elapsed_ms FROM recall_tool_calls WHERE surface = 'hook' ORDER BY id LIMIT -1 OFFSET 1" \
    | sort -n | awk '{ t[NR] = $1 } END { if (NR) printf "%-40s median %5s ms  p90 %5s ms  max %5s ms\n", \
      "daemon lookup (its ledger)", t[int((NR + 1) / 2)], t[int((NR * 9 + 9) / 10)], t[NR] }'
fi
measure "hook, no daemon" "$related" "$hook"
measure "recall prompt --hook, cold JVM" "$related" "$recall" prompt --hook
