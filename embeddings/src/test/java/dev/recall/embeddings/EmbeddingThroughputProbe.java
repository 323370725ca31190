package dev.recall.embeddings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Not a test: measures document throughput and single-query latency of the bundled models on
 * SciFact, read from outside the repository.
 *
 * <p>Usage: {@code EmbeddingThroughputProbe [scifactDir] [cacheDir]}
 */
public final class EmbeddingThroughputProbe {

    private static final int DOCUMENTS = 300;
    private static final int QUERIES = 50;

    private EmbeddingThroughputProbe() {}

    public static void main(String[] args) throws IOException {
        Path scifact = Path.of(args.length > 0 ? args[0] : "/work/shared/eval/scifact");
        Path cache = Path.of(args.length > 1 ? args[1] : "target/test-cache");
        List<String> documents = readJsonl(scifact.resolve("corpus.jsonl"), DOCUMENTS,
                node -> node.path("title").asText() + " " + node.path("text").asText());
        List<String> queries = readJsonl(scifact.resolve("queries.jsonl"), QUERIES,
                node -> node.path("text").asText());
        System.out.printf("%d documents (mean %.0f chars), %d queries (mean %.0f chars), %d cores%n",
                documents.size(), documents.stream().mapToInt(String::length).average().orElse(0),
                queries.size(), queries.stream().mapToInt(String::length).average().orElse(0),
                Runtime.getRuntime().availableProcessors());
        measure("bge-small-en-v1.5-q, 512 tokens", EmbeddingConfig.defaults(), cache, documents, queries);
        measure("bge-small-en-v1.5-q, 256 tokens", EmbeddingConfig.defaults().withMaxTokens(256),
                cache, documents, queries);
        measure("all-minilm-l6-v2-q, 256 tokens", EmbeddingConfig.bundled(EmbeddingConfig.MINILM),
                cache, documents, queries);
        System.out.println("peak RSS: " + peakRss());
    }

    private static void measure(String label, EmbeddingConfig config, Path cache,
            List<String> documents, List<String> queries) {
        long openStart = System.nanoTime();
        try (Embedder embedder = Embedders.open(config, cache)) {
            double openMs = (System.nanoTime() - openStart) / 1e6;
            embedder.embedDocuments(documents.subList(0, 32)); // warm-up
            for (int i = 0; i < 10; i++) {
                embedder.embedQuery(queries.get(i));
            }
            long start = System.nanoTime();
            long cpuStart = processCpuNanos();
            embedder.embedDocuments(documents);
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuSeconds = (processCpuNanos() - cpuStart) / 1e9;
            double[] latencies = new double[queries.size()];
            for (int i = 0; i < queries.size(); i++) {
                long t = System.nanoTime();
                embedder.embedQuery(queries.get(i));
                latencies[i] = (System.nanoTime() - t) / 1e6;
            }
            Arrays.sort(latencies);
            System.out.printf("%-34s open %5.0f ms | %5.1f docs/s (%.1f s, %.1f CPU-s for %d)"
                    + " | query p50 %5.1f ms, p90 %5.1f ms | load %s%n",
                    label, openMs, documents.size() / seconds, seconds, cpuSeconds,
                    documents.size(), latencies[latencies.length / 2],
                    latencies[(int) (latencies.length * 0.9)], loadAverage());
        }
    }

    private interface Text {
        String of(JsonNode node);
    }

    private static List<String> readJsonl(Path file, int limit, Text text) throws IOException {
        JsonMapper mapper = new JsonMapper();
        List<String> out = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while (out.size() < limit && (line = reader.readLine()) != null) {
                if (!line.isBlank()) {
                    out.add(text.of(mapper.readTree(line)));
                }
            }
        }
        return out;
    }

    /** Includes ONNX Runtime's native threads; less distorted than wall time on a busy machine. */
    private static long processCpuNanos() {
        return ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class)
                .getProcessCpuTime();
    }

    private static String loadAverage() {
        return String.format("%.1f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static String peakRss() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return "unknown";
        }
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("VmHWM"))
                .map(l -> l.substring(6).strip()).findFirst().orElse("unknown");
    }
}
