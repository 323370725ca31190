#!/usr/bin/env bash
# Cold start of the release archive's bin/recall against the repository's ./recall, with hyperfine (medians).
# Usage: bench/scripts/dist-cold-start.sh [ARCHIVE]   (default: dist/target/recall-*.tar.gz; build it first with
#        ./mvnw -B -Pdist package). Needs hyperfine (apt-get install hyperfine).
# Both run the same jar code with the same JVM flags; the archive's on its jlink'd runtime with its platform-only jar,
# ./recall on the JDK it finds with the fat jar (and its source-staleness check). Each gets its class cache made by a
# first run before timing; the store holds the sample sessions and entries (testdata/sessions, entries/part-a.jsonl).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
archive=${1:-$(ls "$root"/dist/target/recall-*.tar.gz | head -n 1)}
runs=${RUNS:-15}
work=$(mktemp -d "${TMPDIR:-/tmp}/recall-dist-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
tar -xzf "$archive" -C "$work"
dist=$(ls -d "$work"/recall-*/)bin/recall
repo="$root/recall"
export RECALL_NO_DAEMON=1

echo "archive: $archive ($(du -k "$archive" | cut -f1) KiB; unpacked $(du -sk "$work" | cut -f1) KiB)"
echo "fat jar: $root/cli/target/recall-all.jar ($(du -k "$root/cli/target/recall-all.jar" | cut -f1) KiB)"
"$repo" --version >/dev/null 2>&1 # builds the jar when the sources changed
for which in repo dist; do
  if [ "$which" = repo ]; then launcher=$repo; else launcher=$dist; fi
  for part in a b; do
    "$launcher" --data-dir "$work/data-$which" sessions import "$root/testdata/sessions/part-$part.jsonl" >/dev/null
  done
  "$launcher" --data-dir "$work/data-$which" import "$root/testdata/entries/part-a.jsonl" --yes --reviewed >/dev/null
  "$launcher" --data-dir "$work/data-$which" query --no-record "how do I run the tests" >/dev/null # its class cache
done
q='query --no-record "how do I run the integration tests"'
hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/result.json" \
  -n "./recall --version" "$repo --version" \
  -n "archive bin/recall --version" "$dist --version" \
  -n "./recall query" "$repo --data-dir $work/data-repo $q" \
  -n "archive bin/recall query" "$dist --data-dir $work/data-dist $q"
python3 - "$work/result.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f'{r["command"]:32s} median {r["median"]:.3f} s  mean {r["mean"]:.3f} s  user {r["user"]:.3f} s  sys {r["system"]:.3f} s')
PY
