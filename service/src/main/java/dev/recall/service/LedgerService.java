package dev.recall.service;

import dev.recall.store.QueryLedger;
import dev.recall.store.RecallException;
import dev.recall.store.StoreException;
import dev.recall.store.ToolCalls;
import java.util.Map;

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

    /**
     * Appends an agent's tool call to the ledger, best effort: a call that could not be recorded is a notice, never
     * a failed answer.
     */
    public void recordCall(ToolCalls.Call call) {
        try {
            new ToolCalls(resources.database()).record(call, resources.clock().instant());
        } catch (StoreException e) {
            resources.notice("tool call not recorded in the ledger (" + e.getMessage() + ")");
        }
    }

    /** Calls per surface and tool: {count, failed}. */
    public Map<String, long[]> calls() {
        return new ToolCalls(resources.database()).counts();
    }
}
