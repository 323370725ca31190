package dev.recall.search;

import dev.recall.index.EntryFields;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The lexical leg's parameters: BM25's k1 and b, the field weights and the boost weights. An immutable value;
 * the defaults were chosen by measurement (docs/benchmarks.md).
 */
public record LexicalWeights(
        float k1,
        float b,
        float title,
        float body,
        float trigger,
        float evidence,
        double identifier,
        double phrase,
        double entity,
        double temporal,
        double confidence) {

    public static final LexicalWeights DEFAULTS =
            new LexicalWeights(1.2f, 0.75f, 1.0f, 1.0f, 0.5f, 0.3f, 0.2, 0.1, 0.25, 0.3, 0.2);

    /** Plain BM25 over the same fields with no boosts: the baseline the boosts must beat. */
    public LexicalWeights withoutBoosts() {
        return new LexicalWeights(k1, b, title, body, trigger, evidence, 0, 0, 0, 0, 0);
    }

    public LexicalWeights withBm25(float newK1, float newB) {
        return new LexicalWeights(newK1, newB, title, body, trigger, evidence, identifier, phrase, entity, temporal,
                confidence);
    }

    Map<String, Float> fieldWeights() {
        Map<String, Float> m = new LinkedHashMap<>();
        m.put(EntryFields.TITLE, title);
        m.put(EntryFields.BODY, body);
        m.put(EntryFields.TRIGGER, trigger);
        m.put(EntryFields.EVIDENCE, evidence);
        return m;
    }
}
