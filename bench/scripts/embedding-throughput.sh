#!/usr/bin/env bash
# Embedding throughput, two jars side by side (issue 20, item 5): the old (a build of main) and the new, interleaved
# run by run, so that both see the same machine load. For each bundled model: the first LIMIT SciFact documents in one
# embedDocuments call (as `recall eval` embeds a collection), then the 394 testdata entries twice over in calls of 8 in
# corpus order (as the vector builder embeds a store). Prints docs/s, process CPU-seconds per 1,000 documents,
# tokens/s and the single-query median of each run (EmbeddingThroughputProbe, run by the source launcher).
# With MAIN_JAR, a third jar (e.g. main, between a baseline and a branch) runs between the two, labelled "main".
# NEW_SUFFIX (environment) is appended to the model's name for the new jar only, e.g. NEW_SUFFIX=-fused to time a
# bundled model's opt-in fused graph against the old jar's exported one.
# Usage: bench/scripts/embedding-throughput.sh OLD_JAR NEW_JAR [SCIFACT_LIMIT] [ROUNDS] [SCIFACT_DIR] [MAIN_JAR]
set -euo pipefail
OLD=$1 NEW=$2 LIMIT=${3:-1000} ROUNDS=${4:-1} MAIN=${6:-} NEW_SUFFIX=${NEW_SUFFIX:-}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SCIFACT=${5:-$ROOT/../shared/eval/scifact}
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64} DJL_OFFLINE=true ORT_DISABLE_TELEMETRY=1
PROBE=$ROOT/embeddings/src/test/java/dev/recall/embeddings/EmbeddingThroughputProbe.java
ENTRIES=$ROOT/testdata/entries/part-a.jsonl,$ROOT/testdata/entries/part-b.jsonl
CACHE=$(mktemp -d /tmp/recall-embed-bench.XXXXXX)
trap 'rm -rf "$CACHE"' EXIT
run() { # label jar model corpus limit repeat chunk
  "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -Dai.djl.offline=true -XX:+UseSerialGC -Xlog:disable \
    -cp "$2" "$PROBE" --label "$1" --model "$3" --corpus "$4" --limit "$5" --repeat "$6" --chunk "$7" \
    --cache "$CACHE" 2>/dev/null | grep 'docs/s'
}
echo "$(date -u '+%F %T') UTC, load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
for _ in $(seq 1 "$ROUNDS"); do
  for model in bge-small-en-v1.5-q all-minilm-l6-v2-q; do
    for which in old ${MAIN:+main} new; do
      name=$model
      case $which in old) jar=$OLD ;; main) jar=$MAIN ;; *) jar=$NEW name=$model$NEW_SUFFIX ;; esac
      run "$which" "$jar" "$name" "$SCIFACT/corpus.jsonl" "$LIMIT" 1 0
      run "$which" "$jar" "$name" "$ENTRIES" 394 2 8
    done
  done
done
echo "$(date -u '+%F %T') UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
