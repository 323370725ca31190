package dev.recall.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small made-up BEIR-style corpus.jsonl, so model-backed tests embed a hundred sentences, not forty thousand.
 * Each document's last sentence has no full stop and some first sentences start in lower case, as in real
 * corpora, so a body that wraps around a document cannot be cut into sentences by punctuation alone. Every
 * document names a code identifier ({@code events_table}), so some queries hold one, as agents' queries do.
 */
final class TinyCorpus {
    private static final List<String> TOPICS = List.of("cache", "retry", "export", "billing", "search", "login",
            "upload", "metrics", "sharding", "backup", "queue", "scheduler", "mailer", "parser", "thumbnail",
            "webhook", "audit", "session", "payment", "importer", "indexer", "renderer");
    private static final List<String> PLACES = List.of("staging cluster", "mobile client", "nightly job",
            "admin console", "public API", "worker pool");

    private TinyCorpus() {}

    static Path write(Path dir, String variant) {
        List<String> lines = new ArrayList<>();
        for (int d = 0; d < TOPICS.size(); d++) {
            String topic = TOPICS.get(d);
            String place = PLACES.get(d % PLACES.size());
            List<String> s = List.of(
                    (d % 3 == 0 ? "the " : "The ") + topic + " code in the " + place + " times out after " + (d + 3)
                            + " seconds under load.",
                    "We traced the " + topic + " failures to a missing index on the events_table " + variant + ".",
                    "Raising the pool size fixed the " + topic + " latency but doubled memory on the " + place + ".",
                    "Next time check the " + topic + " dashboard before paging anyone on call " + d);
            lines.add(String.format(Locale.ROOT, "{\"_id\": \"%d\", \"title\": \"How the %s of the %s broke in"
                    + " release %d and what fixed it\", \"text\": \"%s\"}", d, topic, place, d,
                    String.join(" ", s)));
        }
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve("corpus-" + variant + ".jsonl");
            Files.write(file, lines, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
