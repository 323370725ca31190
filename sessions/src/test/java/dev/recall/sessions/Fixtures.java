package dev.recall.sessions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The transcript fixtures under testdata/transcripts, copied into a temp dir so tests can change them. */
final class Fixtures {
    static final Path SOURCE = Path.of("../testdata/transcripts").toAbsolutePath().normalize();
    static final String FIXTURE_CWD = "/home/dana/src/ledgerd";
    static final String CLAUDE_SESSION = "7f3c2a9e-1b4d-4c8e-9a2f-5d6e7f8a9b0c";
    static final String SUBAGENT_SESSION = CLAUDE_SESSION + ":agent-a1b2c3d";
    static final String CODEX_SESSION = "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
    static final String CODEX_ZST_SESSION = "0199a1b3-0000-7e5f-8a9b-0c1d2e3f4a5c";

    private Fixtures() {}

    /**
     * Copies the fixtures to {@code dir}; plain files get {@code cwd} in place of the fixture's cwd (the .zst
     * rollout is copied as is). Returns the roots to discover them with.
     */
    static TranscriptDiscovery.Roots copy(Path dir, String cwd) {
        try (Stream<Path> walk = Files.walk(SOURCE)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                Path target = dir.resolve(SOURCE.relativize(p).toString());
                Files.createDirectories(target.getParent());
                String name = p.getFileName().toString();
                if (name.endsWith(".jsonl") && cwd != null) {
                    Files.writeString(target, Files.readString(p).replace(FIXTURE_CWD, cwd));
                } else {
                    Files.copy(p, target);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new TranscriptDiscovery.Roots(List.of(dir.resolve("claude/projects")),
                List.of(dir.resolve("codex/sessions")));
    }

    static Path claudeMain(Path dir) {
        return dir.resolve("claude/projects/-home-dana-src-ledgerd/" + CLAUDE_SESSION + ".jsonl");
    }

    static Path codexMain(Path dir) {
        return dir.resolve("codex/sessions/2026/09/03/rollout-2026-09-03T10-15-00-" + CODEX_SESSION + ".jsonl");
    }

    /** name -> fake secret, from planted-secrets.tsv. */
    static Map<String, String> plantedSecrets() {
        try {
            Map<String, String> out = new LinkedHashMap<>();
            for (String line : Files.readAllLines(SOURCE.resolve("planted-secrets.tsv"), StandardCharsets.UTF_8)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t", 2);
                out.put(parts[0], parts[1]);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
