package dev.recall.search;

import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.embeddings.Pooling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Not a test: prints lexical, vector and hybrid fusion variants on the judged and regression sets. Arguments are
 * variants as fusion:rrfK:convexWeight:window, e.g. {@code rrf:60:0.5:200 convex:60:0.5:200 adaptive:60:0.5:200},
 * optionally after {@code --model-dir=DIR} (an ONNX model dir with CLS pooling and 512 tokens, e.g. the float32
 * bge-small export, instead of the bundled model), {@code --model=NAME} (another bundled model, or several joined by
 * {@code +}: one combined vector leg), {@code --no-query-prefix} (queries without the bundled model's
 * instruction) or {@code --query-prefix=TEXT}, and {@code --per-query=DIR} (each mode's per-query measures as JSON
 * files for bench/scripts/paired-test.py).
 */
public final class FusionProbe {
    private FusionProbe() {}

    public static void main(String[] args) throws Exception {
        JudgedSetTest t = new JudgedSetTest();
        List<String> variants = new ArrayList<>();
        Path perQuery = null;
        for (String a : args) {
            if (a.startsWith("--model-dir=")) {
                t.embedding = EmbeddingConfig.onnxDir(Path.of(a.substring("--model-dir=".length())), Pooling.CLS, 512);
            } else if (a.startsWith("--model=")) {
                t.embedding = t.embedding.withBundledModel(a.substring("--model=".length()));
            } else if (a.startsWith("--per-query=")) {
                perQuery = Files.createDirectories(Path.of(a.substring("--per-query=".length())));
            } else if (a.equals("--no-query-prefix")) {
                t.embedding = t.embedding.withoutQueryPrefix();
            } else if (a.equals("--query-prefix")) {
                t.embedding = t.embedding.withModelQueryPrefix();
            } else if (a.startsWith("--query-prefix=")) {
                t.embedding = t.embedding.withQueryPrefix(a.substring("--query-prefix=".length()));
            } else {
                variants.add(a);
            }
        }
        t.load(Files.createTempDirectory("recall-fusion-probe"));
        List<Function<SearchRequest, SearchRequest>> tweaks = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (String a : variants) {
            String[] p = a.split(":");
            FusionMethod method = FusionMethod.parse(p[0]);
            int k = Integer.parseInt(p[1]);
            double w = Double.parseDouble(p[2]);
            int window = Integer.parseInt(p[3]);
            tweaks.add(r -> SearchRequest.builder(r.text()).mode(r.mode()).filter(r.filter()).limit(r.limit())
                    .window(window).fusion(method).rrfK(k).convexWeight(w).weights(r.weights()).build());
            names.add(a);
        }
        System.out.println(t.variants(tweaks, names, perQuery));
        t.close();
    }
}
