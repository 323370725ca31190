# shellcheck shell=bash
# Sourced by ./recall and by the release archive's bin/recall: hands a read command to the daemon with curl, so that
# no JVM starts. recall_handover ARGS... prints what the daemon's run of the command printed, on stdout and stderr in
# the order written, and exits with its exit code; or it returns 1, having printed nothing, and the launcher runs the
# command through the JVM as before (whose light client tries the daemon again, over its own protocol).
#
# The same commands and guards as the JVM's light client (cli.Launch): query, brief, list, get, stats, show, after
# --data-dir options only, not with --hook or help; not with RECALL_NO_DAEMON or RECALL_SERVICE_URL; only a daemon
# that <data>/serve.json names, with a live pid, and its token. Besides: bash 5, curl on PATH, and no variable that
# gives the JVM options (RECALL_JAVA_OPTS, JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS, _JAVA_OPTIONS: they could change
# what a JVM prints). RECALL_SHELL_HANDOVER=0 turns it off (the JVM's light client still hands the command over). Anything short of a whole answer returns 1: no daemon, a refusal (the daemon refuses a client
# whose locale variables select another locale than its own, docs/api.md), an error, a time-out, a cut-off or
# malformed answer. The wire format (POST /api/v1/cli/run/shell) is lengths and lines, read here with parameter
# expansions alone. The token goes to curl on its stdin (-K -), never on a command line that ps shows; nothing
# reads the user's stdin. RECALL_HANDOVER_ID is set to the request id sent, if one was: the JVM keeps it
# (-Drecall.request-id), so a query the daemon recorded before its answer was lost is not recorded twice.

recall_handover() {
  RECALL_HANDOVER_ID=""
  ((BASH_VERSINFO[0] >= 5)) || return 1
  [[ ${RECALL_SHELL_HANDOVER:-1} != 0 ]] || return 1
  # the launchers' set -eu stays outside: an unset name here must not end the launcher (local -: restored on return)
  local -
  set +eu +o pipefail
  # as the JVM reads RECALL_NO_DAEMON: set, not blank, not 0
  if [[ ${RECALL_NO_DAEMON:-} == *[![:space:]]* && ${RECALL_NO_DAEMON} != 0 ]]; then return 1; fi
  [[ ${RECALL_SERVICE_URL:-} != *[![:space:]]* ]] || return 1
  [[ -z ${RECALL_JAVA_OPTS:-}${JAVA_TOOL_OPTIONS:-}${JDK_JAVA_OPTIONS:-}${_JAVA_OPTIONS:-} ]] || return 1
  local dir="" has_dir="" a i=0
  local -a args=("$@")
  while ((i < ${#args[@]})); do
    case ${args[i]} in
      --data-dir) ((i + 1 < ${#args[@]})) || break; dir=${args[i + 1]}; has_dir=1; i=$((i + 2)) ;;
      --data-dir=*) dir=${args[i]#--data-dir=}; has_dir=1; i=$((i + 1)) ;;
      *) break ;;
    esac
  done
  ((i < ${#args[@]})) || return 1
  case ${args[i]} in query | brief | list | get | stats | show) ;; *) return 1 ;; esac
  for a in "${args[@]:i+1}"; do
    case $a in --hook | -h | --help | -V | --version) return 1 ;; esac
  done
  hash curl 2>/dev/null || return 1
  # the data dir as cli.DataDirs resolves it (the daemon checks it again from the command line itself)
  if [[ -z $has_dir ]]; then
    if [[ ${RECALL_DATA_DIR:-} == *[![:space:]]* ]]; then
      dir=$RECALL_DATA_DIR
    elif [[ $OSTYPE == darwin* ]]; then
      dir="$HOME/Library/Application Support/recall"
    elif [[ ${XDG_DATA_HOME:-} == *[![:space:]]* ]]; then
      dir="$XDG_DATA_HOME/recall"
      [[ $dir == /* ]] || return 1 # the JVM would take it from its own directory; leave that to it
    else
      dir="$HOME/.local/share/recall"
    fi
  fi
  [[ $dir == /* ]] || dir="$PWD/$dir"
  local info="$dir/serve.json" json="" value pid="" host="" port="" token="" public=""
  [[ -f $info && -r $info ]] || return 1
  read -r -d '' json <"$info"
  # each field as FlatJson reads it; a string with an escape in it is not matched, and then the check below fails
  while [[ $json =~ \"(pid|host|port|token|listen_public)\"[[:space:]]*:[[:space:]]*(\"([^\"\\]*)\"|[0-9]+|true|false) ]]; do
    value=${BASH_REMATCH[2]}
    [[ $value != \"* ]] || value=${BASH_REMATCH[3]}
    case ${BASH_REMATCH[1]} in
      pid) pid=$value ;; host) host=$value ;; port) port=$value ;; token) token=$value ;; listen_public) public=$value ;;
    esac
    json=${json#*"${BASH_REMATCH[0]}"}
  done
  [[ $pid =~ ^[1-9][0-9]{0,9}$ && $port =~ ^[1-9][0-9]{0,4}$ && $token =~ ^[A-Za-z0-9._~+/=-]+$ ]] || return 1
  [[ $host =~ ^[A-Za-z0-9.:-]+$ ]] || return 1
  ((port <= 65535)) || return 1
  if [[ -d /proc/self ]]; then [[ -d /proc/$pid ]] || return 1; else kill -0 "$pid" 2>/dev/null || return 1; fi
  if [[ $public == true || $host == 0.0.0.0 || $host == :: ]]; then host=127.0.0.1; fi
  [[ $host != *:* ]] || host="[$host]"

  # The environment as the JVM would get it: the exported variables (names by their first character, no program
  # started), with the two the launcher exports before it starts the JVM.
  local n
  local -a env=()
  for n in ${!A@} ${!B@} ${!C@} ${!D@} ${!E@} ${!F@} ${!G@} ${!H@} ${!I@} ${!J@} ${!K@} ${!L@} ${!M@} ${!N@} \
      ${!O@} ${!P@} ${!Q@} ${!R@} ${!S@} ${!T@} ${!U@} ${!V@} ${!W@} ${!X@} ${!Y@} ${!Z@} ${!a@} ${!b@} ${!c@} \
      ${!d@} ${!e@} ${!f@} ${!g@} ${!h@} ${!i@} ${!j@} ${!k@} ${!l@} ${!m@} ${!n@} ${!o@} ${!p@} ${!q@} ${!r@} \
      ${!s@} ${!t@} ${!u@} ${!v@} ${!w@} ${!x@} ${!y@} ${!z@} ${!_@}; do
    case $n in _ | DJL_OFFLINE | ORT_DISABLE_TELEMETRY) continue ;; esac
    [[ -n ${!n+set} && ${!n@a} == *x* ]] && env+=("$n=${!n}")
  done
  env+=(DJL_OFFLINE=true ORT_DISABLE_TELEMETRY=1)
  local terminal=0
  if [ -t 0 ] && [ -t 1 ]; then terminal=1; fi
  RECALL_HANDOVER_ID="$$-${EPOCHREALTIME//[!0-9]/}-$SRANDOM"

  # Lengths in bytes: the C locale while the request is written and the answer read, the user's again after.
  local had_lc=${LC_ALL+set} old_lc=${LC_ALL-}
  LC_ALL=C
  local body=$'recall-shell 1\n'
  body+="cwd ${#PWD}"$'\n'"$PWD"$'\n'"data_dir ${#dir}"$'\n'"$dir"$'\n'"terminal 1"$'\n'"$terminal"$'\n'
  body+="request_id ${#RECALL_HANDOVER_ID}"$'\n'"$RECALL_HANDOVER_ID"$'\n'
  for a in "$@"; do body+="arg ${#a}"$'\n'"$a"$'\n'; done
  for a in "${env[@]}"; do body+="env ${#a}"$'\n'"$a"$'\n'; done
  local reply status
  # -q first: no ~/.curlrc; --noproxy: loopback never through a proxy; 'Expect:': the body in one go
  reply=$(curl -q -s --fail --noproxy '*' --connect-timeout 2 --max-time 120 -H 'Expect:' \
    -H 'Content-Type: application/x-recall-handoff-shell' -H 'Accept: application/x-recall-handoff-shell' \
    --data-binary @/dev/fd/3 -K - "http://$host:$port/api/v1/cli/run/shell" 2>/dev/null 3<<<"$body" \
    <<<"header = \"Authorization: Bearer $token\"")
  status=$?
  local rest head code="" chunk
  local -a streams=() chunks=()
  if ((status == 0)) && [[ $reply == $'recall-shell 1\n'* ]]; then
    rest=${reply#$'recall-shell 1\n'}
    while [[ -n $rest ]]; do
      head=${rest%%$'\n'*}
      case $head in
        0\ *)
          # the answer's last line (its newline went with the command substitution)
          [[ $rest == "$head" && $head =~ ^0\ ([0-9]{1,3})$ ]] && code=$((10#${BASH_REMATCH[1]}))
          break ;;
        [12]\ *)
          n=${head#? }
          [[ $n =~ ^[0-9]{1,10}$ && $rest == *$'\n'* ]] || break
          n=$((10#$n)) # decimal, whatever zeros lead
          rest=${rest#*$'\n'}
          ((${#rest} > n)) || break
          chunk=${rest:0:n}
          [[ ${rest:n:1} == $'\n' ]] || break
          streams+=("${head:0:1}")
          chunks+=("$chunk")
          rest=${rest:n+1} ;;
        *) break ;;
      esac
    done
  fi
  if [[ -z $code ]]; then
    if [[ -n $had_lc ]]; then { LC_ALL=$old_lc; } 2>/dev/null; else unset LC_ALL; fi
    return 1
  fi
  # A whole answer: print it. A closed stdout (`| head`) ends nothing early, as in the JVM, whose streams swallow it.
  trap '' PIPE
  for i in "${!streams[@]}"; do
    if [[ ${streams[i]} == 1 ]]; then
      printf '%s' "${chunks[i]}" 2>/dev/null
    else
      printf '%s' "${chunks[i]}" >&2
    fi
  done
  exit "$code"
}
