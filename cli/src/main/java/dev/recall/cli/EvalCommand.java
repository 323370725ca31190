package dev.recall.cli;

import dev.recall.eval.CollectionException;
import dev.recall.eval.CollectionFormat;
import dev.recall.eval.EmbeddingCache;
import dev.recall.eval.EvalReport;
import dev.recall.eval.EvalResult;
import dev.recall.eval.EvalSettings;
import dev.recall.eval.Evaluation;
import dev.recall.eval.TestCollection;
import dev.recall.eval.VectorReport;
import dev.recall.index.VectorEncoding;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.FusionMethod;
import dev.recall.search.LexicalWeights;
import dev.recall.search.SearchMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Measures retrieval quality on a public test collection, through throwaway indexes: nothing in the data dir
 * changes except the cache of collection embeddings ({@code <data-dir>/cache/eval}).
 *
 * <p>Exit codes: 2 for a wrong command line or a collection directory that does not exist; 3 when the directory
 * exists but a collection file is missing or malformed (the message names the file and line).
 */
@Command(name = "eval", description = "Measure retrieval quality (nDCG@10, MAP, P@30, Recall@100) on a public "
        + "test collection in BEIR or TREC layout, through throwaway indexes.")
final class EvalCommand implements Callable<Integer> {
    private final App app;

    EvalCommand(App app) {
        this.app = app;
    }

    @Option(names = "--collection", required = true, paramLabel = "DIR",
            description = "The collection directory (e.g. ../shared/eval/scifact).")
    Path collection;

    @Option(names = "--collection-format", defaultValue = "beir",
            description = "beir (corpus.jsonl, queries.jsonl, qrels/test.tsv; default) or trec (CACM layout).")
    String format;

    @Option(names = "--mode", defaultValue = "lexical", description = "lexical (default), vector or hybrid.")
    String mode;

    @Option(names = "--analyzer", description = "BM25 analysis: code (default, the product's) or english.")
    String analyzer;

    @Option(names = "--k1", description = "BM25 k1 (default: the product's, 1.2).")
    Float k1;

    @Option(names = "--b", description = "BM25 b (default: the product's, 0.75).")
    Float b;

    @Option(names = "--no-boosts", description = "Plain BM25: switch off the lexical boosts (as Anserini runs).")
    boolean noBoosts;

    @Option(names = "--fusion", description = "Hybrid fusion: rrf or convex (default: the product's).")
    String fusion;

    @Option(names = "--rrf-k", description = "RRF's k (default: the product's).")
    Integer rrfK;

    @Option(names = "--convex-weight", description = "Convex fusion: the lexical leg's weight, 0..1 (default: the product's).")
    Double convexWeight;

    @Option(names = "--window", description = "W: candidates per leg before fusion (default: the product's, 200).")
    Integer window;

    @Option(names = "--encoding", description = "HNSW vectors: float32 or int8 (default from config, else float32).")
    String encoding;

    @Mixin
    OutputFormat output;

    @Mixin
    BackendOptions backend;

    @Option(names = "--per-query", description = "With --json: each judged query's measures too (for paired tests).")
    boolean perQuery;

    @Override
    public Integer call() {
        EvalSettings settings = settings();
        CollectionFormat collectionFormat = CollectionFormat.parse(format);
        if (!Files.isDirectory(collection)) {
            throw new CliException(ExitCode.USAGE, "collection directory not found: " + collection);
        }
        TestCollection test = read(collectionFormat);
        Evaluation evaluation = new Evaluation(
                new EmbeddingCache(app.dataDir().resolve("cache").resolve("eval"), app::notice),
                app::embedder, new ConsoleProgress(app.err, false), app::notice);
        EvalReport report;
        try {
            report = evaluation.run(test, settings, backend.choose(app, "recall-eval"));
        } catch (IOException e) {
            throw new CliException(ExitCode.ERROR, "evaluation failed: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            // e.g. no topic has a relevant judgment: the collection, not the command line, is at fault
            throw new CliException(ExitCode.REJECTED, collection + ": " + e.getMessage());
        }
        if (output.json()) {
            app.printJson(json(test, collectionFormat, report));
        } else {
            print(test, collectionFormat, report);
        }
        return ExitCode.OK.code;
    }

    /** The product's defaults for the mode, with what the command line overrides. */
    private EvalSettings settings() {
        SearchMode evalMode = SearchMode.parse(mode);
        EvalSettings base = EvalSettings.defaults(evalMode);
        AnalyzerKind analysis = analyzer == null ? base.analysis() : AnalyzerKind.parse(analyzer);
        LexicalWeights weights = base.weights().withBm25(k1 == null ? base.weights().k1() : k1,
                b == null ? base.weights().b() : b);
        if (noBoosts) {
            weights = weights.withoutBoosts();
        }
        FusionMethod method = fusion == null ? base.fusion() : FusionMethod.parse(fusion);
        // a lexical run never touches the data dir, not even its config
        VectorEncoding vectorEncoding = encoding != null ? VectorEncoding.parse("encoding", encoding)
                : evalMode == SearchMode.LEXICAL ? VectorEncoding.FLOAT32 : app.config().encoding();
        LexicalWeights w = weights;
        return parse(() -> base.withLexical(analysis, w)
                .withFusion(method, rrfK == null ? base.rrfK() : rrfK,
                        convexWeight == null ? base.convexWeight() : convexWeight, window == null ? base.window() : window)
                .withEncoding(vectorEncoding));
    }

    private TestCollection read(CollectionFormat collectionFormat) {
        try {
            return collectionFormat.read(collection);
        } catch (CollectionException e) {
            throw new CliException(ExitCode.REJECTED, e.getMessage());
        } catch (IOException e) {
            throw new CliException(ExitCode.ERROR, "cannot read collection " + collection + ": " + e.getMessage());
        }
    }

    private interface Parse<T> {
        T get();
    }

    /** Any value the command line got wrong is a usage error, exit 2. */
    private static <T> T parse(Parse<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
    }

    private Map<String, Object> json(TestCollection test, CollectionFormat collectionFormat, EvalReport r) {
        EvalResult m = r.result();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ndcg_cut_10", m.ndcgCut10());
        out.put("map", m.map());
        out.put("P_30", m.p30());
        out.put("recall_100", m.recall100());
        out.put("queries", m.queries());
        out.put("collection", test.name());
        out.put("collection_dir", collection.toAbsolutePath().normalize().toString());
        out.put("format", collectionFormat.name().toLowerCase(Locale.ROOT));
        out.put("docs", r.docs());
        out.put("mode", r.settings().mode().label());
        out.put("backend", backend.describe());
        out.put("depth", r.depth());
        out.put("settings", settingsJson(r.settings()));
        r.vectors().ifPresent(v -> out.put("vectors", vectorsJson(v)));
        out.put("query_ms_p50", r.queryLatencies().p50Millis());
        out.put("query_ms_p90", r.queryLatencies().p90Millis());
        out.put("seconds", r.elapsed().toMillis() / 1000.0);
        if (perQuery) {
            Map<String, Object> queries = new LinkedHashMap<>();
            m.perQuery().forEach((id, q) -> {
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("ndcg_cut_10", q.ndcgCut10());
                one.put("map", q.map());
                one.put("P_30", q.p30());
                one.put("recall_100", q.recall100());
                queries.put(id, one);
            });
            out.put("per_query", queries);
        }
        return out;
    }

    private static Map<String, Object> settingsJson(EvalSettings s) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (s.mode() != SearchMode.VECTOR) {
            out.put("analyzer", s.analysis().name().toLowerCase(Locale.ROOT));
            out.put("k1", s.weights().k1());
            out.put("b", s.weights().b());
            out.put("boosts", !s.weights().equals(s.weights().withoutBoosts()));
        }
        if (s.mode() == SearchMode.HYBRID) {
            out.put("fusion", s.fusion().label());
            if (s.fusion() == FusionMethod.RRF) {
                out.put("rrf_k", s.rrfK());
            } else {
                out.put("convex_weight", s.convexWeight());
            }
        }
        out.put("window", s.window());
        if (s.mode() != SearchMode.LEXICAL) {
            out.put("encoding", s.encoding().name().toLowerCase(Locale.ROOT));
        }
        return out;
    }

    private static Map<String, Object> vectorsJson(VectorReport v) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("model", v.model());
        out.put("fingerprint", v.fingerprint());
        out.put("cached", v.cached());
        out.put("cache_file", v.cacheFile().toString());
        out.put("embed_seconds", v.embedSeconds());
        out.put("docs_per_second", v.docsPerSecond());
        out.put("hnsw_recall_10", finiteOrNull(v.hnswRecall10()));
        out.put("hnsw_recall_10_k10", finiteOrNull(v.hnswRecall10AtK10()));
        out.put("index_bytes", v.indexBytes());
        out.put("index_files", v.indexFiles());
        out.put("queries_embedded", v.queriesEmbedded());
        out.put("query_embed_ms_p50", v.queryEmbedMillisP50());
        return out;
    }

    private static Double finiteOrNull(double value) {
        return Double.isFinite(value) ? value : null;
    }

    private void print(TestCollection test, CollectionFormat collectionFormat, EvalReport r) {
        EvalSettings s = r.settings();
        StringBuilder what = new StringBuilder(s.mode().label());
        if (s.mode() == SearchMode.HYBRID) {
            what.append(switch (s.fusion()) {
                case RRF -> " rrf k=" + s.rrfK();
                case CONVEX -> " convex weight=" + s.convexWeight();
                case ADAPTIVE -> " adaptive"; // the weight is the lexical leg's coverage, per query
            });
        }
        what.append(" W=").append(s.window());
        if (s.mode() != SearchMode.VECTOR) {
            what.append(String.format(Locale.ROOT, ", bm25 %s k1=%s b=%s%s",
                    s.analysis().name().toLowerCase(Locale.ROOT), s.weights().k1(), s.weights().b(),
                    s.weights().equals(s.weights().withoutBoosts()) ? " no boosts" : ""));
        }
        r.vectors().ifPresent(v -> what.append(", ").append(v.model()).append(" hnsw ")
                .append(s.encoding().name().toLowerCase(Locale.ROOT)).append(" k=").append(v.candidates()));
        if (!backend.describe().equals("embedded")) {
            what.append(", backend ").append(backend.describe());
        }
        app.out.printf("%s (%s, %d docs): %s%n", test.name(), collectionFormat.name().toLowerCase(Locale.ROOT),
                r.docs(), what);
        EvalResult m = r.result();
        app.out.printf(Locale.ROOT, "ndcg_cut_10 %.4f  map %.4f  P_30 %.4f  recall_100 %.4f  queries %d  (depth %d)%n",
                m.ndcgCut10(), m.map(), m.p30(), m.recall100(), m.queries(), r.depth());
        r.vectors().ifPresent(v -> {
            if (v.cached()) {
                app.out.println("document vectors: cached, " + v.cacheFile());
            } else {
                app.out.printf(Locale.ROOT, "document vectors: embedded %d in %.1f s (%.1f docs/s), cached in %s%n",
                        r.docs(), v.embedSeconds(), v.docsPerSecond(), v.cacheFile());
            }
            app.out.printf(Locale.ROOT, "hnsw: recall@10 against exact %.4f (k=%d), %.4f (k=10); index %.1f MB%n",
                    v.hnswRecall10(), v.candidates(), v.hnswRecall10AtK10(), v.indexBytes() / 1e6);
            app.out.printf(Locale.ROOT, "query embedding p50 %.1f ms%n", v.queryEmbedMillisP50());
        });
        app.out.printf(Locale.ROOT, "query p50 %.1f ms, p90 %.1f ms (depth %d, through recall's search); %.1f s%n",
                r.queryLatencies().p50Millis(), r.queryLatencies().p90Millis(), r.depth(),
                r.elapsed().toMillis() / 1000.0);
    }
}
