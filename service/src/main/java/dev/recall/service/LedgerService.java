package dev.recall.service;

import dev.recall.store.QueryLedger;
import dev.recall.store.RecallException;

/** The query measurement ledger: what was asked, what was missed, which entries were shown. */
public final class LedgerService {
    private final Resources resources;

    LedgerService(Resources resources) {
        this.resources = resources;
    }

    /** Events, misses and exposures, with the {@code top} most exposed entries and most missed queries. */
    public QueryLedger.Stats stats(int top) {
        if (top < 0) {
            throw RecallException.invalid("top", "must not be negative");
        }
        return new QueryLedger(resources.database()).stats(top);
    }
}
