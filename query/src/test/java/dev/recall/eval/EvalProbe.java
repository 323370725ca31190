package dev.recall.eval;

import dev.recall.index.analysis.AnalyzerKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures BM25 on a test collection from the command line; every list-valued option is swept. Run from the
 * repository root with the test classpath: query/target/test-classes, query/target/classes,
 * index/target/classes, lucene-core and lucene-analysis-common 10.6.0, jackson-databind, -core and -annotations
 * 2.23 (the maven-dependency-plugin cannot resolve offline here, so list the jars from ~/.m2). For example
 * <pre>
 * java -cp "$CP" dev.recall.eval.EvalProbe --collection ../shared/eval/cacm --format trec \
 *     --analyzer english --k1 0.9 --b 0.4
 * java -cp "$CP" dev.recall.eval.EvalProbe --collection ../shared/eval/scifact --format beir \
 *     --analyzer english,code --k1 0.9,1.2 --b 0.4,0.75 --layout combined,separate --title-weight 1,2
 * </pre>
 */
public final class EvalProbe {
    private EvalProbe() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = parse(args);
        Path dir = Path.of(require(opts, "collection"));
        CollectionFormat format = CollectionFormat.parse(opts.getOrDefault("format", "beir"));
        int depth = Integer.parseInt(opts.getOrDefault("depth", String.valueOf(EvalRunner.DEFAULT_DEPTH)));
        long t0 = System.nanoTime();
        TestCollection collection = format.read(dir);
        System.out.printf(Locale.ROOT, "%s: %d docs, %d topics, %d judged; read in %d ms%n", collection.name(),
                collection.docs().size(), collection.topics().size(), collection.judgedTopics().size(),
                (System.nanoTime() - t0) / 1_000_000);
        for (String analyzer : list(opts, "analyzer", "english")) {
            for (String layout : list(opts, "layout", "combined")) {
                for (String titleWeight : list(opts, "title-weight", "1")) {
                    for (String k1 : list(opts, "k1", "0.9")) {
                        for (String b : list(opts, "b", "0.4")) {
                            LexicalSettings settings = new LexicalSettings(AnalyzerKind.parse(analyzer),
                                    Float.parseFloat(k1), Float.parseFloat(b),
                                    LexicalSettings.FieldLayout.valueOf(layout.toUpperCase(Locale.ROOT)),
                                    Float.parseFloat(titleWeight));
                            probe(collection, settings, depth);
                        }
                    }
                }
            }
        }
    }

    private static void probe(TestCollection collection, LexicalSettings s, int depth) throws Exception {
        long t0 = System.nanoTime();
        try (LexicalCollectionIndex index = LexicalCollectionIndex.build(collection, s)) {
            long t1 = System.nanoTime();
            EvalResult r = new EvalRunner(depth).run(collection, index.retriever());
            long t2 = System.nanoTime();
            System.out.printf(Locale.ROOT,
                    "%-8s %-6s layout=%-19s tw=%-4s k1=%-4s b=%-4s  %s  index %d ms, search %d ms%n",
                    collection.name(), s.analyzer().name().toLowerCase(Locale.ROOT),
                    s.layout().name().toLowerCase(Locale.ROOT), fmt(s.titleWeight()), fmt(s.k1()), fmt(s.b()), r,
                    (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);
        }
    }

    private static String fmt(float f) {
        return f == (int) f ? String.valueOf((int) f) : String.valueOf(f);
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> opts = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 == args.length) {
                throw new IllegalArgumentException("expected --name value pairs, got " + String.join(" ", args));
            }
            opts.put(args[i].substring(2), args[++i]);
        }
        return opts;
    }

    private static String require(Map<String, String> opts, String name) {
        String v = opts.get(name);
        if (v == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return v;
    }

    private static List<String> list(Map<String, String> opts, String name, String fallback) {
        return new ArrayList<>(List.of(opts.getOrDefault(name, fallback).split(",")));
    }
}
