package dev.recall.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.search.PassageSearchResult;
import dev.recall.search.SearchResult;
import dev.recall.sessions.SecretScanner;
import dev.recall.store.EntryFilter;
import dev.recall.store.QueryLedger;
import dev.recall.store.RecallException;
import dev.recall.store.SessionFilter;
import dev.recall.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Appends a query, brief or sessions search and what it showed to the ledger, as {@link Recording} says. */
final class LedgerRecorder {
    private final Resources resources;
    /** Built on first use: a query that is not recorded never pays for Jackson. */
    private ObjectMapper json;

    LedgerRecorder(Resources resources) {
        this.resources = resources;
    }

    /** The event id (query_id), or null when not recorded. */
    Long record(Recording recording, String kind, String text, SearchResult result, EntryFilter filter,
            Integer packedCount, Set<String> packed, String missReason) {
        if (!recording.record()) {
            return null;
        }
        try {
            List<QueryLedger.Exposure> exposures = new ArrayList<>();
            result.hits().forEach(h -> exposures.add(new QueryLedger.Exposure(h.rank(), h.entry().id(), h.score(),
                    packed.contains(h.entry().id()))));
            Double top = result.hits().isEmpty() ? null : result.hits().getFirst().score();
            String filters = json().writeValueAsString(filter.asMap());
            // The ledger is append-only: a secret pasted into a query would stay in it for good, so it is redacted first.
            return new QueryLedger(resources.database()).record(new QueryLedger.Event(
                    surface(recording, kind), SecretScanner.archive().redact(text),
                    result.mode().label(), filters, result.hits().size(), packedCount, top, missReason,
                    result.corpusRevision(), result.queryStateRevision()).withRequestId(recording.requestId()),
                    exposures);
        } catch (StoreException | JsonProcessingException e) {
            return failed(recording, e);
        }
    }

    /**
     * Appends a sessions search and the passages it showed; the event id, or null when not recorded. The revision
     * columns hold the archive revision the answer reflected.
     */
    Long recordPassages(Recording recording, String text, PassageSearchResult result, SessionFilter filter,
            long elapsedMillis) {
        if (!recording.record()) {
            return null;
        }
        try {
            List<QueryLedger.PassageExposure> exposures = result.hits().stream().map(h -> new QueryLedger.PassageExposure(
                    h.rank(), h.passageId(), h.session().id(), h.score())).toList();
            Double top = result.hits().isEmpty() ? null : result.hits().getFirst().score();
            return new QueryLedger(resources.database()).recordPassages(new QueryLedger.Event(surface(recording, "query"),
                    SecretScanner.archive().redact(text), result.mode().label(), json().writeValueAsString(filter.asMap()),
                    result.hits().size(), null, top, result.hits().isEmpty() ? "no_results" : null,
                    result.archiveRevision(), result.archiveRevision(), QueryLedger.Store.SESSIONS, elapsedMillis,
                    recording.requestId()), exposures);
        } catch (StoreException | JsonProcessingException e) {
            return failed(recording, e);
        }
    }

    private static String surface(Recording recording, String kind) {
        return recording.surface() != null ? recording.surface() : kind;
    }

    private Long failed(Recording recording, Exception e) {
        if (recording.strict()) {
            throw new RecallException(RecallException.Kind.INTERNAL,
                    "could not record the query in the ledger: " + e.getMessage(), e);
        }
        resources.notice("query not recorded in the ledger (" + e.getMessage() + ")");
        return null;
    }

    private synchronized ObjectMapper json() {
        if (json == null) {
            json = new ObjectMapper();
        }
        return json;
    }
}
