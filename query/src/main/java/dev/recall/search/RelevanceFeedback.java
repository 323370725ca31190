package dev.recall.search;

import dev.recall.store.RecallException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pseudo-relevance feedback on the lexical leg, as RM3 (Lavrenko and Croft's relevance model, interpolated with the
 * query as Anserini does): the first BM25 pass's top {@code docs} entries are taken as relevant, each term of theirs
 * weighs its share of the entry's text times the entry's BM25 score, the {@code terms} heaviest terms are kept, and
 * the expanded query is {@code originalWeight} × the query's own terms + (1 − {@code originalWeight}) × those,
 * both normalised to sum 1, then scaled so that the query's own terms keep their counts (BM25 scores stay on the
 * scale of the plain query's; the ranking is the same either way).
 *
 * @param docs feedback entries (0 = off)
 * @param terms expansion terms kept
 * @param originalWeight the query's own share of the expanded query
 */
public record RelevanceFeedback(int docs, int terms, double originalWeight) {
    /** No feedback: the leg ranks the query's own terms. */
    public static final RelevanceFeedback OFF = new RelevanceFeedback(0, 0, 1);
    /** Terms shorter or longer than these carry no topic (Anserini's RM3 bounds). */
    private static final int MIN_TERM = 2;
    private static final int MAX_TERM = 20;

    public RelevanceFeedback {
        if (docs < 0 || terms < 0) {
            throw RecallException.invalid("feedback", "documents and terms must be at least 0");
        }
        if (!(originalWeight > 0 && originalWeight <= 1)) {
            throw RecallException.invalid("feedback", "the original query's weight must be above 0 and at most 1");
        }
    }

    /**
     * {@code DOCS,TERMS,WEIGHT} (e.g. {@code 10,10,0.5}) or {@code off}: how a command line or config.toml spells it.
     */
    public static RelevanceFeedback parse(String text) {
        String t = text.strip();
        if (t.equalsIgnoreCase("off")) {
            return OFF;
        }
        String[] p = t.split(",");
        if (p.length != 3) {
            throw RecallException.invalid("feedback", "expected DOCS,TERMS,WEIGHT (e.g. 10,10,0.5) or off, got '"
                    + text + "'");
        }
        try {
            return new RelevanceFeedback(Integer.parseInt(p[0].strip()), Integer.parseInt(p[1].strip()),
                    Double.parseDouble(p[2].strip()));
        } catch (NumberFormatException e) {
            throw RecallException.invalid("feedback", "expected DOCS,TERMS,WEIGHT (e.g. 10,10,0.5) or off, got '"
                    + text + "'");
        }
    }

    /** What {@link #parse} reads back. */
    public String label() {
        return on() ? docs + "," + terms + "," + originalWeight : "off";
    }

    public boolean on() {
        return docs > 0 && terms > 0 && originalWeight < 1;
    }

    /** A feedback entry: its analysed text's term counts and its first-pass score. */
    public record Document(Map<String, Integer> termCounts, double score) {}

    /**
     * The expanded query: term → weight. {@code common} holds terms too common to say anything (Anserini drops those
     * in more than a tenth of the documents); they never enter as expansion terms, though a query term stays.
     */
    public Map<String, Double> expand(Map<String, Integer> query, List<Document> feedback, Set<String> common) {
        Map<String, Double> model = new HashMap<>();
        for (Document d : feedback) {
            long length = d.termCounts().values().stream().mapToLong(Integer::longValue).sum();
            if (length == 0) {
                continue;
            }
            d.termCounts().forEach((t, n) -> {
                if (expandable(t) && !common.contains(t)) {
                    model.merge(t, d.score() * n / length, Double::sum);
                }
            });
        }
        List<Map.Entry<String, Double>> top = new ArrayList<>(model.entrySet());
        // heaviest first, ties by term so that the expansion does not depend on hash order
        top.sort(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        top = top.subList(0, Math.min(terms, top.size()));
        double modelMass = top.stream().mapToDouble(Map.Entry::getValue).sum();
        double queryMass = query.values().stream().mapToDouble(Integer::doubleValue).sum();
        Map<String, Double> out = new LinkedHashMap<>();
        query.forEach((t, n) -> out.put(t, (double) n));
        if (modelMass > 0) {
            double scale = (1 - originalWeight) / originalWeight * queryMass / modelMass;
            for (Map.Entry<String, Double> e : top) {
                out.merge(e.getKey(), e.getValue() * scale, Double::sum);
            }
        }
        return out;
    }

    private static boolean expandable(String term) {
        if (term.length() < MIN_TERM || term.length() > MAX_TERM) {
            return false;
        }
        for (int i = 0; i < term.length(); i++) {
            char c = term.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }
}
