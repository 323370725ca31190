#!/bin/sh
# Runs `recall ARGS...` for a Claude Code hook or slash command, passing stdin (the hook's JSON) through.
# It never fails the session: when recall is missing or fails, a note goes to stderr and the exit status is 0.
#
# Which recall runs, first found:
#   1. $RECALL_BIN, if set and executable;
#   2. `recall` on PATH (an installed launcher);
#   3. the repository's launcher, two levels above this plugin (src/claude-plugin -> the repository root);
#   4. the repository's built jar, cli/target/recall-all.jar, with java.
plugin_root=${CLAUDE_PLUGIN_ROOT:-$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)}
repo_root=$(CDPATH= cd -- "$plugin_root/../.." 2>/dev/null && pwd)

args="$*"
note() { echo "recall plugin: $*" >&2; }

if [ -n "${RECALL_BIN:-}" ] && [ -x "$RECALL_BIN" ]; then
  set -- "$RECALL_BIN" "$@"
elif command -v recall >/dev/null 2>&1; then
  set -- "$(command -v recall)" "$@"
elif [ -n "$repo_root" ] && [ -x "$repo_root/recall" ]; then
  set -- "$repo_root/recall" "$@"
elif [ -n "$repo_root" ] && [ -f "$repo_root/cli/target/recall-all.jar" ] && command -v java >/dev/null 2>&1; then
  set -- java --enable-native-access=ALL-UNNAMED -jar "$repo_root/cli/target/recall-all.jar" "$@"
else
  note "no recall found (set RECALL_BIN, put recall on PATH, or build the repository); skipped"
  exit 0
fi

"$@"
status=$?
if [ "$status" -ne 0 ]; then
  note "'recall $args' exited with status $status; the session goes on without it"
fi
exit 0
