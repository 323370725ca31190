package dev.recall.sessions;

import dev.recall.store.RecallException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where sessions live: each adapter's locations (its env override, else the platform's defaults), or what
 * {@code --path} names. A file named on the command line is offered to every adapter; one that none recognises is
 * kept as unrecognised, with the reason, so sync reports it instead of counting it as read.
 */
public final class TranscriptDiscovery {
    private static final Set<String> CANDIDATE_SUFFIXES = Set.of(".jsonl", ".jsonl.zst", ".json", ".db",
            ".vscdb", ".sqlite", ".sqlite3", ".chat");

    /** The locations searched, per agent id; tests and {@code --path} pass their own. */
    public record Roots(Map<String, List<Path>> byAgent) {
        public Roots {
            byAgent = Map.copyOf(byAgent);
        }

        /** Claude Code and Codex only, at these locations. */
        public Roots(List<Path> claudeProjects, List<Path> codexSessions) {
            this(Map.of(ClaudeCodeAdapter.ID, claudeProjects, CodexAdapter.ID, codexSessions));
        }

        public List<Path> of(AgentAdapter agent) {
            return byAgent.getOrDefault(agent.id(), List.of());
        }
    }

    /** One agent's locations and what was found there, for {@code recall sync --agents}. */
    public record Lookup(AgentAdapter agent, boolean overridden, List<Location> locations) {}

    public record Location(Path path, boolean exists, int sources) {}

    private TranscriptDiscovery() {}

    public static Roots roots(Map<String, String> env, Path home) {
        return roots(Platform.current(env, home));
    }

    public static Roots roots(Platform platform) {
        Map<String, List<Path>> m = new LinkedHashMap<>();
        for (AgentAdapter a : Agents.all()) {
            m.put(a.id(), a.locations(platform));
        }
        return new Roots(m);
    }

    /** Every session source under the roots. */
    public static List<TranscriptFile> all(Roots roots) {
        Set<TranscriptFile> out = new LinkedHashSet<>();
        for (AgentAdapter a : Agents.all()) {
            for (Path p : roots.of(a)) {
                out.addAll(a.sources(p));
            }
        }
        return List.copyOf(out);
    }

    /** Each agent's locations with whether they exist and how many sources they hold. */
    public static List<Lookup> lookups(Platform platform) {
        List<Lookup> out = new ArrayList<>();
        for (AgentAdapter a : Agents.all()) {
            String env = platform.env().get(a.envVar());
            List<Location> locations = new ArrayList<>();
            for (Path p : a.locations(platform)) {
                boolean exists = Files.exists(p);
                locations.add(new Location(p, exists, exists ? a.sources(p).size() : 0));
            }
            out.add(new Lookup(a, env != null && !env.isBlank(), List.copyOf(locations)));
        }
        return out;
    }

    /**
     * The sources that can belong to a project: its Claude Code project directory (Claude Code replaces every
     * character but letters and digits of the cwd with '-'; older versions only '/' and '.'), all of Claude Code
     * when no such directory exists, and every other agent's sources (they are not filed by project).
     */
    public static List<TranscriptFile> forProject(Roots roots, Path projectDir) {
        Set<TranscriptFile> out = new LinkedHashSet<>();
        AgentAdapter claude = Agents.claudeCode();
        for (Path projects : roots.of(claude)) {
            boolean found = false;
            for (String name : sanitisedNames(projectDir)) {
                Path dir = projects.resolve(name);
                if (Files.isDirectory(dir)) {
                    out.addAll(claude.sources(dir));
                    found = true;
                }
            }
            if (!found) {
                out.addAll(claude.sources(projects));
            }
        }
        for (AgentAdapter a : Agents.all()) {
            if (a != claude) {
                for (Path p : roots.of(a)) {
                    out.addAll(a.sources(p, projectDir));
                }
            }
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

    /**
     * A file or a directory given on the command line; each file's agent is told from its name and content. In a
     * directory, files that cannot be session sources (by extension) and agents' companion files are passed over.
     */
    public static List<TranscriptFile> at(Path fileOrDir) {
        if (Files.isRegularFile(fileOrDir)) {
            return List.of(classify(fileOrDir));
        }
        if (!Files.isDirectory(fileOrDir)) {
            throw new RecallException(RecallException.Kind.NOT_FOUND, "no such file or directory: " + fileOrDir,
                    RecallException.Remedy.NONE, Map.of("path", fileOrDir.toString()));
        }
        List<TranscriptFile> out = new ArrayList<>();
        for (Path p : LineAdapter.files(fileOrDir, TranscriptDiscovery::candidate)) {
            if (Agents.all().stream().noneMatch(a -> a.companion(p))) {
                out.add(classify(p));
            }
        }
        return List.copyOf(out);
    }

    private static boolean candidate(Path p) {
        String name = p.getFileName().toString();
        if (name.equals(AiderAdapter.HISTORY)) {
            return true;
        }
        return !name.startsWith(".") && CANDIDATE_SUFFIXES.stream().anyMatch(name::endsWith);
    }

    /** The adapter that recognises the file, or an unrecognised source saying why none did. */
    static TranscriptFile classify(Path file) {
        Probe probe = new Probe(file);
        for (AgentAdapter a : Agents.all()) {
            if (a.recognises(probe)) {
                return a.file(file);
            }
        }
        return TranscriptFile.unrecognised(file, reason(probe));
    }

    private static String reason(Probe probe) {
        if (probe.sqlite()) {
            return "a SQLite database without the tables of any known agent";
        }
        String first = probe.firstLine();
        if (first.isEmpty()) {
            return "empty or unreadable";
        }
        // Content is never quoted: it may hold a secret. Field names say enough.
        if (!probe.firstRecords().isEmpty()) {
            List<String> keys = new ArrayList<>();
            probe.firstRecords().get(0).fieldNames().forEachRemaining(keys::add);
            return "JSON records of no known agent's format (first record's fields: "
                    + String.join(", ", keys.subList(0, Math.min(8, keys.size()))) + ")";
        }
        return "not JSON, SQLite or a known agent's history file";
    }
}
