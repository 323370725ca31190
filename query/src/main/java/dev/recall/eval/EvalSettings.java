package dev.recall.eval;

import dev.recall.index.VectorEncoding;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.FusionMethod;
import dev.recall.search.LexicalWeights;
import dev.recall.search.SearchMode;
import dev.recall.search.SearchRequest;
import dev.recall.store.EntryFilter;
import java.util.Objects;

/**
 * What one evaluation run measures: a {@code recall query} request (mode, window, fusion, BM25 weights) plus what
 * the throwaway indexes are built with. Every default is the product's own ({@link SearchRequest}).
 *
 * @param analysis how the lexical index analyses text (the product's is code; english reproduces Anserini)
 * @param weights BM25 k1 and b, field and boost weights, as `recall query` takes them
 * @param window W: how many candidates each leg contributes before fusion (and how deep a vector run is)
 * @param encoding how the HNSW index stores vectors
 */
public record EvalSettings(SearchMode mode, AnalyzerKind analysis, LexicalWeights weights, FusionMethod fusion,
                           int rrfK, double convexWeight, int window, VectorEncoding encoding) {
    public EvalSettings {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(analysis, "analysis");
        Objects.requireNonNull(weights, "weights");
        Objects.requireNonNull(fusion, "fusion");
        Objects.requireNonNull(encoding, "encoding");
        // the query's own checks, so a bad value is refused before any index is built
        SearchRequest.builder("check").mode(mode).filter(EntryFilter.ANY).limit(1).window(window).fusion(fusion)
                .rrfK(rrfK).convexWeight(convexWeight).weights(weights).build();
    }

    /** What `recall query --mode MODE` runs with no options: code analysis, the shipped weights, W and fusion. */
    public static EvalSettings defaults(SearchMode mode) {
        return new EvalSettings(mode, AnalyzerKind.CODE, LexicalWeights.DEFAULTS, SearchRequest.DEFAULT_FUSION,
                SearchRequest.DEFAULT_RRF_K, SearchRequest.DEFAULT_CONVEX_WEIGHT, SearchRequest.DEFAULT_WINDOW,
                VectorEncoding.FLOAT32);
    }

    /** Anserini's reference BM25: English analysis, k1 0.9, b 0.4, no boosts. */
    public static EvalSettings anserini() {
        return defaults(SearchMode.LEXICAL).withLexical(AnalyzerKind.ENGLISH,
                LexicalWeights.DEFAULTS.withBm25(0.9f, 0.4f).withoutBoosts());
    }

    public EvalSettings withLexical(AnalyzerKind newAnalysis, LexicalWeights newWeights) {
        return new EvalSettings(mode, newAnalysis, newWeights, fusion, rrfK, convexWeight, window, encoding);
    }

    public EvalSettings withFusion(FusionMethod newFusion, int newRrfK, double newConvexWeight, int newWindow) {
        return new EvalSettings(mode, analysis, weights, newFusion, newRrfK, newConvexWeight, newWindow, encoding);
    }

    public EvalSettings withEncoding(VectorEncoding newEncoding) {
        return new EvalSettings(mode, analysis, weights, fusion, rrfK, convexWeight, window, newEncoding);
    }

    /** The query a topic becomes: the first {@code limit} hits, no filter, no score explanations. */
    SearchRequest request(String text, int limit) {
        return SearchRequest.builder(text).mode(mode).filter(EntryFilter.ANY).limit(limit).window(window).fusion(fusion)
                .rrfK(rrfK).convexWeight(convexWeight).weights(weights).build();
    }
}
