package dev.recall.search;

import dev.recall.index.EntryFields;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The lexical leg's parameters: BM25's k1 and b, the field weights and the boost weights. An immutable value;
 * the defaults were chosen by measurement (docs/benchmarks.md). The title is in {@code content} (title and body)
 * and again in its own field at half weight: one saturated score for a term anywhere in the entry, a little more
 * when the title holds it.
 */
public record LexicalWeights(
        float k1,
        float b,
        float content,
        float title,
        float trigger,
        float evidence,
        double identifier,
        double phrase,
        double entity,
        double temporal,
        double confidence) {

    public static final LexicalWeights DEFAULTS = new Builder().build();

    /** Plain BM25 over the same fields with no boosts: the baseline the boosts must beat. */
    public LexicalWeights withoutBoosts() {
        return toBuilder().identifier(0).phrase(0).entity(0).temporal(0).confidence(0).build();
    }

    public LexicalWeights withBm25(float newK1, float newB) {
        return toBuilder().k1(newK1).b(newB).build();
    }

    /** A builder holding these weights, to change some of them. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The eleven weights by name; a new builder starts from the defaults. */
    public static final class Builder {
        private float k1 = 1.2f;
        private float b = 0.75f;
        private float content = 1.0f;
        private float title = 0.5f;
        private float trigger = 0.5f;
        private float evidence = 0.3f;
        private double identifier = 0.2;
        private double phrase = 0.1;
        private double entity = 0.25;
        private double temporal = 0.3;
        private double confidence = 0.2;

        public Builder() {}

        private Builder(LexicalWeights w) {
            k1 = w.k1;
            b = w.b;
            content = w.content;
            title = w.title;
            trigger = w.trigger;
            evidence = w.evidence;
            identifier = w.identifier;
            phrase = w.phrase;
            entity = w.entity;
            temporal = w.temporal;
            confidence = w.confidence;
        }

        public Builder k1(float value) {
            k1 = value;
            return this;
        }

        public Builder b(float value) {
            b = value;
            return this;
        }

        public Builder content(float value) {
            content = value;
            return this;
        }

        public Builder title(float value) {
            title = value;
            return this;
        }

        public Builder trigger(float value) {
            trigger = value;
            return this;
        }

        public Builder evidence(float value) {
            evidence = value;
            return this;
        }

        public Builder identifier(double value) {
            identifier = value;
            return this;
        }

        public Builder phrase(double value) {
            phrase = value;
            return this;
        }

        public Builder entity(double value) {
            entity = value;
            return this;
        }

        public Builder temporal(double value) {
            temporal = value;
            return this;
        }

        public Builder confidence(double value) {
            confidence = value;
            return this;
        }

        public LexicalWeights build() {
            return new LexicalWeights(k1, b, content, title, trigger, evidence, identifier, phrase, entity, temporal,
                    confidence);
        }
    }

    public Map<String, Float> fieldWeights() {
        Map<String, Float> m = new LinkedHashMap<>();
        m.put(EntryFields.CONTENT, content);
        m.put(EntryFields.TITLE, title);
        m.put(EntryFields.TRIGGER, trigger);
        m.put(EntryFields.EVIDENCE, evidence);
        return m;
    }
}
