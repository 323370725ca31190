package dev.recall.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.index.EntryFields;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.LexicalLeg;
import dev.recall.search.LexicalSearch;
import dev.recall.search.LexicalWeights;
import dev.recall.search.SearchException;
import dev.recall.store.EntryFilter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The BM25 leg on OpenSearch, shaped as the embedded leg's query (BagOfWords): the query's terms, analysed by recall
 * with the code analyzer and question words dropped, as one bool per text field (boosted by the field's weight) of
 * term queries (boosted by their count in the query). Each field's and each term's clause is named, so a hit
 * carries its BM25 per field and its matched terms ({@code include_named_queries_score}); a candidate's doc is its
 * position in the last answer.
 */
final class OpenSearchLexicalLeg implements LexicalSearch {
    private static final String FIELD = "f|";
    private static final String TERM = "t|";

    private final OpenSearchClient client;
    private final String index;
    private final Map<String, Integer> terms;
    private final Map<String, Object> scoring;
    /** The hits of the last search, by position: their named clauses' scores. */
    private final List<JsonNode> matched = new ArrayList<>();
    /** Term -> the most documents of any text field holding it, and the number of documents; read on first coverage. */
    private Map<String, Long> documentFrequencies;
    private long documents;

    OpenSearchLexicalLeg(OpenSearchClient client, String index, String text, boolean luceneSyntax,
            LexicalWeights weights) {
        if (luceneSyntax) {
            throw new SearchException(SearchException.Reason.INVALID_QUERY,
                    "Lucene query syntax is not supported by the OpenSearch backend; search plain words");
        }
        if (weights.k1() != LexicalWeights.DEFAULTS.k1() || weights.b() != LexicalWeights.DEFAULTS.b()) {
            throw new SearchException(SearchException.Reason.INVALID_QUERY, "the OpenSearch backend ranks with BM25 k1 "
                    + LexicalWeights.DEFAULTS.k1() + " and b " + LexicalWeights.DEFAULTS.b()
                    + ", fixed when its index is created; other values are refused");
        }
        this.client = client;
        this.index = index;
        this.terms = LexicalLeg.queryTerms(AnalyzerKind.CODE, text);
        this.scoring = scoring(terms, weights.fieldWeights());
    }

    private static Map<String, Object> scoring(Map<String, Integer> terms, Map<String, Float> fieldWeights) {
        List<Object> fields = new ArrayList<>();
        for (Map.Entry<String, Float> field : fieldWeights.entrySet()) {
            List<Object> perField = new ArrayList<>();
            for (Map.Entry<String, Integer> term : terms.entrySet()) {
                perField.add(Map.of("term", Map.of(field.getKey(), Map.of("value", term.getKey(),
                        "boost", term.getValue(), "_name", TERM + field.getKey() + "|" + term.getKey()))));
            }
            fields.add(Map.of("bool", Map.of("should", perField, "boost", field.getValue(),
                    "_name", FIELD + field.getKey())));
        }
        return Map.of("should", fields, "minimum_should_match", 1);
    }

    @Override
    public boolean hasTerms() {
        return !terms.isEmpty();
    }

    @Override
    public LexicalLeg.Candidates search(EntryFilter filter, int window) {
        matched.clear();
        if (terms.isEmpty()) {
            return new LexicalLeg.Candidates(List.of(), 0);
        }
        Map<String, Object> bool = new LinkedHashMap<>(scoring);
        if (filter != null) {
            bool.put("filter", FilterClauses.of(filter));
        }
        Map<String, Object> body = Map.of("size", window, "track_total_hits", true, "_source", false,
                "sort", List.of(Map.of("_score", "desc"), Map.of(EntryFields.ID, "asc")),
                "query", Map.of("bool", bool));
        JsonNode response = client.send("POST", "/" + index + "/_search?include_named_queries_score=true", body);
        List<LexicalLeg.Candidate> out = new ArrayList<>();
        for (JsonNode hit : response.path("hits").path("hits")) {
            out.add(new LexicalLeg.Candidate(hit.path("_id").asText(), hit.path("_score").asDouble(), matched.size()));
            matched.add(hit.path("matched_queries"));
        }
        return new LexicalLeg.Candidates(out, response.path("hits").path("total").path("value").asLong());
    }

    @Override
    public LexicalLeg.Breakdown explain(int doc) {
        Map<String, Double> perField = new LinkedHashMap<>();
        EntryFields.TEXT.forEach(f -> perField.put(f, 0.0));
        Set<String> matchedTerms = new LinkedHashSet<>();
        matched.get(doc).fields().forEachRemaining(named -> {
            String name = named.getKey();
            if (name.startsWith(FIELD)) {
                perField.put(name.substring(FIELD.length()), named.getValue().asDouble());
            } else if (name.startsWith(TERM)) {
                matchedTerms.add(name.substring(name.indexOf('|', TERM.length()) + 1));
            }
        });
        return new LexicalLeg.Breakdown(perField, List.copyOf(matchedTerms));
    }

    @Override
    public QueryOverlap overlap(int[] docs) {
        double[] held = new double[docs.length];
        int[] count = new int[docs.length];
        if (terms.isEmpty()) {
            java.util.Arrays.fill(held, Double.NaN);
            return new QueryOverlap(held, count);
        }
        if (documentFrequencies == null) {
            readFrequencies();
        }
        for (int i = 0; i < docs.length; i++) {
            Set<String> matchedTerms = new LinkedHashSet<>(explain(docs[i]).matchedTerms());
            double all = 0;
            double found = 0;
            for (String t : terms.keySet()) {
                long df = documentFrequencies.getOrDefault(t, 0L);
                double idf = Math.log(1 + (documents - df + 0.5) / (df + 0.5));
                all += idf;
                if (matchedTerms.contains(t)) {
                    found += idf;
                    count[i]++;
                }
            }
            held[i] = all == 0 ? 0 : found / all;
        }
        return new QueryOverlap(held, count);
    }

    /** One request: how many documents hold each term in each text field (the max per term), and how many there are. */
    private void readFrequencies() {
        Map<String, Object> filters = new LinkedHashMap<>();
        List<String> keys = new ArrayList<>();
        for (String t : terms.keySet()) {
            for (String field : EntryFields.TEXT) {
                String key = field + "|" + t;
                keys.add(key);
                filters.put(key, Map.of("term", Map.of(field, t)));
            }
        }
        JsonNode response = client.send("POST", "/" + index + "/_search", Map.of("size", 0, "track_total_hits", true,
                "aggs", Map.of("df", Map.of("filters", Map.of("filters", filters)))));
        documents = response.path("hits").path("total").path("value").asLong();
        Map<String, Long> df = new HashMap<>();
        JsonNode buckets = response.path("aggregations").path("df").path("buckets");
        for (String key : keys) {
            df.merge(key.substring(key.indexOf('|') + 1), buckets.path(key).path("doc_count").asLong(), Math::max);
        }
        documentFrequencies = df;
    }
}
