package dev.recall.opensearch;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * Where the cluster is and how recall's indexes are laid out in it.
 *
 * @param nodes the HTTP addresses of the nodes a request may go to (the next when one does not answer)
 * @param indexPrefix names recall's indexes and alias ({@code <prefix>-entries}, {@code <prefix>-vectors-<id>})
 * @param replicas replicas of each shard: 1 keeps every shard searchable when one node is lost
 */
public record OpenSearchSettings(List<URI> nodes, String indexPrefix, int replicas, Duration timeout) {
    public OpenSearchSettings {
        nodes = List.copyOf(nodes);
        if (!indexPrefix.matches("[a-z0-9][a-z0-9_\\-]*")) {
            throw dev.recall.store.RecallException.invalid("index_prefix",
                    "must be lower-case letters, digits, '-' or '_', starting with a letter or digit (got '"
                            + indexPrefix + "')");
        }
        if (replicas < 0) {
            throw dev.recall.store.RecallException.invalid("replicas", "must be 0 or more");
        }
    }
}
