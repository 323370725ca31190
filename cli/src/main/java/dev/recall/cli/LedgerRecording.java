package dev.recall.cli;

import dev.recall.search.SearchResult;
import dev.recall.store.EntryFilter;
import dev.recall.store.QueryLedger;
import dev.recall.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * Appends queries and briefs to the measurement ledger. Best effort: a failure to record never hides results
 * (it becomes a notice), unless --strict-recording asks for it to fail the command.
 */
final class LedgerRecording {
    @Option(names = "--no-record", description = "Do not append this query to the measurement ledger.")
    boolean noRecord;

    @Option(names = "--strict-recording", description = "Fail the command when it cannot be recorded.")
    boolean strict;

    /** Returns the event id (query_id), or null when not recorded. */
    Long record(App app, String surface, String text, SearchResult result, EntryFilter filter, Integer packedCount,
            Set<String> packed, String missReason) {
        if (noRecord) {
            return null;
        }
        try {
            List<QueryLedger.Exposure> exposures = new ArrayList<>();
            result.hits().forEach(h -> exposures.add(new QueryLedger.Exposure(h.rank(), h.entry().id(), h.score(),
                    packed.contains(h.entry().id()))));
            Double top = result.hits().isEmpty() ? null : result.hits().getFirst().score();
            String filters = app.json().writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(filter.asMap());
            return new QueryLedger(app.database()).record(new QueryLedger.Event(surface, text, result.mode().label(),
                    filters, result.hits().size(), packedCount, top, missReason, result.corpusRevision(),
                    result.queryStateRevision()), exposures);
        } catch (StoreException | com.fasterxml.jackson.core.JsonProcessingException e) {
            if (strict) {
                throw new CliException(ExitCode.ERROR, "could not record the query in the ledger: " + e.getMessage());
            }
            app.notice("query not recorded in the ledger (" + e.getMessage() + ")");
            return null;
        }
    }
}
