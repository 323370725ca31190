# shellcheck shell=bash
# Sourced by ./recall: whether the fat jar must be built, that is missing or older than a file it is built from.
#
# The files: every pom.xml, each module's main sources and resources, and testdata/ (the cli bundles it). Test
# sources are not in the jar, and dist/ is the release archive's own module. Plain bash: a glob and a file test per
# file, no program started. The `find` over the whole tree it replaces was most of what the launcher cost a command
# answered by the daemon (a fork for the command substitution, then find itself; 37 against 15 ms of CPU per check
# under load, docs/benchmarks.md, issue 14).

# Args: the checkout, the jar. Succeeds (stale) when the jar is missing or any of those files is newer than it.
recall_jar_stale() {
  local root=$1 jar=$2 f stale=1 had_globstar=0 had_nullglob=0
  [ -f "$jar" ] || return 0
  shopt -q globstar && had_globstar=1
  shopt -q nullglob && had_nullglob=1
  shopt -s globstar nullglob
  for f in "$root"/pom.xml "$root"/*/pom.xml "$root"/*/src/main/java/**/*.java "$root"/*/src/main/resources/** \
      "$root"/testdata/**; do
    if [[ $f -nt $jar && $f != "$root"/dist/* ]]; then
      stale=0
      break
    fi
  done
  [ "$had_globstar" = 1 ] || shopt -u globstar
  [ "$had_nullglob" = 1 ] || shopt -u nullglob
  return "$stale"
}
