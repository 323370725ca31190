#!/usr/bin/env bash
# Precision (kept and strict) and coverage per type of the local extractor on the development and test halves of
# the judged sample data, then on the held-out sets testdata/extract/heldout, heldout2, heldout3, heldout4, heldout5,
# heldout6, heldout7, heldout8 and heldout9 (all development material since rules version 15; heldout9 was written by
# the judge of version 14 and opened after version 14 was measured on it), and heldout10 (unseen: written by the judge
# of version 15 during issue 21's fourteenth round; its missed entries are never listed) (testdata/extract/README.md).
# Pass --missed to list the uncovered hand-written entries of the development half and of the held-out sets opened
# for development (heldout to heldout9; opened in rules versions 9 to 15).
# Pass --development (with or without --missed) for a rule writer's report: the test half is left out.
# Usage: bench/scripts/extract-quality.sh [--missed] [--development]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64} DJL_OFFLINE=true
extra=()
for arg in "$@"; do
  case "$arg" in
    --missed) extra+=(-Drecall.missed=1) ;;
    --development) extra+=(-Drecall.half=development) ;;
    *) echo "extract-quality.sh: unknown argument $arg (use --missed, --development)" >&2; exit 2 ;;
  esac
done
./mvnw -B -q verify -pl extract -am -Dtest=JudgedPrecisionTest -Dsurefire.failIfNoSpecifiedTests=false "${extra[@]}" \
  2>&1 | grep -v '^WARNING' | sed -n '/ on the development half:/,/^\[/p' | grep -v '^\['
./mvnw -B -q verify -pl extract -am -Dtest=HeldOutQualityTest -Dsurefire.failIfNoSpecifiedTests=false "${extra[@]}" \
  2>&1 | grep -v '^WARNING' | sed -n '/ on the held-out set:/,/^\[/p' | grep -v '^\['
