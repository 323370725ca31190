#!/usr/bin/env bash
# Builds recall-VERSION-OS-ARCH.tar.gz for the platform this runs on (run by `./mvnw -B -Pdist package`).
# Usage: build-archive.sh JDK VERSION REPO_ROOT DIST_CLASSES OUT_DIR
#
# The archive holds:
#   bin/recall              the launcher (src/launcher/installed-recall): the bundled runtime, the JVM flags of ./recall
#   lib/recall.jar          the fat jar with only this platform's natives (dev.recall.dist.PlatformJar)
#   lib/launcher/           the launcher helpers shared with ./recall (JVM flags, class cache, the daemon handover)
#   runtime/                a Java runtime linked by jlink with the modules jdeps finds in lib/recall.jar
#   plugin/                 the Claude Code plugin (src/claude-plugin), and .claude-plugin/marketplace.json listing it
#   completions/            bash, zsh and fish completion scripts generated from the command model
#   install.sh              installs it for the user (src/launcher/install.sh)
#   VERSION                 the version and platform
set -euo pipefail
jdk=$1 version=$2 root=$(cd "$3" && pwd) classes=$4 out=$5
java="$jdk/bin/java"
fat="$root/cli/target/recall-all.jar"
[ -f "$fat" ] || { echo "dist: $fat is missing; build the cli module first (./mvnw -B -Pdist package builds both)" >&2; exit 1; }
[ -x "$jdk/bin/jlink" ] && [ -x "$jdk/bin/jdeps" ] || { echo "dist: $jdk has no jlink/jdeps; build with a full JDK 21+" >&2; exit 1; }

platform=$("$java" -cp "$classes" dev.recall.dist.Platform)
name="recall-$version-$platform"
stage="$out/$name"
rm -rf "$stage" "$out/$name.tar.gz"
mkdir -p "$stage/bin" "$stage/lib/launcher" "$stage/completions" "$stage/.claude-plugin"

"$java" -cp "$classes" dev.recall.dist.PlatformJar "$fat" "$stage/lib/recall.jar" "$platform"

# The modules jdeps finds in the jar, plus those recall's libraries reach only reflectively or by a launcher flag
# (dev.recall.dist.RuntimeModules says which and why). jdeps also names java.desktop and java.compiler, which only
# optional paths reference (Jackson's java.beans annotations, DJL's image classes, JNA's AWT helpers); they stay:
# without java.beans Jackson logs a warning on every start.
feature=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$jdk/release")
modules=$("$java" -cp "$classes" dev.recall.dist.RuntimeModules "$stage/lib/recall.jar")
echo "dist: linking a Java $feature runtime with $modules"
# --generate-cds-archive: the runtime's own class data sharing archive, which the launcher's per-install AppCDS
# archive builds on. Not compressed (--compress): the archive is gzipped anyway, and an uncompressed lib/modules
# starts faster.
"$jdk/bin/jlink" --add-modules "$modules" --output "$stage/runtime" --strip-debug --no-header-files \
  --no-man-pages --generate-cds-archive 2> >(grep -v 'Using incubator modules' >&2)
# The second CDS archive serves only heaps over 32 GB (no compressed oops); such a JVM just starts without one.
rm -f "$stage/runtime/lib/server/classes_nocoops.jsa"

cp "$root/src/launcher/installed-recall" "$stage/bin/recall"
cp "$root/src/launcher/jvm-flags.sh" "$root/src/launcher/class-cache.sh" "$root/src/launcher/aot-train.sh" \
  "$root/src/launcher/find-jdk.sh" "$root/src/launcher/handover.sh" "$stage/lib/launcher/"
cp "$root/testdata/entries/part-a.jsonl" "$stage/lib/launcher/seed-entries.jsonl"
cp "$root/src/launcher/install.sh" "$stage/install.sh"
chmod 755 "$stage/bin/recall" "$stage/install.sh"
cp -R "$root/src/claude-plugin" "$stage/plugin"
rm -f "$stage/plugin/install-home"
cat > "$stage/.claude-plugin/marketplace.json" <<JSON
{
  "name": "recall",
  "owner": { "name": "recall" },
  "metadata": { "description": "recall's Claude Code plugin, from the release archive", "version": "$version" },
  "plugins": [
    {
      "name": "recall",
      "source": "./plugin",
      "description": "Local-first memory and search for coding agents: session-start context and brief, per-turn history, MCP search tools."
    }
  ]
}
JSON
printf '%s %s\n' "$version" "$platform" > "$stage/VERSION"

# Completions come from the command model: `recall completion SHELL` through the archive's own launcher (which tries
# the runtime once here), else, for a jar without that command, picocli's bash script (zsh runs it through
# bashcompinit). RECALL_CDS=0: no class cache may be written into the archive (it would name this build directory).
for shell in bash zsh fish; do
  case $shell in bash) file=recall.bash ;; zsh) file=_recall ;; fish) file=recall.fish ;; esac
  if ! RECALL_CDS=0 "$stage/bin/recall" completion "$shell" > "$stage/completions/$file" 2>/dev/null; then
    rm -f "$stage/completions/$file"
    if [ "$shell" != fish ]; then
      "$java" -cp "$classes:$stage/lib/recall.jar" dev.recall.dist.Completions > "$stage/completions/$file"
    else
      echo "dist: this recall has no 'completion' command; no fish completions" >&2
    fi
  fi
done
rm -rf "$stage/lib/cds"

(cd "$out" && tar -czf "$name.tar.gz" "$name")
echo "dist: $out/$name.tar.gz ($(du -k "$out/$name.tar.gz" | cut -f1) KiB)"
