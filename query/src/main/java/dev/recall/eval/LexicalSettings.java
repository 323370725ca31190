package dev.recall.eval;

import dev.recall.index.analysis.AnalyzerKind;
import java.util.Objects;

/**
 * How a collection is indexed for BM25: the analyzer, BM25's k1 and b, and where the title goes.
 *
 * @param titleWeight the query-time weight of the separate title field; ignored for {@link FieldLayout#COMBINED}
 */
public record LexicalSettings(AnalyzerKind analyzer, float k1, float b, FieldLayout layout, float titleWeight) {
    /** Where a document's title is indexed. */
    public enum FieldLayout {
        /** Title and text in one field, like Anserini's "flat" BEIR indexes. */
        COMBINED,
        /** Title and text in two fields, each scored by BM25 and summed, the title weighted. */
        SEPARATE,
        /** The combined field plus the title again in its own weighted field. */
        COMBINED_PLUS_TITLE
    }

    public LexicalSettings {
        Objects.requireNonNull(analyzer, "analyzer");
        Objects.requireNonNull(layout, "layout");
        if (!(k1 >= 0) || !(b >= 0 && b <= 1)) {
            throw new IllegalArgumentException("need k1 >= 0 and 0 <= b <= 1, got k1=" + k1 + " b=" + b);
        }
        if (!(titleWeight >= 0)) {
            throw new IllegalArgumentException("titleWeight must be >= 0, got " + titleWeight);
        }
    }

    /** Title and text in one field. */
    public static LexicalSettings combined(AnalyzerKind analyzer, float k1, float b) {
        return new LexicalSettings(analyzer, k1, b, FieldLayout.COMBINED, 1f);
    }

    /**
     * The measured default for recall: code analysis, k1=1.2, b=0.75, title and text in one field. On SciFact it
     * scores nDCG@10 0.6870 (English at Anserini's 0.9/0.4: 0.6789) and on CACM MAP 0.3330 (English: 0.3124).
     * The k1/b surface was flat on SciFact (0.682-0.691 over k1 0.6-2.0, b 0.3-0.9, within the noise of 300
     * queries) and CACM preferred k1 >= 1.2; 1.2/0.75 sits in the good region of both and is Lucene's and
     * OpenSearch's own BM25 default, so a later OpenSearch backend scores the same without extra settings. A
     * separate, weighted title field gained at most 0.002 on SciFact and needs a weight to tune: not worth it.
     */
    public static LexicalSettings recommended() {
        return combined(AnalyzerKind.CODE, 1.2f, 0.75f);
    }

    /** Anserini's reference BM25 configuration: English analysis, k1=0.9, b=0.4, one field. */
    public static LexicalSettings anserini() {
        return combined(AnalyzerKind.ENGLISH, 0.9f, 0.4f);
    }
}
