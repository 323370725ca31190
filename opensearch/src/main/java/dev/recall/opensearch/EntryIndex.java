package dev.recall.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.index.EntryFields;
import dev.recall.search.LexicalWeights;
import dev.recall.store.Counters;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.StoreIdentity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The entries' lexical copy in OpenSearch: one index with the code-aware analyzer approximated in its settings
 * ({@link CodeAnalysis}), one primary shard (BM25's statistics are then the whole corpus's, as in the embedded
 * index) and the configured replicas. Published from the store's change journal like the embedded index: the
 * query-state revision it reflects and the store it came from are stamped in the mapping's {@code _meta}, written
 * after the documents, so an interrupted publish is applied again.
 */
final class EntryIndex {
    static final String FORMAT = "2";
    private static final int BATCH = 500;

    private final OpenSearchClient client;
    private final String name;
    private final int replicas;
    private final int batch;
    /** The query-state revision this process last published: no request at all while the store has not moved. */
    private long published = -1;

    EntryIndex(OpenSearchClient client, String prefix, int replicas) {
        this(client, prefix, replicas, BATCH);
    }

    /** @param batch entries per bulk request */
    EntryIndex(OpenSearchClient client, String prefix, int replicas, int batch) {
        this.client = client;
        this.name = prefix + "-entries";
        this.replicas = replicas;
        this.batch = batch;
    }

    String name() {
        return name;
    }

    /** What a publish did. */
    record Published(long fromRevision, long toRevision, int updated, int deleted, boolean rebuilt) {}

    /** Brings the copy up to the store: the journal's changes since its stamp, or everything for a new copy. */
    synchronized Published publish(Database db) {
        Counters counters = new Counters(db);
        long target = counters.queryStateRevision();
        if (target == published) {
            return new Published(target, target, 0, 0, false);
        }
        String storeId = new StoreIdentity(db).id();
        Optional<JsonNode> meta = meta();
        meta.ifPresent(m -> StoreOwnership.require(name, m.path("store_id").asText(), storeId));
        // A copy still stamped -1 is a first load that never finished (its stamp is written last): its journal
        // "since -1" is every entry, so it is loaded again from scratch, in batches, like a new copy.
        boolean rebuild = meta.isEmpty() || !storeId.equals(meta.get().path("store_id").asText())
                || !FORMAT.equals(meta.get().path("format").asText())
                || meta.get().path("query_state_revision").asLong(-1) < 0;
        Entries entries = new Entries(db);
        int updated = 0;
        int deleted = 0;
        long from = 0;
        if (rebuild) {
            client.find("DELETE", "/" + name, null);
            client.send("PUT", "/" + name, settings(storeId));
            List<RecallEntry> pending = new ArrayList<>();
            int[] count = {0};
            entries.forEach(e -> {
                pending.add(e);
                if (pending.size() == batch) {
                    count[0] += index(entries, pending, "/_bulk");
                    pending.clear();
                }
            });
            count[0] += index(entries, pending, "/_bulk");
            InitialLoad.finish(client, name, replicas);
            updated = count[0];
        } else {
            from = meta.get().path("query_state_revision").asLong();
            if (from == target) {
                published = target;
                return new Published(from, target, 0, 0, false);
            }
            // In batches: a day of changes on a large store would otherwise be one request past the node's
            // http.max_content_length (100 MB by default). One refresh at the end makes them searchable together.
            List<String> changed = List.copyOf(counters.entryChangesSince(from).keySet());
            for (int i = 0; i < changed.size(); i += batch) {
                List<String> ids = changed.subList(i, Math.min(changed.size(), i + batch));
                Map<String, RecallEntry> current = entries.getAll(ids);
                updated += index(entries, List.copyOf(current.values()), "/_bulk");
                List<Object> deletes = new ArrayList<>();
                for (String id : ids) {
                    if (!current.containsKey(id)) {
                        deletes.add(Map.of("delete", Map.of("_index", name, "_id", id)));
                    }
                }
                if (!deletes.isEmpty()) {
                    client.bulk("/_bulk", deletes);
                    deleted += deletes.size();
                }
            }
            client.send("POST", "/" + name + "/_refresh", null);
        }
        client.send("PUT", "/" + name + "/_mapping", Map.of("_meta", stamp(storeId, target)));
        published = target;
        return new Published(from, target, updated, deleted, rebuild);
    }

    private Optional<JsonNode> meta() {
        return client.find("GET", "/" + name + "/_mapping", null)
                .map(m -> m.path(name).path("mappings").path("_meta"));
    }

    /** @param bulk the bulk path: a new index's load waits for no refresh; a change is searchable when it returns */
    private int index(Entries entries, List<RecallEntry> some, String bulk) {
        if (some.isEmpty()) {
            return 0;
        }
        Map<String, List<Evidence>> evidence = entries.evidence(some.stream().map(RecallEntry::id).toList());
        List<Object> lines = new ArrayList<>();
        for (RecallEntry e : some) {
            lines.add(Map.of("index", Map.of("_index", name, "_id", e.id())));
            lines.add(document(e, evidence.getOrDefault(e.id(), List.of())));
        }
        client.bulk(bulk, lines);
        return some.size();
    }

    /** The same fields as the embedded index's document (EntryDocuments), as JSON. */
    static Map<String, Object> document(RecallEntry e, List<Evidence> evidence) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put(EntryFields.ID, e.id());
        d.put(EntryFields.TITLE, e.title());
        d.put(EntryFields.CONTENT, EntryFields.content(e));
        put(d, EntryFields.TRIGGER, e.trigger());
        String snippets = EntryFields.evidenceText(evidence);
        put(d, EntryFields.EVIDENCE, snippets.isEmpty() ? null : snippets);
        d.putAll(EntryFields.keywords(e));
        d.put(EntryFields.UPDATED_AT, e.updatedAt().toEpochMilli());
        return d;
    }

    private static void put(Map<String, Object> d, String field, String value) {
        if (value != null) {
            d.put(field, value);
        }
    }

    private Map<String, Object> stamp(String storeId, long revision) {
        return Map.of("format", FORMAT, "store_id", storeId, "query_state_revision", revision);
    }

    /** Settings and mappings: BM25 at the product's k1 and b, the analyzer, text and keyword fields. */
    private Map<String, Object> settings(String storeId) {
        LexicalWeights w = LexicalWeights.DEFAULTS;
        Map<String, Object> index = new LinkedHashMap<>();
        index.put("number_of_shards", 1);
        index.put("similarity", Map.of("default", Map.of("type", "BM25", "k1", w.k1(), "b", w.b())));
        Map<String, Object> properties = new LinkedHashMap<>();
        for (String field : EntryFields.TEXT) {
            properties.put(field, Map.of("type", "text", "analyzer", CodeAnalysis.INDEX_ANALYZER));
        }
        for (String field : List.of(EntryFields.ID, EntryFields.PROJECT, EntryFields.CWD, EntryFields.GIT_BRANCH,
                EntryFields.AGENT, EntryFields.TYPE, EntryFields.SCOPE, EntryFields.STATUS, EntryFields.REVIEW_STATE,
                EntryFields.TRUSTED, EntryFields.EXTRACTOR_METHOD, EntryFields.SOURCE_SESSION_ID,
                EntryFields.SOURCE_EPISODE_ID, EntryFields.SOURCE_RUN_ID, EntryFields.SUPERSEDES_ENTRY_ID,
                EntryFields.SUPERSEDED_BY_ENTRY_ID)) {
            properties.put(field, Map.of("type", "keyword"));
        }
        properties.put(EntryFields.UPDATED_AT, Map.of("type", "long"));
        return Map.of("settings", Map.of("index", InitialLoad.loading(index), "analysis", CodeAnalysis.settings()),
                "mappings", Map.of("dynamic", "strict", "_meta", stamp(storeId, -1), "properties", properties));
    }
}
