package dev.recall.cli;

import dev.recall.eval.CollectionException;
import dev.recall.eval.CollectionFormat;
import dev.recall.eval.EmbeddingCache;
import dev.recall.eval.EvalMode;
import dev.recall.eval.EvalReport;
import dev.recall.eval.EvalResult;
import dev.recall.eval.EvalSettings;
import dev.recall.eval.Evaluation;
import dev.recall.eval.LexicalSettings;
import dev.recall.eval.TestCollection;
import dev.recall.eval.VectorReport;
import dev.recall.fusion.ConvexFusion;
import dev.recall.fusion.Fusion;
import dev.recall.fusion.ReciprocalRankFusion;
import dev.recall.index.VectorEncoding;
import dev.recall.index.analysis.AnalyzerKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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

    @Option(names = "--format", defaultValue = "beir",
            description = "beir (corpus.jsonl, queries.jsonl, qrels/test.tsv) or trec (CACM layout).")
    String format;

    @Option(names = "--mode", defaultValue = "lexical", description = "lexical (default), vector or hybrid.")
    String mode;

    @Option(names = "--analyzer", description = "BM25 analysis: code (default) or english.")
    String analyzer;

    @Option(names = "--k1", description = "BM25 k1 (default 1.2).")
    Float k1;

    @Option(names = "--b", description = "BM25 b (default 0.75).")
    Float b;

    @Option(names = "--fusion", defaultValue = "rrf", description = "Hybrid fusion: rrf (default) or convex.")
    String fusion;

    @Option(names = "--rrf-k", defaultValue = "60", description = "RRF's k (default ${DEFAULT-VALUE}).")
    int rrfK;

    @Option(names = "--convex-weight", defaultValue = "0.5",
            description = "Convex fusion: the lexical leg's weight, 0..1 (default ${DEFAULT-VALUE}).")
    double convexWeight;

    @Option(names = "--window", defaultValue = "100",
            description = "W: hits per hybrid leg; the vector search is asked for max(100, W) (default ${DEFAULT-VALUE}).")
    int window;

    @Option(names = "--encoding", description = "HNSW vectors: float32 or int8 (default from config, else float32).")
    String encoding;

    @Option(names = "--exact", description = "Brute-force vector search instead of HNSW.")
    boolean exact;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Option(names = "--per-query", description = "With --json: each judged query's measures too (for paired tests).")
    boolean perQuery;

    @Override
    public Integer call() {
        EvalSettings settings = settings();
        CollectionFormat collectionFormat = parse(() -> CollectionFormat.parse(format));
        if (!Files.isDirectory(collection)) {
            throw new CliException(ExitCode.USAGE, "collection directory not found: " + collection);
        }
        TestCollection test = read(collectionFormat);
        Evaluation evaluation = new Evaluation(
                new EmbeddingCache(app.dataDir().resolve("cache").resolve("eval"), app::notice),
                app::embedder, new ConsoleProgress(app.err, false));
        EvalReport report;
        try {
            report = evaluation.run(test, settings);
        } catch (IOException e) {
            throw new CliException(ExitCode.ERROR, "evaluation failed: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            // e.g. no topic has a relevant judgment: the collection, not the command line, is at fault
            throw new CliException(ExitCode.REJECTED, collection + ": " + e.getMessage());
        }
        if (json) {
            app.printJson(json(test, collectionFormat, report));
        } else {
            print(test, collectionFormat, report);
        }
        return ExitCode.OK.code;
    }

    private EvalSettings settings() {
        EvalMode evalMode = parse(() -> EvalMode.parse(mode));
        LexicalSettings base = LexicalSettings.recommended();
        LexicalSettings lexical = parse(() -> LexicalSettings.combined(
                analyzer == null ? base.analyzer() : AnalyzerKind.parse(analyzer),
                k1 == null ? base.k1() : k1, b == null ? base.b() : b));
        Fusion f = parse(() -> switch (fusion.strip().toLowerCase(Locale.ROOT)) {
            case "rrf" -> new ReciprocalRankFusion(rrfK);
            case "convex" -> new ConvexFusion(convexWeight);
            default -> throw new IllegalArgumentException("unknown fusion '" + fusion + "': expected rrf or convex");
        });
        // a lexical run never touches the data dir, not even its config
        VectorEncoding vectorEncoding = encoding != null ? parse(() -> VectorEncoding.parse(encoding))
                : evalMode == EvalMode.LEXICAL ? VectorEncoding.FLOAT32 : app.config().encoding();
        return parse(() -> new EvalSettings(evalMode, lexical, f, window, vectorEncoding, exact));
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
        out.put("depth", r.depth());
        out.put("settings", settingsJson(r.settings()));
        r.vectors().ifPresent(v -> out.put("vectors", vectorsJson(v)));
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
        if (s.mode() != EvalMode.VECTOR) {
            out.put("analyzer", s.lexical().analyzer().name().toLowerCase(Locale.ROOT));
            out.put("k1", s.lexical().k1());
            out.put("b", s.lexical().b());
        }
        if (s.mode() == EvalMode.HYBRID) {
            switch (s.fusion()) {
                case ReciprocalRankFusion rrf -> {
                    out.put("fusion", "rrf");
                    out.put("rrf_k", rrf.k());
                }
                case ConvexFusion convex -> {
                    out.put("fusion", "convex");
                    out.put("convex_weight", convex.weight());
                }
                default -> out.put("fusion", s.fusion().toString());
            }
            out.put("window", s.window());
        }
        if (s.mode() != EvalMode.LEXICAL) {
            out.put("search", s.exact() ? "exact" : "hnsw");
            if (!s.exact()) {
                out.put("encoding", s.encoding().name().toLowerCase(Locale.ROOT));
            }
            out.put("candidates", s.candidates());
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
        out.put("search_ms_p50", v.searchMillisP50());
        return out;
    }

    private static Double finiteOrNull(double value) {
        return Double.isFinite(value) ? value : null;
    }

    private void print(TestCollection test, CollectionFormat collectionFormat, EvalReport r) {
        EvalSettings s = r.settings();
        StringBuilder what = new StringBuilder(s.mode().label());
        if (s.mode() == EvalMode.HYBRID) {
            what.append(switch (s.fusion()) {
                case ReciprocalRankFusion rrf -> " rrf k=" + rrf.k();
                case ConvexFusion convex -> " convex weight=" + convex.weight();
                default -> " " + s.fusion();
            }).append(" W=").append(s.window());
        }
        if (s.mode() != EvalMode.VECTOR) {
            what.append(String.format(Locale.ROOT, ", bm25 %s k1=%s b=%s",
                    s.lexical().analyzer().name().toLowerCase(Locale.ROOT), s.lexical().k1(), s.lexical().b()));
        }
        r.vectors().ifPresent(v -> what.append(", ").append(v.model()).append(' ')
                .append(s.exact() ? "exact" : "hnsw " + s.encoding().name().toLowerCase(Locale.ROOT))
                .append(" k=").append(v.candidates()));
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
            if (!s.exact()) {
                app.out.printf(Locale.ROOT, "hnsw: recall@10 against exact %.4f (k=%d), %.4f (k=10); index %.1f MB%n",
                        v.hnswRecall10(), v.candidates(), v.hnswRecall10AtK10(), v.indexBytes() / 1e6);
            }
            app.out.printf(Locale.ROOT, "latency p50: query embedding %.1f ms, vector search %.2f ms%n",
                    v.queryEmbedMillisP50(), v.searchMillisP50());
        });
        app.out.printf(Locale.ROOT, "%.1f s%n", r.elapsed().toMillis() / 1000.0);
    }
}
