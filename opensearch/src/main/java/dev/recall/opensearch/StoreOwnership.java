package dev.recall.opensearch;

import dev.recall.store.RecallException;

/**
 * Each index recall creates is stamped with the id of the store it publishes; many stores (a team each) share one
 * cluster under their own {@code index_prefix}. An index another store stamped is never overwritten: two teams
 * configured with the same prefix would otherwise replace each other's corpus at every publish, and a search could
 * run between the two.
 */
final class StoreOwnership {
    private StoreOwnership() {}

    /** Refuses when {@code stampedBy} names a store other than {@code storeId}; an unstamped index is anyone's. */
    static void require(String index, String stampedBy, String storeId) {
        if (stampedBy != null && !stampedBy.isEmpty() && !stampedBy.equals(storeId)) {
            throw new RecallException(RecallException.Kind.CONFLICT, "the OpenSearch index " + index
                    + " holds another recall store's data (store " + stampedBy + "; this one is " + storeId
                    + "): give each store its own [backend] index_prefix, or delete that index if its store is gone");
        }
    }
}
