#!/usr/bin/env bash
# A cold `recall query` answered by the daemon (process start to exit), interleaved: an older jar (OLD_JAR, e.g. main's
# cli/target/recall-all.jar copied aside), this tree's jar, both started as `java` with the launcher's own flags and
# each with its own class cache made by a first run, then this tree's ./recall (the launcher included), and
# `java -version` as the floor. Prints per variant the median wall time and the mean CPU time (user + sys) per
# process, and the load average before and after: on a busy machine the CPU time is the figure to compare.
# Usage: bench/scripts/daemon-query-cold.sh DATA_DIR [OLD_JAR]   (RUNS=15 by default; QUERY to change the query)
# Uses the daemon serving DATA_DIR, or starts one with this tree's ./recall (--no-schedulers) and stops it after.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
data=$(cd "$1" && pwd)
old=${2:-}
runs=${RUNS:-15}
query=${QUERY:-how do I run the integration tests}
new="$root/cli/target/recall-all.jar"
work=$(mktemp -d "${TMPDIR:-/tmp}/recall-daemon-query.XXXXXX")
"$root/recall" --version >/dev/null 2>&1 # builds the jar when the sources changed
started=""
if ! RECALL_NO_DAEMON=1 "$root/recall" --data-dir "$data" serve --status >/dev/null 2>&1; then
  "$root/recall" --data-dir "$data" serve --detach --no-schedulers --idle-timeout 0 >/dev/null
  started=1
fi
cleanup() {
  if [ -n "$started" ]; then RECALL_NO_DAEMON=1 "$root/recall" --data-dir "$data" serve --stop >/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# shellcheck source=../../src/launcher/find-jdk.sh
. "$root/src/launcher/find-jdk.sh"
recall_find_jdk
java="$RECALL_JAVA_HOME/bin/java"
# shellcheck source=../../src/launcher/jvm-flags.sh
. "$root/src/launcher/jvm-flags.sh"
recall_jvm_flags query
RECALL_LAUNCHER_DIR="$root/src/launcher"
# shellcheck source=../../src/launcher/class-cache.sh
. "$RECALL_LAUNCHER_DIR/class-cache.sh"
command_of() { # jar cache-dir: prints nothing, sets CMD
  recall_class_cache "$RECALL_JAVA_HOME" "$1" "$2" /nonexistent "${JVM_FLAGS[@]}"
  CMD=("$java" "${JVM_FLAGS[@]}" "${JIT_FLAGS[@]}" ${RECALL_CACHE_FLAGS[@]+"${RECALL_CACHE_FLAGS[@]}"} -jar "$1")
}
variants=(new)
command_of "$new" "$work/cds-new"
new_cmd=("${CMD[@]}")
if [ -n "$old" ]; then
  variants=(old new)
  command_of "$old" "$work/cds-old"
  old_cmd=("${CMD[@]}")
  "${old_cmd[@]}" --data-dir "$data" query "$query" >/dev/null 2>&1 # writes its class cache
fi
"${new_cmd[@]}" --data-dir "$data" query "$query" >/dev/null 2>&1 # writes its class cache (the full path)
"$root/recall" --data-dir "$data" query "$query" >/dev/null 2>&1   # the launcher's own class cache
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
for _ in $(seq "$runs"); do
  for v in "${variants[@]}"; do
    if [ "$v" = old ]; then cmd=("${old_cmd[@]}"); else cmd=("${new_cmd[@]}"); fi
    /usr/bin/time -a -o "$work/times" -f "$v %e %U %S" "${cmd[@]}" --data-dir "$data" query "$query" >/dev/null
  done
  /usr/bin/time -a -o "$work/times" -f "./recall %e %U %S" "$root/recall" --data-dir "$data" query "$query" >/dev/null
  /usr/bin/time -a -o "$work/times" -f "java-version %e %U %S" "$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC \
    -version 2>/dev/null
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
python3 - "$work/times" "$runs" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    name, wall, user, sys_ = line.split()
    rows.setdefault(name, []).append((float(wall), float(user) + float(sys_)))
print(f"{'variant':14s} {'runs':>4s} {'wall median s':>14s} {'CPU mean s':>11s}")
for name, r in rows.items():
    print(f"{name:14s} {len(r):4d} {statistics.median(w for w, _ in r):14.3f} {statistics.mean(c for _, c in r):11.3f}")
PY
