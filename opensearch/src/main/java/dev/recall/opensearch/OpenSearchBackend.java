package dev.recall.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.index.EntryFields;
import dev.recall.index.VectorIndex;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.LexicalSearch;
import dev.recall.search.LexicalView;
import dev.recall.search.LexicalWeights;
import dev.recall.search.SearchBackend;
import dev.recall.store.Database;
import dev.recall.store.EntryFilter;
import dev.recall.store.StoreIdentity;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The OpenSearch backend. The store stays the source of truth: this process (the daemon, for a team) is the one
 * writer that publishes the store to the cluster before every search, as the embedded index syncs itself: the
 * entries' changes since the copy's stamp, and the active generation's vectors when the alias does not name them
 * at its revision. Fusion, boosts, filters after fusion and the freshness verdict stay in RecallSearch.
 */
public final class OpenSearchBackend implements SearchBackend {
    private final Database db;
    private final OpenSearchClient client;
    private final EntryIndex entries;
    private final GenerationIndexes vectors;
    private String storeId;

    public OpenSearchBackend(Database db, OpenSearchSettings settings) {
        this.db = db;
        this.client = new OpenSearchClient(settings.nodes(), settings.timeout());
        this.entries = new EntryIndex(client, settings.indexPrefix(), settings.replicas());
        this.vectors = new GenerationIndexes(client, settings.indexPrefix(), settings.replicas());
    }

    @Override
    public Optional<String> sync() {
        EntryIndex.Published p = entries.publish(db);
        new VectorGenerations(db).active(VectorGenerations.RECALL).ifPresent(this::publish);
        return p.rebuilt() ? Optional.of("OpenSearch index " + entries.name() + " rebuilt from the store ("
                + p.updated() + " entries)") : Optional.empty();
    }

    /** Publishes a generation's vectors and points the alias at them (what activation means on the cluster). */
    public int publish(VectorGeneration generation) {
        if (generation.completedCorpusRevision() == null) {
            return 0; // still building: nothing to publish
        }
        return vectors.publish(db, generation);
    }

    @Override
    public LexicalView lexical() {
        return new LexicalView() {
            @Override
            public AnalyzerKind analysis() {
                return AnalyzerKind.CODE;
            }

            @Override
            public LexicalSearch leg(String text, boolean luceneSyntax, LexicalWeights weights) {
                return new OpenSearchLexicalLeg(client, entries.name(), text, luceneSyntax, weights);
            }

            @Override
            public Set<String> matching(Collection<String> ids, EntryFilter filter) {
                if (ids.isEmpty()) {
                    return Set.of();
                }
                List<Object> clauses = new ArrayList<>(FilterClauses.of(filter));
                clauses.add(Map.of("ids", Map.of("values", ids)));
                JsonNode response = client.send("POST", "/" + entries.name() + "/_search", Map.of("size", ids.size(),
                        "_source", false, "docvalue_fields", List.of(EntryFields.ID),
                        "query", Map.of("bool", Map.of("filter", clauses))));
                Set<String> out = new HashSet<>();
                response.path("hits").path("hits").forEach(h -> out.add(h.path("_id").asText()));
                return out;
            }

            @Override
            public void close() {
                // nothing held: every request reads the index as refreshed by the last publish
            }
        };
    }

    @Override
    public List<VectorIndex.Hit> nearest(VectorGeneration generation, float[] query, int k) {
        if (storeId == null) {
            storeId = new StoreIdentity(db).id();
        }
        return vectors.nearest(generation, storeId, query, k);
    }

    /** The nodes' process CPU ({@code _nodes/stats/process}), summed over the nodes that answer. */
    @Override
    public OptionalLong serverCpuMillis() {
        long sum = 0;
        for (JsonNode node : client.send("GET", "/_nodes/stats/process", null).path("nodes")) {
            sum += node.path("process").path("cpu").path("total_in_millis").asLong();
        }
        return OptionalLong.of(sum);
    }

    @Override
    public void close() {
        // the JDK's client needs no closing on 21 (its connections idle out); the store belongs to the caller
    }
}
