#!/usr/bin/env bash
# Measures the secret scanner: false positives on testdata/secrets/negative and on the project's own testdata, and
# scan speed (MB/s). Usage: bench/scripts/secret-scan.sh [-v]   (-v lists every finding with its context)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
"$root/recall" --version >/dev/null 2>&1 || true   # builds cli/target/recall-all.jar when the sources changed
. "$root/src/launcher/find-jdk.sh"
recall_find_jdk
"$RECALL_JAVA_HOME/bin/java" -cp "$root/cli/target/recall-all.jar" "$root/bench/scripts/SecretScanBench.java" \
  "$root/testdata" "${1:-}"
