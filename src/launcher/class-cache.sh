# shellcheck shell=bash disable=SC2034 # RECALL_CACHE_FLAGS is read by ./recall
# Sourced by ./recall: chooses the JVM class cache for the fat jar and sets RECALL_CACHE_FLAGS (an array).
#
# Why: a short command such as `recall query` spends most of its start-up loading, verifying and linking classes
# from the jar (docs/benchmarks.md, issue 5). A cache made from an earlier run skips that work.
#  - Dynamic AppCDS (JDK 19+, the default): the first run writes an archive of the classes it loaded.
#  - JDK 25+ with RECALL_AOT=1: an AOT cache (JEP 483/514/515). Besides the parsed classes it stores them already
#    linked, with resolved constant pool entries and method profiles. Creating one needs a training
#    run with -XX:AOTCacheOutput, which ends by starting a second JVM to assemble the cache (several seconds), and
#    the cache only holds what that run loaded. So it is trained by a dedicated run, in the background
#    (src/launcher/aot-train.sh), on a throwaway store seeded with the sample entries: a `recall query` with hits
#    exercises the start-up, store, index, search and printing paths that the common commands share, while a user's
#    first command might be `recall --help`, which would make a poor cache. Until the cache exists, commands run
#    without one, as they would with RECALL_CDS=0.
#  Measured side by side for a cold `recall query` at 1M entries with C1-only compilation (as ./recall runs it),
#  AppCDS took 0.98 s and the AOT cache 1.1 s (medians of 11, docs/benchmarks.md), so AppCDS is the default and
#  needs no training run; the AOT cache stays an option for newer JDKs, whose caches also hold compiled code.
# Both are named after the jar's size and mtime (and the AOT cache after the JDK too), so a rebuilt jar or another
# JDK gets a fresh one: the JVM refuses a stale cache, but would never replace it. A cache that is missing, stale
# or unreadable only costs speed: the JVM then starts without it (its complaints are switched off below).
# RECALL_CDS=0 turns both off; RECALL_AOT=1 uses the AOT cache instead of AppCDS.

# Args: java home, jar, cache dir, seed entries file (may be missing); the JVM flags of the command follow, since
# a cache is only usable by a JVM started with compatible ones. Sets RECALL_CACHE_FLAGS.
recall_class_cache() {
  local java_home=$1 jar=$2 dir=$3 seed=$4 jar_id major jdk_id cache
  shift 4
  RECALL_CACHE_FLAGS=()
  [ "${RECALL_CDS:-1}" != 0 ] || return 0
  # The jar's size and mtime, noted beside the caches and read back while the note is newer than the jar (a build
  # writes a newer jar), so that `stat`, a program started, runs once per build rather than on every command. A note
  # that is wrong (a jar copied in with an older mtime) only names the cache wrongly: the JVM checks an archive against
  # the jar it opens and writes a fresh one when they differ.
  jar_id=""
  if [[ -f "$dir/jar-id" && "$dir/jar-id" -nt "$jar" ]]; then
    read -r jar_id <"$dir/jar-id" 2>/dev/null || true
    [[ $jar_id =~ ^[0-9]+-[0-9]+$ ]] || jar_id=""
  fi
  if [ -z "$jar_id" ]; then
    jar_id=$(stat -c '%s-%Y' "$jar" 2>/dev/null || stat -f '%z-%m' "$jar" 2>/dev/null || true)
    if [ -n "$jar_id" ] && { [ -d "$dir" ] || mkdir -p "$dir" 2>/dev/null; }; then
      printf '%s\n' "$jar_id" 2>/dev/null >"$dir/jar-id" || true
    fi
  fi
  # mkdir only when needed, the JDK's version only for the AOT cache: each program started costs every command
  if [ -z "$jar_id" ] || { [ ! -d "$dir" ] && ! mkdir -p "$dir" 2>/dev/null; } || [ ! -w "$dir" ]; then
    return 0
  fi
  if [ "${RECALL_AOT:-0}" = 1 ]; then
    recall_read_java_major "$java_home/bin/java"; major=$RECALL_JAVA_MAJOR
  fi
  if [ "${RECALL_AOT:-0}" = 1 ] && [ "${major:-0}" -ge 25 ] 2>/dev/null; then
    # The release file changes with every JDK build; its checksum tells two JDKs apart without starting one.
    jdk_id=$(cksum < "$java_home/release" 2>/dev/null | cut -d' ' -f1 || true)
    cache="$dir/recall-all-$jar_id-jdk${jdk_id:-$major}.aot"
    if [ -s "$cache" ]; then
      # The JVM logs AOT and CDS problems (e.g. a cache it cannot map) as warnings; they only mean a slower start.
      RECALL_CACHE_FLAGS=(-XX:AOTCache="$cache" "-Xlog:aot*=off:stderr" "-Xlog:cds*=off:stderr")
      return 0
    fi
    recall_remove_other_builds "$dir" "$jar_id"
    if [ ! -e "$cache.failed" ]; then
      recall_aot_train_in_background "$java_home/bin/java" "$jar" "$dir" "$cache" "$seed" "$@"
    fi
    return 0
  fi
  cache="$dir/recall-all-$jar_id.jsa"
  if [ ! -f "$cache" ]; then
    recall_remove_other_builds "$dir" "$jar_id"
  fi
  # The JVM refuses to start when the archive's directory is missing, hence the checks above.
  # recall.class-cache: while the archive does not exist, the JVM writes it at exit with the classes this run loaded,
  # so the light client (Launch) then runs the full command line instead of handing it to a daemon: the archive is
  # to hold the command line's classes, not the dozen of a handed-over command.
  RECALL_CACHE_FLAGS=(-XX:SharedArchiveFile="$cache" -XX:+AutoCreateSharedArchive "-Xlog:cds*=off:stderr"
    -Drecall.class-cache="$cache")
}

# Removes the caches (and their markers and logs) of other builds of the jar: nothing would ever use them again.
recall_remove_other_builds() {
  local dir=$1 jar_id=$2 f
  for f in "$dir"/recall-all-*; do
    [ -e "$f" ] || continue
    case "${f##*/}" in
      "recall-all-$jar_id-"* | "recall-all-$jar_id.jsa") ;;
      *) rm -f "$f" 2>/dev/null || true ;;
    esac
  done
}

# Starts aot-train.sh detached from this command: its output never reaches the command's stdout or stderr (a hook
# that reads them to the end would otherwise wait for the training), and it outlives the command.
recall_aot_train_in_background() {
  local java=$1 jar=$2 dir=$3 cache=$4 seed=$5 lock
  lock="$dir/.aot-training"
  shift 5
  # mkdir is atomic, so of several commands starting together after a build (a hook and the user), only one trains.
  if ! mkdir "$lock" 2>/dev/null; then
    # A trainer that was killed leaves its lock behind; one older than training ever takes is taken over.
    [ -n "$(find "$lock" -maxdepth 0 -mmin +10 2>/dev/null)" ] || return 0
    rm -rf "$lock" 2>/dev/null || return 0
    mkdir "$lock" 2>/dev/null || return 0
  fi
  local -a detach=(nohup)
  if command -v setsid >/dev/null 2>&1; then detach=(setsid); fi
  "${detach[@]}" nice -n 10 bash "$RECALL_LAUNCHER_DIR/aot-train.sh" "$java" "$jar" "$cache" "$lock" "$seed" "$@" \
    </dev/null >/dev/null 2>&1 &
}
