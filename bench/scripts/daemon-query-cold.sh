#!/usr/bin/env bash
# A cold `recall query` answered by the daemon (process start to exit), interleaved: an older jar (OLD_JAR, e.g. main's
# cli/target/recall-all.jar copied aside), this tree's jar, both started as `java` with the launcher's own flags and
# each with its own class cache made by a first run; then the launchers both ways: this tree's ./recall as users run
# it (a read command is handed to the daemon by curl, no JVM: src/launcher/handover.sh) and with
# RECALL_SHELL_HANDOVER=0 (the launcher, then the JVM's light client); OLD_LAUNCHER (e.g. a copy of main's tree's
# ./recall), INSTALLED (a release install's bin/recall, timed both ways too) and OLD_INSTALLED (an older install's)
# when given; and `java -version` as the
# floor. Prints per variant the median wall time, the mean CPU time (user + sys) of the process and its children, and
# the daemon's mean CPU time per command (from /proc/PID/stat, 10 ms ticks: meaningful as a mean only), and the load
# average before and after: on a busy machine the CPU times are the figures to compare.
# CHRT=1 runs every measured command, and the daemon's threads meanwhile, under `chrt -f 20` (real-time FIFO; root):
# a stand-in for the quiet machine's wall time on a loaded one.
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
pid=$(sed -n 's/^ *"pid" *: *\([0-9]*\).*/\1/p' "$data/serve.json")
rt=()
if [ "${CHRT:-0}" = 1 ]; then
  rt=(chrt -f 20)
  chrt -f -a -p 20 "$pid" >/dev/null
fi
cleanup() {
  if [ "${CHRT:-0}" = 1 ]; then chrt -o -a -p 0 "$pid" >/dev/null 2>&1 || true; fi
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
variants=()
command_of "$new" "$work/cds-new"
new_cmd=("${CMD[@]}")
if [ -n "$old" ]; then
  variants+=(old-jar)
  command_of "$old" "$work/cds-old"
  old_cmd=("${CMD[@]}")
  "${old_cmd[@]}" --data-dir "$data" query "$query" >/dev/null 2>&1 # writes its class cache
fi
variants+=(new-jar ./recall ./recall-jvm)
"${new_cmd[@]}" --data-dir "$data" query "$query" >/dev/null 2>&1 # writes its class cache (the full path)
RECALL_SHELL_HANDOVER=0 "$root/recall" --data-dir "$data" query "$query" >/dev/null 2>&1 # the launcher's own cache
if [ -n "${OLD_LAUNCHER:-}" ]; then
  variants+=(old-launcher)
  "$OLD_LAUNCHER" --data-dir "$data" query "$query" >/dev/null 2>&1
fi
if [ -n "${OLD_INSTALLED:-}" ]; then
  variants+=(old-installed)
  "$OLD_INSTALLED" --data-dir "$data" query "$query" >/dev/null 2>&1
fi
if [ -n "${INSTALLED:-}" ]; then
  variants+=(installed installed-jvm)
  RECALL_SHELL_HANDOVER=0 "$INSTALLED" --data-dir "$data" query "$query" >/dev/null 2>&1
fi
variants+=(java-version)
daemon_ticks() { # utime + stime of the daemon, in clock ticks
  local stat
  read -r stat <"/proc/$pid/stat"
  stat=${stat##*) }
  # shellcheck disable=SC2086
  set -- $stat
  echo $((${12} + ${13}))
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
for _ in $(seq "$runs"); do
  for v in "${variants[@]}"; do
    env=()
    case $v in
      old-jar) cmd=("${old_cmd[@]}" --data-dir "$data" query "$query") ;;
      new-jar) cmd=("${new_cmd[@]}" --data-dir "$data" query "$query") ;;
      ./recall) cmd=("$root/recall" --data-dir "$data" query "$query") ;;
      ./recall-jvm) env=(RECALL_SHELL_HANDOVER=0); cmd=("$root/recall" --data-dir "$data" query "$query") ;;
      old-launcher) cmd=("$OLD_LAUNCHER" --data-dir "$data" query "$query") ;;
      old-installed) cmd=("$OLD_INSTALLED" --data-dir "$data" query "$query") ;;
      installed) cmd=("$INSTALLED" --data-dir "$data" query "$query") ;;
      installed-jvm) env=(RECALL_SHELL_HANDOVER=0); cmd=("$INSTALLED" --data-dir "$data" query "$query") ;;
      java-version) cmd=("$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -version) ;;
    esac
    before=$(daemon_ticks)
    env ${env[@]+"${env[@]}"} /usr/bin/time -a -o "$work/times" -f "$v %e %U %S" ${rt[@]+"${rt[@]}"} "${cmd[@]}" \
      >/dev/null 2>&1
    echo "$v $(($(daemon_ticks) - before))" >>"$work/ticks"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
python3 - "$work/times" "$work/ticks" "$(getconf CLK_TCK)" <<'PY'
import sys, statistics
rows, ticks = {}, {}
for line in open(sys.argv[1]):
    name, wall, user, sys_ = line.split()
    rows.setdefault(name, []).append((float(wall), float(user) + float(sys_)))
for line in open(sys.argv[2]):
    name, t = line.split()
    ticks.setdefault(name, []).append(int(t) / int(sys.argv[3]))
print(f"{'variant':14s} {'runs':>4s} {'wall median s':>14s} {'CPU mean s':>11s} {'daemon CPU mean s':>18s}")
for name, r in rows.items():
    print(f"{name:14s} {len(r):4d} {statistics.median(w for w, _ in r):14.3f} {statistics.mean(c for _, c in r):11.3f}"
          f" {statistics.mean(ticks.get(name, [0])):18.3f}")
PY
