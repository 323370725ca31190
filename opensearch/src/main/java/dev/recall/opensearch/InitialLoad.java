package dev.recall.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a new index is filled: created without replicas and without periodic refreshes, loaded by bulk requests
 * that wait for nothing, then refreshed once and given its replicas, which copy the primary's finished segments.
 * A replica that indexed every document itself would double the analysis and the HNSW graph building (on a
 * cluster whose nodes share cores, half the publish), and a refresh per bulk request would make segment after
 * small segment for the merges to redo.
 */
final class InitialLoad {
    /** How long one health request waits for the replicas to start; it is asked again (at most 20 minutes in all). */
    private static final String HEALTH_WAIT = "30s";
    private static final int HEALTH_ATTEMPTS = 40;

    private InitialLoad() {}

    /** The index settings for the load: {@code index} as given, with no replica and no periodic refresh. */
    static Map<String, Object> loading(Map<String, Object> index) {
        Map<String, Object> out = new LinkedHashMap<>(index);
        out.put("number_of_replicas", 0);
        out.put("refresh_interval", "-1");
        return out;
    }

    /**
     * Ends the load: one refresh (every document searchable before the stamp that says so is written) and a
     * flush, then the configured replicas and the default refresh interval, waiting until the replicas have
     * started (so a node lost right after a publish loses no shard), as long as the cluster has nodes for them.
     */
    static void finish(OpenSearchClient client, String index, int replicas) {
        client.send("POST", "/" + index + "/_refresh", null);
        // A replica starts from the primary's last commit and replays the translog since: without this flush (a
        // commit) the commit is empty and the replica would index every document again from the translog.
        client.send("POST", "/" + index + "/_flush", null);
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("number_of_replicas", replicas);
        settings.put("refresh_interval", null); // back to the default
        client.send("PUT", "/" + index + "/_settings", Map.of("index", settings));
        if (replicas == 0) {
            return;
        }
        // Replicas are allocated after the settings change returns, so "nothing initializing" may be seen before
        // they start: wait for the number of active copies the cluster's data nodes can hold (one shard).
        int dataNodes = client.send("GET", "/_cluster/health", null).path("number_of_data_nodes").asInt(1);
        int copies = 1 + Math.min(replicas, Math.max(0, dataNodes - 1));
        for (int i = 0; i < HEALTH_ATTEMPTS; i++) {
            JsonNode health = client.health("/_cluster/health/" + index + "?wait_for_active_shards=" + copies
                    + "&timeout=" + HEALTH_WAIT);
            if (!health.path("timed_out").asBoolean(false)) {
                return;
            }
        }
    }
}
