package dev.recall.sessions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where transcripts live. Claude Code: {@code $CLAUDE_CONFIG_DIR/projects} (else {@code ~/.claude/projects}), one
 * directory per sanitised cwd holding {@code <session>.jsonl} and {@code <session>/subagents/agent-*.jsonl}.
 * Codex: {@code $CODEX_HOME/sessions} (else {@code ~/.codex/sessions}), {@code YYYY/MM/DD/rollout-*.jsonl[.zst]}.
 */
public final class TranscriptDiscovery {
    private static final int MAX_DEPTH = 8;

    /** The directories searched; tests and {@code --path} pass their own. */
    public record Roots(List<Path> claudeProjects, List<Path> codexSessions) {}

    private TranscriptDiscovery() {}

    public static Roots roots(Map<String, String> env, Path home) {
        String claude = env.get("CLAUDE_CONFIG_DIR");
        String codex = env.get("CODEX_HOME");
        Path claudeDir = claude != null && !claude.isBlank() ? Path.of(claude) : home.resolve(".claude");
        Path codexDir = codex != null && !codex.isBlank() ? Path.of(codex) : home.resolve(".codex");
        return new Roots(List.of(claudeDir.resolve("projects")), List.of(codexDir.resolve("sessions")));
    }

    /** Every transcript under the roots. */
    public static List<TranscriptFile> all(Roots roots) {
        Set<TranscriptFile> out = new LinkedHashSet<>();
        for (Path p : roots.claudeProjects()) {
            out.addAll(claudeUnder(p));
        }
        for (Path p : roots.codexSessions()) {
            out.addAll(codexUnder(p));
        }
        return List.copyOf(out);
    }

    /**
     * The transcripts that can belong to a project: its Claude Code project directory (Claude Code replaces every
     * character but letters and digits of the cwd with '-'; older versions only '/' and '.'), all of Claude Code
     * when no such directory exists, and all Codex rollouts (they are filed by date, not by project).
     */
    public static List<TranscriptFile> forProject(Roots roots, Path projectDir) {
        Set<TranscriptFile> out = new LinkedHashSet<>();
        for (Path projects : roots.claudeProjects()) {
            boolean found = false;
            for (String name : sanitisedNames(projectDir)) {
                Path dir = projects.resolve(name);
                if (Files.isDirectory(dir)) {
                    out.addAll(claudeUnder(dir));
                    found = true;
                }
            }
            if (!found) {
                out.addAll(claudeUnder(projects));
            }
        }
        for (Path p : roots.codexSessions()) {
            out.addAll(codexUnder(p));
        }
        return List.copyOf(out);
    }

    static List<String> sanitisedNames(Path projectDir) {
        Set<String> names = new LinkedHashSet<>();
        List<String> paths = new ArrayList<>();
        paths.add(projectDir.toAbsolutePath().normalize().toString());
        try {
            paths.add(projectDir.toRealPath().toString());
        } catch (IOException e) {
            // a project dir that does not exist has only its given name
        }
        for (String p : paths) {
            names.add(p.replaceAll("[^A-Za-z0-9]", "-"));
            names.add(p.replace('/', '-').replace('.', '-'));
        }
        return List.copyOf(names);
    }

    /** A file or a directory given on the command line; each file's agent is told from its name and first line. */
    public static List<TranscriptFile> at(Path fileOrDir) {
        if (Files.isRegularFile(fileOrDir)) {
            return List.of(classify(fileOrDir));
        }
        if (!Files.isDirectory(fileOrDir)) {
            throw new IllegalArgumentException("no such file or directory: " + fileOrDir);
        }
        return jsonlFiles(fileOrDir).stream().map(TranscriptDiscovery::classify).toList();
    }

    static TranscriptFile classify(Path file) {
        String name = file.getFileName().toString();
        if (name.startsWith("rollout-")) {
            return new TranscriptFile(file, Agent.CODEX, false, null);
        }
        try {
            String first = new LineSource(file).firstLine();
            if (first.contains("\"payload\"") || first.contains("\"session_meta\"")
                    || (first.contains("\"instructions\"") && !first.contains("\"sessionId\""))) {
                return new TranscriptFile(file, Agent.CODEX, false, null);
            }
        } catch (IOException | RuntimeException e) {
            // unreadable here means unreadable at sync too, where it is reported; classify by name
        }
        return claudeFile(file);
    }

    private static List<TranscriptFile> claudeUnder(Path root) {
        return jsonlFiles(root).stream().filter(p -> !p.getFileName().toString().endsWith(".zst"))
                .map(TranscriptDiscovery::claudeFile).toList();
    }

    private static List<TranscriptFile> codexUnder(Path root) {
        return jsonlFiles(root).stream().filter(p -> p.getFileName().toString().startsWith("rollout-"))
                .map(p -> new TranscriptFile(p, Agent.CODEX, false, null)).toList();
    }

    private static TranscriptFile claudeFile(Path p) {
        Path parent = p.getParent();
        boolean inSubagents = parent != null && parent.getFileName() != null
                && parent.getFileName().toString().equals("subagents");
        boolean subagent = inSubagents || p.getFileName().toString().startsWith("agent-");
        String parentSession = inSubagents && parent.getParent() != null
                ? parent.getParent().getFileName().toString() : null;
        return new TranscriptFile(p, Agent.CLAUDE_CODE, subagent, parentSession);
    }

    /** Transcript files under a directory, sorted; a compaction agent's internal file is not a transcript. */
    private static List<Path> jsonlFiles(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        try {
            Files.walkFileTree(root, java.util.EnumSet.noneOf(java.nio.file.FileVisitOption.class), MAX_DEPTH,
                    new java.nio.file.SimpleFileVisitor<>() {
                        @Override
                        public java.nio.file.FileVisitResult visitFile(Path p,
                                java.nio.file.attribute.BasicFileAttributes attrs) {
                            String n = p.getFileName().toString();
                            if (attrs.isRegularFile() && (n.endsWith(".jsonl") || n.endsWith(".jsonl.zst"))
                                    && !n.startsWith("agent-acompact")) {
                                out.add(p);
                            }
                            return java.nio.file.FileVisitResult.CONTINUE;
                        }

                        @Override
                        public java.nio.file.FileVisitResult visitFileFailed(Path p, IOException e) {
                            return java.nio.file.FileVisitResult.CONTINUE; // an unreadable corner is not fatal
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list transcripts under " + root + ": " + e.getMessage(), e);
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }
}
