#!/usr/bin/env bash
# Trains recall's AOT cache (JDK 25+); started in the background by src/launcher/class-cache.sh.
# Usage: aot-train.sh JAVA JAR CACHE LOCK_DIR SEED_ENTRIES JVM_FLAGS...
#
# The training run is a `recall query` with hits on a throwaway store seeded with the sample entries, so the cache
# holds the classes and profiles of start-up, the store, the lexical index, search and printing, which the common
# commands (query, brief, show --hook, list, get) share. The cache is written under a temporary name and renamed,
# so a command starting meanwhile sees either no cache or a whole one. A failed training leaves CACHE.failed, so
# later commands do not retry it for this build (the next build tries again); CACHE.log keeps its output.
set -u
java=$1 jar=$2 cache=$3 lock=$4 seed=$5
shift 5
tmp="$cache.tmp-$$"
log="$cache.log"
work=$(mktemp -d "${TMPDIR:-/tmp}/recall-aot.XXXXXX") || { rmdir "$lock"; exit 1; }
trap 'rm -rf "$work" "$tmp" "$tmp.config"; rm -rf "$lock"' EXIT

{
  echo "training $cache with $java"
  if [ -f "$seed" ]; then
    "$java" "$@" -jar "$jar" --data-dir "$work/data" import "$seed" --yes --reviewed --allow-placeholder-sessions
  fi
  # -Xlog:aot=error: the assembly lists every class it skips (picocli's old class files cannot be stored) as a
  # warning, hundreds of lines that say nothing actionable.
  "$java" "$@" -Xlog:aot=error:stderr -XX:AOTCacheOutput="$tmp" -jar "$jar" --data-dir "$work/data" \
    query --no-record --scores --limit 5 "how do I run the integration tests"
  status=$?
  echo "training run exited with $status"
} >"$log" 2>&1

if [ "$status" = 0 ] && [ -s "$tmp" ] && mv -f "$tmp" "$cache"; then
  rm -f "$log"
else
  echo "recall: AOT cache training failed; commands run without the cache. Remove $cache.failed to retry." >>"$log"
  touch "$cache.failed"
fi
