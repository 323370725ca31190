package dev.recall.service;

import dev.recall.search.PassageSearchRequest;
import dev.recall.search.PassageSearchResult;
import dev.recall.store.ArchiveScan;
import dev.recall.store.Evidence;
import dev.recall.store.Message;
import dev.recall.store.RecallException;
import dev.recall.store.SessionCatalog;
import dev.recall.store.SessionFilter;
import dev.recall.store.SessionSummary;
import dev.recall.store.Sessions;
import java.util.List;

/**
 * The archive as people browse and search it: sessions listed and shown, passages searched (lexical, vector,
 * hybrid; recorded in the query ledger), and sessions trashed or marked automated, which takes them out of search and revokes the entries they
 * anchor.
 */
public final class ArchiveService {
    /** A page of sessions, newest first. */
    public record ListRequest(SessionFilter filter, int limit, int offset) {
        public ListRequest {
            if (limit < 1) {
                throw RecallException.invalid("limit", "must be at least 1");
            }
            if (offset < 0) {
                throw RecallException.invalid("offset", "must be at least 0");
            }
        }
    }

    public record ListResult(List<SessionSummary> sessions, long total) {}

    /** Messages of one session from an ordinal on. */
    public record ShowRequest(String sessionId, int from, int limit) {
        public ShowRequest {
            if (from < 0) {
                throw RecallException.invalid("from", "must be at least 0");
            }
            if (limit < 1) {
                throw RecallException.invalid("limit", "must be at least 1");
            }
        }
    }

    /**
     * @param evidence every evidence anchor in the session (which messages entries cite)
     * @param nextFrom the ordinal the next page starts at, or null
     */
    public record ShowResult(SessionSummary session, List<Message> messages, List<Evidence> evidence,
            Integer nextFrom) {}

    private final Resources resources;
    private final AutoEmbedding autoEmbedding;
    private final LedgerRecorder ledger;

    ArchiveService(Resources resources, AutoEmbedding autoEmbedding) {
        this.resources = resources;
        this.autoEmbedding = autoEmbedding;
        this.ledger = new LedgerRecorder(resources);
    }

    public ListResult list(ListRequest request) {
        SessionCatalog catalog = new SessionCatalog(resources.database());
        return new ListResult(catalog.list(request.filter(), request.limit(), request.offset()),
                catalog.count(request.filter()));
    }

    public ShowResult show(ShowRequest request) {
        SessionSummary s = new SessionCatalog(resources.database()).summary(request.sessionId())
                .orElseThrow(() -> notFound(request.sessionId()));
        List<Message> page = new Sessions(resources.database()).messages(request.sessionId(), request.from(),
                request.from() + request.limit() - 1);
        List<Evidence> evidence = new ArchiveScan(resources.database())
                .evidenceBySession(List.of(request.sessionId())).getOrDefault(request.sessionId(), List.of());
        // Ordinals are dense from 0: the page ends before the session does when its last ordinal is not the last.
        Integer next = !page.isEmpty() && page.getLast().ordinal() + 1 < s.messages()
                ? page.getLast().ordinal() + 1 : null;
        return new ShowResult(s, page, evidence, next);
    }

    /**
     * A passage search's answer.
     *
     * @param refused the staleness refusal that made the answer lexical, or null when answered as asked
     * @param queryId the ledger event, or null when not recorded
     */
    public record Answer(PassageSearchResult result, RecallException refused, Long queryId) {}

    /**
     * Passages of the archive: lexical always current; vector and hybrid refuse (STALE) when vectors lag. The search
     * goes to the query ledger as {@code recording} says, timed; a refused one is not recorded (it showed nothing).
     */
    public Answer search(PassageSearchRequest request, Recording recording) {
        long start = System.nanoTime();
        PassageSearchResult result = resources.sessionSearch().search(request);
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        return new Answer(result, null, ledger.recordPassages(recording, request.text(), result, request.filter(),
                elapsed));
    }

    /** A passage search that does not dead-end on stale session vectors: lexical, with the refusal that caused it. */
    public Answer searchOrLexical(PassageSearchRequest request, Recording recording) {
        try {
            return search(request, recording);
        } catch (RecallException e) {
            if (e.kind() != RecallException.Kind.STALE || request.mode() == dev.recall.search.SearchMode.LEXICAL
                    || request.cursor() != null) {
                throw e;
            }
            Answer lexical = search(new PassageSearchRequest(request.text(), dev.recall.search.SearchMode.LEXICAL,
                    request.filter(), request.limit(), null, request.window(), request.rrfK(), request.k1(),
                    request.b(), request.explain()), recording);
            return new Answer(lexical.result(), e, lexical.queryId());
        }
    }

    /** Marks a session trashed or automated: out of search, and the entries it anchors lose provenance. */
    public SessionCatalog.Marked mark(String sessionId, SessionCatalog.Mark mark) {
        return new SessionCatalog(resources.database()).mark(sessionId, mark, resources.clock().instant())
                .orElseThrow(() -> notFound(sessionId));
    }

    /** After the archive grew (a sync, an import): session vectors follow when the user consented. */
    void afterArchiveChange(boolean grew, dev.recall.index.VectorBuilder.Progress progress) {
        autoEmbedding.afterArchiveChange(grew, progress);
    }

    private static RecallException notFound(String id) {
        return new RecallException(RecallException.Kind.NOT_FOUND, "no session with id '" + id + "'");
    }
}
