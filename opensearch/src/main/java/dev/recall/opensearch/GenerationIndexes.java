package dev.recall.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.freshness.Staleness;
import dev.recall.index.ExactVectors;
import dev.recall.index.VectorIndex;
import dev.recall.store.Counters;
import dev.recall.store.Database;
import dev.recall.store.GenerationState;
import dev.recall.store.StoreIdentity;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One OpenSearch index per vector generation ({@code <prefix>-vectors-<id>}: a {@code knn_vector} field, HNSW with
 * {@code engine: lucene}, cosine), and one alias ({@code <prefix>-vectors}) on the active generation's index, moved
 * in one atomic {@code _aliases} call when another generation becomes active. Each index's {@code _meta} holds the
 * store id, the generation id and the corpus revision its vectors reflect: a search refuses as stale unless the
 * alias names the asked generation's index stamped at the generation's revision, before and after it runs.
 */
final class GenerationIndexes {
    private static final int BATCH = 500;

    private final OpenSearchClient client;
    private final String prefix;
    private final int replicas;
    /** What this process last published and pointed the alias at: no request while the generation has not moved. */
    private Stamp published;

    GenerationIndexes(OpenSearchClient client, String prefix, int replicas) {
        this.client = client;
        this.prefix = prefix;
        this.replicas = replicas;
    }

    String alias() {
        return prefix + "-vectors";
    }

    String indexOf(VectorGeneration g) {
        return prefix + "-vectors-" + g.id();
    }

    /** The index's stamp: store id, generation id and corpus revision. */
    record Stamp(String index, String storeId, long generationId, long corpusRevision) {}

    /**
     * Publishes {@code generation}'s vectors (read from its embedded index, the build's output) and points the alias
     * at them. A new index gets every vector; an index stamped at an older revision gets the entries changed since
     * (the store's embedding journal), then its new stamp. Returns how many vectors were written.
     */
    synchronized int publish(Database db, VectorGeneration generation) {
        String storeId = new StoreIdentity(db).id();
        String index = indexOf(generation);
        long revision = generation.completedCorpusRevision();
        Stamp target = new Stamp(index, storeId, generation.id(), revision);
        if (target.equals(published)) {
            return 0;
        }
        Optional<Stamp> existing = stamp(index);
        existing.ifPresent(e -> StoreOwnership.require(index, e.storeId(), storeId));
        int written = 0;
        if (existing.isPresent() && existing.get().storeId().equals(storeId)
                && existing.get().corpusRevision() == revision) {
            // already published
        } else {
            ExactVectors vectors = ExactVectors.readFrom(generation.indexPath());
            Map<String, Integer> rows = new LinkedHashMap<>();
            for (int i = 0; i < vectors.size(); i++) {
                rows.put(vectors.id(i), i);
            }
            List<String> ids;
            List<String> removed = new ArrayList<>();
            boolean created = existing.isEmpty() || !existing.get().storeId().equals(storeId);
            if (created) {
                client.find("DELETE", "/" + index, null);
                client.send("PUT", "/" + index, settings(generation.dimensions()));
                ids = List.copyOf(rows.keySet());
            } else {
                ids = new ArrayList<>();
                for (String id : new Counters(db).embeddingChangesSince(existing.get().corpusRevision()).keySet()) {
                    (rows.containsKey(id) ? ids : removed).add(id);
                }
            }
            List<Object> lines = new ArrayList<>();
            for (String id : ids) {
                lines.add(Map.of("index", Map.of("_index", index, "_id", id)));
                lines.add(Map.of("id", id, "vector", vectors.vector(rows.get(id))));
                if (lines.size() == 2 * BATCH) {
                    client.bulk("/_bulk", lines);
                    lines.clear();
                }
            }
            for (String id : removed) {
                lines.add(Map.of("delete", Map.of("_index", index, "_id", id)));
            }
            if (!lines.isEmpty()) {
                client.bulk("/_bulk", lines);
            }
            if (created) {
                InitialLoad.finish(client, index, replicas);
            } else {
                client.send("POST", "/" + index + "/_refresh", null);
            }
            client.send("PUT", "/" + index + "/_mapping", Map.of("_meta", Map.of("store_id", storeId,
                    "generation_id", generation.id(), "corpus_revision", revision)));
            written = ids.size();
        }
        activate(index);
        deleteRetired(db, storeId, index);
        published = target;
        return written;
    }

    /**
     * Deletes this store's generation indexes under the prefix that belong to no active or building generation of
     * the store (retired, or gone), once the alias names {@code current}: the cluster's side of the embedded
     * {@code GenerationFiles} sweep. A search that began on one of them before the swap is refused after it by the
     * stamp check, never answered from a half-deleted index; an index another store stamped is never touched.
     */
    List<String> deleteRetired(Database db, String storeId, String current) {
        Set<Long> needed = new HashSet<>();
        for (VectorGeneration g : new VectorGenerations(db).list(VectorGenerations.RECALL)) {
            if (g.state() != GenerationState.RETIRED) {
                needed.add(g.id());
            }
        }
        List<String> deleted = new ArrayList<>();
        client.find("GET", "/" + prefix + "-vectors-*/_mapping", null).ifPresent(all -> all.fieldNames()
                .forEachRemaining(name -> {
                    JsonNode meta = all.path(name).path("mappings").path("_meta");
                    if (!name.equals(current) && storeId.equals(meta.path("store_id").asText())
                            && !needed.contains(meta.path("generation_id").asLong(-1))) {
                        deleted.add(name);
                    }
                }));
        for (String name : deleted) {
            client.find("DELETE", "/" + name, null);
        }
        return deleted;
    }

    /** Points the alias at {@code index} alone, in one atomic call (a search sees the old or the new, never none). */
    void activate(String index) {
        List<String> current = aliased();
        if (current.equals(List.of(index))) {
            return;
        }
        List<Object> actions = new ArrayList<>();
        for (String old : current) {
            actions.add(Map.of("remove", Map.of("index", old, "alias", alias())));
        }
        actions.add(Map.of("add", Map.of("index", index, "alias", alias())));
        client.send("POST", "/_aliases", Map.of("actions", actions));
    }

    /** The indexes the alias names now (one, or none before the first publish). */
    List<String> aliased() {
        List<String> out = new ArrayList<>();
        client.find("GET", "/_alias/" + alias(), null).ifPresent(n -> n.fieldNames().forEachRemaining(out::add));
        out.sort(Comparator.naturalOrder());
        return out;
    }

    Optional<Stamp> stamp(String index) {
        return client.find("GET", "/" + index + "/_mapping", null).map(m -> {
            JsonNode meta = m.path(index).path("mappings").path("_meta");
            return new Stamp(index, meta.path("store_id").asText(), meta.path("generation_id").asLong(-1),
                    meta.path("corpus_revision").asLong(-1));
        });
    }

    /**
     * The k nearest by cosine in the generation's index, refused unless the alias names it and its stamp is the
     * generation's, checked before the search and again after it (a publish or a swap meanwhile refuses).
     */
    List<VectorIndex.Hit> nearest(VectorGeneration generation, String storeId, float[] query, int k) {
        Stamp before = verified(generation, storeId);
        Map<String, Object> body = Map.of("size", k, "_source", false, "docvalue_fields", List.of("id"),
                "query", Map.of("knn", Map.of("vector", Map.of("vector", query, "k", k))));
        // the same copy of each shard answers every query (HNSW graphs of replicas differ slightly)
        JsonNode response = client.send("POST", "/" + before.index() + "/_search?preference=recall", body);
        Stamp after = verified(generation, storeId);
        if (!after.equals(before)) {
            throw new Staleness.RefusedException(new Staleness(Staleness.Kind.CHANGED_DURING_SEARCH, generation.store(),
                    generation, after.corpusRevision(), "the OpenSearch vectors of generation " + generation.id()
                    + " changed during search; retry (revision " + before.corpusRevision() + " -> "
                    + after.corpusRevision() + ")"));
        }
        List<VectorIndex.Hit> hits = new ArrayList<>();
        for (JsonNode hit : response.path("hits").path("hits")) {
            // the lucene engine scores cosinesimil as (1 + cos) / 2, as the embedded index does; report the cosine
            hits.add(new VectorIndex.Hit(hit.path("_id").asText(), (float) (2 * hit.path("_score").asDouble() - 1)));
        }
        hits.sort(Comparator.comparingDouble(VectorIndex.Hit::cosine).reversed().thenComparing(VectorIndex.Hit::id));
        return hits;
    }

    /** One request: the alias's mapping names the index behind it and holds its stamp. */
    private Stamp verified(VectorGeneration generation, String storeId) {
        String index = indexOf(generation);
        JsonNode mappings = client.find("GET", "/" + alias() + "/_mapping", null)
                .orElseGet(() -> client.json().createObjectNode());
        List<String> aliased = new ArrayList<>();
        mappings.fieldNames().forEachRemaining(aliased::add);
        if (!aliased.equals(List.of(index))) {
            throw refused(Staleness.Kind.INDEX_MISSING, generation, "the OpenSearch alias " + alias() + " names "
                    + (aliased.isEmpty() ? "no index" : aliased) + ", not the active generation's index " + index
                    + " (its vectors are not published)");
        }
        JsonNode meta = mappings.path(index).path("mappings").path("_meta");
        Stamp s = new Stamp(index, meta.path("store_id").asText(), meta.path("generation_id").asLong(-1),
                meta.path("corpus_revision").asLong(-1));
        if (!s.storeId().equals(storeId) || s.generationId() != generation.id()) {
            throw refused(Staleness.Kind.INDEX_FOREIGN, generation, "the OpenSearch index " + index
                    + " holds another store's or generation's vectors (store " + s.storeId() + ", generation "
                    + s.generationId() + ")");
        }
        if (s.corpusRevision() != generation.completedCorpusRevision()) {
            throw refused(Staleness.Kind.STALE_REVISION, generation, "OpenSearch vectors are stale: the index " + index
                    + " is stamped at corpus revision " + s.corpusRevision() + " but generation " + generation.id()
                    + " is at revision " + generation.completedCorpusRevision());
        }
        return s;
    }

    private static Staleness.RefusedException refused(Staleness.Kind kind, VectorGeneration g, String message) {
        long revision = g.completedCorpusRevision() == null ? -1 : g.completedCorpusRevision();
        return new Staleness.RefusedException(new Staleness(kind, g.store(), g, revision, message));
    }

    private Map<String, Object> settings(int dimensions) {
        return Map.of(
                "settings", Map.of("index", InitialLoad.loading(Map.of("number_of_shards", 1, "knn", true))),
                "mappings", Map.of("dynamic", "strict", "properties", Map.of(
                        "id", Map.of("type", "keyword"),
                        "vector", Map.of("type", "knn_vector", "dimension", dimensions, "method", Map.of(
                                "name", "hnsw", "space_type", "cosinesimil", "engine", "lucene",
                                "parameters", Map.of("m", 16, "ef_construction", 100))))));
    }
}
