package dev.recall.search;

import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.DoubleStream;

/**
 * The explainable boosts on top of BM25, each a named fraction added to one: identifier match, phrase match,
 * entity match (project, branch), temporal cue and confidence. The lexical score is BM25 × (1 + Σ boosts).
 */
final class LexicalBoosts {
    private static final int MAX_IDENTIFIERS = 3;
    private static final int MAX_PHRASES = 4;

    private final QueryCues cues;
    private final LexicalWeights weights;
    private final Instant now;
    /** One whole-token pattern per query identifier, compiled once per query rather than once per candidate. */
    private final List<Pattern> identifiers;
    /** The phrases as searched in normalised text (a space each side), built once per query. */
    private final List<String> paddedPhrases;
    /** The query's words, normalised, that an entity name is looked for in. */
    private final String normalisedWords;

    LexicalBoosts(QueryCues cues, LexicalWeights weights, Instant now) {
        this.cues = cues;
        this.weights = weights;
        this.now = now;
        // whole-token containment: the identifier must not continue into a longer name
        this.identifiers = cues.identifiers().stream()
                .map(i -> Pattern.compile("(?<![\\p{L}\\p{N}_])" + Pattern.quote(i) + "(?![\\p{L}\\p{N}_])"))
                .toList();
        this.paddedPhrases = cues.phrases().stream().map(p -> " " + p + " ").toList();
        this.normalisedWords = QueryCues.normalise(String.join(" ", cues.words()));
    }

    /**
     * One candidate's boosts. Kept as numbers, named only for the hits a page shows: a map per candidate cost about
     * two percent of a lexical request at 1M entries (50 candidates; docs/benchmarks.md, issue 14).
     */
    record Boosts(double identifier, double phrase, double entity, double temporal, double confidence) {
        /** The boosts' sum, added in the order the breakdown lists them (the same double as summing its values). */
        double sum() {
            return DoubleStream.of(identifier, phrase, entity, temporal, confidence).sum();
        }

        /** By name, in the order a breakdown shows them. */
        Map<String, Double> named() {
            Map<String, Double> m = new LinkedHashMap<>();
            m.put("boost.identifier", identifier);
            m.put("boost.phrase", phrase);
            m.put("boost.entity", entity);
            m.put("boost.temporal", temporal);
            m.put("boost.confidence", confidence);
            return m;
        }
    }

    Boosts of(RecallEntry e, List<Evidence> evidence) {
        StringBuilder text = new StringBuilder(e.title()).append('\n').append(e.body()).append('\n');
        if (e.trigger() != null) {
            text.append(e.trigger()).append('\n');
        }
        for (Evidence ev : evidence) {
            if (ev.snippet() != null) {
                text.append(ev.snippet()).append('\n');
            }
        }
        String lower = text.toString().toLowerCase(Locale.ROOT);
        return new Boosts(weights.identifier() * Math.min(MAX_IDENTIFIERS, identifierMatches(lower)),
                weights.phrase() * Math.min(MAX_PHRASES, phraseMatches(QueryCues.normalise(lower))),
                weights.entity() * entityMatches(e),
                weights.temporal() * recency(e.updatedAt()),
                e.confidence() == null ? 0.0 : weights.confidence() * (e.confidence() - 0.5));
    }

    private int identifierMatches(String lowerText) {
        int n = 0;
        for (int i = 0; i < identifiers.size(); i++) {
            // the literal must occur for the whole-token pattern to: most candidates are decided by the cheap search
            if (lowerText.contains(cues.identifiers().get(i)) && identifiers.get(i).matcher(lowerText).find()) {
                n++;
            }
        }
        return n;
    }

    private int phraseMatches(String normalisedText) {
        int n = 0;
        for (String phrase : paddedPhrases) {
            if (normalisedText.contains(phrase)) {
                n++;
            }
        }
        return n;
    }

    private int entityMatches(RecallEntry e) {
        int n = 0;
        if (e.project() != null && mentions(e.project())) {
            n++;
        }
        if (e.gitBranch() != null && !e.gitBranch().equals("main") && !e.gitBranch().equals("master")
                && mentions(e.gitBranch())) {
            n++;
        }
        return n;
    }

    private boolean mentions(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return cues.identifiers().contains(lower) || cues.words().contains(lower)
                || normalisedWords.contains(QueryCues.normalise(lower));
    }

    /** 1 for an entry updated just now, halving every window length back; 0 without a temporal cue. */
    private double recency(Instant updatedAt) {
        if (cues.temporalWindow() == null || updatedAt == null) {
            return 0;
        }
        double age = Math.max(0, Duration.between(updatedAt, now).toMinutes());
        return Math.pow(0.5, age / cues.temporalWindow().toMinutes());
    }
}
