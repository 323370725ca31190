package dev.recall.sessions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The redaction corpus under testdata/secrets: planted secrets in transcripts, and ordinary text that has none. */
final class SecretCorpus {
    static final Path DIR = Path.of("../testdata/secrets").toAbsolutePath().normalize();

    /** One planted secret: its id, the form it was written in, and the value that must never be kept. */
    record Planted(String id, String form, String secret) {}

    private SecretCorpus() {}

    static List<Planted> planted() {
        List<Planted> out = new ArrayList<>();
        for (String line : read(DIR.resolve("planted.tsv")).split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] p = line.split("\t", 3);
            out.add(new Planted(p[0], p[1], p[2]));
        }
        return out;
    }

    static TranscriptDiscovery.Roots roots() {
        return new TranscriptDiscovery.Roots(List.of(DIR.resolve("claude/projects")),
                List.of(DIR.resolve("codex/sessions")));
    }

    /** The negative corpus: name -> text. */
    static List<Path> negatives() {
        try (Stream<Path> s = Files.list(DIR.resolve("negative"))) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The planted secrets that occur in {@code bytes} (read as ISO-8859-1, byte for byte). */
    static List<String> leaked(List<Planted> planted, String bytes) {
        List<String> out = new ArrayList<>();
        for (Planted p : planted) {
            if (bytes.contains(p.secret())) {
                out.add(p.id());
            }
        }
        return out;
    }
}
