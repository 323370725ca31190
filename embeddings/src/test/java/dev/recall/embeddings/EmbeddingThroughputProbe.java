package dev.recall.embeddings;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Not a test: measures whole-batch document embedding of a bundled model, as the vector builders call it (one
 * {@code embedDocuments} over the whole list), in docs/s, process CPU-seconds per 1,000 documents (ONNX Runtime's
 * native threads included; less distorted than wall time on a shared machine) and tokens/s.
 *
 * <p>It uses only the public {@link Embedders} API, so the same source runs against an older jar for side-by-side
 * figures: {@code java -cp OLD.jar EmbeddingThroughputProbe.java ...} (the source launcher) and then the new one.
 *
 * <p>Usage: {@code EmbeddingThroughputProbe --model M --corpus FILE[,FILE...] [--limit N] [--repeat R]
 * [--chunk C] [--cache DIR] [--label L] [--vectors FILE] [--model-dir DIR]}: the first N documents of the files, the whole list R times over, embedded
 * in one call or (with C) in consecutive calls of C texts. The corpus is JSON lines: SciFact's {@code corpus.jsonl} ({@code title}, {@code text}) or recall entries
 * ({@code title}, {@code trigger}, {@code body}); each becomes the text the product embeds (title, newline, the
 * rest).
 */
public final class EmbeddingThroughputProbe {

    private EmbeddingThroughputProbe() {}

    public static void main(String[] args) throws IOException {
        Map<String, String> options = options(args);
        String model = options.getOrDefault("model", EmbeddingConfig.BGE_SMALL);
        String corpus = options.getOrDefault("corpus", "/work/shared/eval/scifact/corpus.jsonl");
        int limit = Integer.parseInt(options.getOrDefault("limit", "500"));
        int repeat = Integer.parseInt(options.getOrDefault("repeat", "1"));
        // 0: the whole list in one call (as eval's cache embeds a collection); 8: consecutive calls of 8 texts in
        // corpus order, as the vector builder embeds a store's entries (batch_size 8)
        int chunk = Integer.parseInt(options.getOrDefault("chunk", "0"));
        Path cache = Path.of(options.getOrDefault("cache", "target/test-cache"));
        String label = options.getOrDefault("label", "");
        List<String> documents = new ArrayList<>();
        for (String file : corpus.split(",")) {
            documents.addAll(readJsonl(Path.of(file), limit - documents.size()));
        }
        List<String> once = List.copyOf(documents);
        for (int i = 1; i < repeat; i++) {
            documents.addAll(once);
        }
        // --model-dir: a model dir (model.onnx + tokenizer.json, CLS pooling, 512 tokens), e.g. the float32 bge-small
        // export, timed against the bundled int8 one; --model then only names the tokenizer the tokens are counted by
        EmbeddingConfig config = options.containsKey("model-dir")
                ? EmbeddingConfig.onnxDir(Path.of(options.get("model-dir")), Pooling.CLS, 512)
                : EmbeddingConfig.bundled(model);
        try (Embedder embedder = Embedders.open(config, cache)) {
            long tokens = countTokens(model, embedder.identity().maxTokens(), documents);
            embedder.embedDocuments(documents.subList(0, Math.min(16, documents.size()))); // warm-up
            long start = System.nanoTime();
            long cpuStart = processCpuNanos();
            int step = chunk > 0 ? chunk : documents.size();
            List<float[]> vectors = new ArrayList<>();
            for (int from = 0; from < documents.size(); from += step) {
                vectors.addAll(embedder.embedDocuments(documents.subList(from, Math.min(documents.size(), from + step))));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuSeconds = (processCpuNanos() - cpuStart) / 1e9;
            // Single-query latency on the first 50 titles (the text before the first newline).
            double[] latencies = documents.stream().limit(50).mapToDouble(d -> {
                long t = System.nanoTime();
                embedder.embedQuery(d.substring(0, Math.max(0, d.indexOf('\n'))));
                return (System.nanoTime() - t) / 1e6;
            }).sorted().toArray();
            System.out.printf("%s %s %s (calls of %s): %d docs, %.0f tokens/doc | %.1f docs/s | %.1f CPU-s per 1,000 docs"
                    + " | %.0f tokens/s | %.1f s wall | query p50 %.1f ms | load %s%n",
                    label, model, Path.of(corpus.split(",")[0]).getFileName(), chunk > 0 ? chunk : "all", documents.size(), (double) tokens / documents.size(),
                    documents.size() / seconds, cpuSeconds * 1000 / documents.size(), tokens / seconds, seconds,
                    latencies[latencies.length / 2], loadAverage());
            if (options.containsKey("vectors")) {
                writeVectors(Path.of(options.get("vectors")), vectors);
            }
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> out = new java.util.HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value, got " + args[i]);
            }
            out.put(args[i].substring(2), args[i + 1]);
        }
        return out;
    }

    /** Tokens the model reads (special tokens included, truncated), counted by the bundled tokenizer. */
    private static long countTokens(String model, int maxTokens, List<String> documents) throws IOException {
        // Literals, not the embedders' constants: under the source launcher this class is in another runtime
        // package than the jar's, so package-private fields are out of reach.
        String resource = model.startsWith(EmbeddingConfig.MINILM)
                ? "all-minilm-l6-v2-q-tokenizer.json" : "bge-small-en-v1.5-q-tokenizer.json";
        String limit = Integer.toString(maxTokens);
        try (InputStream json = EmbeddingThroughputProbe.class.getClassLoader().getResourceAsStream(resource);
                HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.newInstance(json, Map.of(
                        "addSpecialTokens", "true", "truncation", "true", "padding", "false",
                        "maxLength", limit, "modelMaxLength", limit))) {
            long tokens = 0;
            for (String document : documents) {
                Encoding encoding = tokenizer.encode(document);
                tokens += encoding.getIds().length;
            }
            return tokens;
        }
    }

    private static List<String> readJsonl(Path file, int limit) throws IOException {
        JsonMapper mapper = new JsonMapper();
        List<String> out = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while (out.size() < limit && (line = reader.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node = mapper.readTree(line);
                StringBuilder text = new StringBuilder(node.path("title").asText()).append('\n');
                if (node.has("body")) {
                    String trigger = node.path("trigger").asText("");
                    if (!trigger.isBlank()) {
                        text.append(trigger).append('\n');
                    }
                    text.append(node.path("body").asText());
                } else {
                    text.append(node.path("text").asText());
                }
                out.add(text.toString());
            }
        }
        return out;
    }

    /** Little-endian float32 rows, for comparing two jars' vectors of the same texts. */
    private static void writeVectors(Path file, List<float[]> vectors) throws IOException {
        java.nio.ByteBuffer out = java.nio.ByteBuffer.allocate(vectors.size() * vectors.get(0).length * Float.BYTES)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (float[] v : vectors) {
            for (float x : v) {
                out.putFloat(x);
            }
        }
        Files.write(file, out.array());
    }

    private static long processCpuNanos() {
        return ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class)
                .getProcessCpuTime();
    }

    private static String loadAverage() {
        return String.format("%.1f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}
