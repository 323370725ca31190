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

# With a recall daemon up (`recall serve`), the SessionStart and Stop hooks are one HTTP call with curl: no JVM
# starts. The daemon is found through <data>/serve.json (port and token); any failure falls back to the command.
data_dir() {
  if [ -n "${RECALL_DATA_DIR:-}" ]; then echo "$RECALL_DATA_DIR"
  elif [ "$(uname -s 2>/dev/null)" = Darwin ]; then echo "$HOME/Library/Application Support/recall"
  else echo "${XDG_DATA_HOME:-$HOME/.local/share}/recall"
  fi
}
daemon_route() {
  case "$*" in
    "show --hook") echo session-start ;;
    "capture --hook") echo stop ;;
    *) return 1 ;;
  esac
}
via_daemon() { # $1: route; the hook's JSON in $input
  [ -z "${RECALL_NO_DAEMON:-}" ] || return 1
  command -v curl >/dev/null 2>&1 || return 1
  info="$(data_dir)/serve.json"
  [ -r "$info" ] || return 1
  port=$(sed -n 's/^ *"port" *: *\([0-9][0-9]*\).*/\1/p' "$info" | head -n 1)
  token=$(sed -n 's/^ *"token" *: *"\([^"]*\)".*/\1/p' "$info" | head -n 1)
  [ -n "$port" ] && [ -n "$token" ] || return 1
  # The trailing '.' keeps the text's final newlines, which command substitution would strip.
  response=$(printf '%s' "$input" | curl -sS --fail --max-time 20 -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' --data-binary @- "http://127.0.0.1:$port/api/v1/hooks/$1" 2>/dev/null \
    && echo .) || return 1
  [ -n "$response" ] || return 1
  if [ "$1" = session-start ]; then
    printf '%s' "${response%.}"
  fi
  return 0
}

if route=$(daemon_route "$@"); then
  input=$(cat)
  if via_daemon "$route"; then
    exit 0
  fi
  # no daemon (or it did not answer): the command, with the same input
  exec_input=1
fi

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

if [ -n "${exec_input:-}" ]; then
  printf '%s' "$input" | "$@"
else
  "$@"
fi
status=$?
if [ "$status" -ne 0 ]; then
  note "'recall $args' exited with status $status; the session goes on without it"
fi
exit 0
