#!/usr/bin/env bash
# The UserPromptSubmit hook: prompt-time recall. With a recall daemon up (`recall serve`), the hook's JSON (the prompt)
# goes to the daemon, which answers with the few trusted entries that plainly concern the prompt, framed as evidence,
# or with nothing; Claude Code adds what is printed beside the prompt. No JVM starts.
#
# This runs before every prompt, so it spawns nothing: bash's own /dev/tcp speaks the one HTTP request (the daemon is
# on 127.0.0.1 and answers with a Content-Length and closes), and serve.json is read with builtins. Starting curl
# alone cost about as much as the daemon's lookup on a loaded machine (docs/benchmarks.md). curl is used only when
# bash was built without network redirections.
#
# Without a daemon it adds nothing and exits at once: starting a JVM before every prompt would delay each one by half
# a second or more. RECALL_PROMPT_RECALL=always runs `recall prompt --hook` in-process instead (same answer,
# slower); RECALL_PROMPT_RECALL=off, or `[hooks] prompt_recall = false` in config.toml, turns it off.
# Like every hook of this plugin it never fails the session: any failure prints nothing and exits 0.

case "${RECALL_PROMPT_RECALL:-}" in off | 0 | false) exit 0 ;; esac
# Bytes, not characters: ${#input} is the Content-Length, and nothing is re-encoded on the way through.
[ -z "${LC_ALL+set}" ] || user_lc_all=$LC_ALL
LC_ALL=C
IFS= read -r -d '' input

in_process() {
  if [ "${RECALL_PROMPT_RECALL:-}" = always ]; then
    if [ -n "${user_lc_all+set}" ]; then LC_ALL=$user_lc_all; else unset LC_ALL; fi
    local root=${CLAUDE_PLUGIN_ROOT:-${BASH_SOURCE[0]%/*}/..}
    printf '%s' "$input" | "$root/hooks/run-recall.sh" prompt --hook
  fi
  exit 0
}

[ -z "${RECALL_NO_DAEMON:-}" ] || in_process
if [ -n "${RECALL_DATA_DIR:-}" ]; then info=$RECALL_DATA_DIR/serve.json
elif [[ ${OSTYPE:-} == darwin* ]]; then info="$HOME/Library/Application Support/recall/serve.json"
else info=${XDG_DATA_HOME:-$HOME/.local/share}/recall/serve.json
fi
[ -r "$info" ] || in_process

port= token= pid=
while IFS= read -r line; do
  value=${line#*:}
  case $line in
    *'"port"'*) port=${value//[!0-9]/} ;;
    *'"pid"'*) pid=${value//[!0-9]/} ;;
    *'"token"'*) value=${value#*\"} token=${value%%\"*} ;;
  esac
done <"$info"
[ -n "$port" ] && [ -n "$token" ] || in_process

if exec 3<>"/dev/tcp/127.0.0.1/$port"; then
  printf 'POST /api/v1/hooks/user-prompt HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %s\r\nConnection: close\r\n\r\n%s' \
    "$port" "$token" "${#input}" "$input" >&3 2>/dev/null || in_process
  IFS= read -r -d '' -t 5 response <&3
  exec 3<&-
  # Only a whole 200 answer is printed: its length must match what the daemon announced.
  head=${response%%$'\r\n\r\n'*}
  body=${response#*$'\r\n\r\n'}
  length=
  while IFS= read -r line; do
    line=${line%$'\r'}
    case $line in [Cc]ontent-[Ll]ength:*) length=${line//[!0-9]/} ;; esac
  done <<<"$head"
  case $head in
    "HTTP/1."?" 200 "*) [ "${length:-0}" = "${#body}" ] && printf '%s' "$body" && exit 0 ;;
  esac
  in_process
fi 2>/dev/null

# The daemon runs but bash could not connect (no /dev/tcp in this build): curl, when there is one.
if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && command -v curl >/dev/null 2>&1; then
  # The trailing '.' keeps the text's final newline, which command substitution would strip.
  if response=$(printf '%s' "$input" | curl -sS --fail --max-time 5 -H "Authorization: Bearer $token" \
      -H 'Content-Type: application/json' --data-binary @- \
      "http://127.0.0.1:$port/api/v1/hooks/user-prompt" 2>/dev/null && echo .); then
    printf '%s' "${response%.}"
    exit 0
  fi
fi
in_process
