package dev.recall.server;

import dev.recall.freshness.Staleness;
import dev.recall.search.SearchException;
import dev.recall.store.RecallException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The HTTP wording of the service's typed errors: a status that means something (400 bad input, 404 not found,
 * 409 stale or conflicting, 503 busy, 500 internal), a stable code, the service's message, and the fix as a hint
 * that names the API's own routes.
 */
final class Errors {
    private Errors() {}

    static ApiError of(Throwable t) {
        if (t instanceof ApiError e) {
            return e;
        }
        if (t instanceof RecallException e) {
            return of(e);
        }
        if (t instanceof IllegalArgumentException e) {
            return new ApiError(400, "bad_request", e.getMessage(), null);
        }
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return new ApiError(500, "internal", message, "see the daemon's log (<data>/serve.log when detached)");
    }

    /**
     * The service's kind and remedy travel with the details, so that a client (the cli answered by the daemon) can
     * word the failure exactly as it would in-process.
     */
    private static ApiError of(RecallException e) {
        Map<String, Object> details = new LinkedHashMap<>(e.details());
        details.put("kind", e.kind().name().toLowerCase(java.util.Locale.ROOT));
        details.put("remedy", e.remedy().name().toLowerCase(java.util.Locale.ROOT));
        Object store = e.details().getOrDefault("store", "recall");
        String hint = hint(e.remedy(), store);
        if (e instanceof Staleness.RefusedException r) {
            Staleness v = r.verdict();
            details.put("current_corpus_revision", v.currentRevision());
            details.put("vectors_corpus_revision", v.generation() == null ? null : v.generation().completedCorpusRevision());
            details.put("vector_generation", v.generation() == null ? null : v.generation().id());
            return new ApiError(409, "stale_vectors", e.getMessage(), hint(RecallException.Remedy.BUILD_EMBEDDINGS, store)
                    + "; mode \"lexical\" is always current", details);
        }
        if (e instanceof SearchException s) {
            return switch (s.reason()) {
                case CURSOR_EXPIRED -> new ApiError(409, "cursor_expired", e.getMessage(),
                        hint(RecallException.Remedy.RESTART_PAGINATION, store), details);
                case INVALID_CURSOR -> new ApiError(400, "invalid_cursor", e.getMessage(),
                        "pass a next_cursor from a previous page of the same query", details);
                case INVALID_QUERY -> new ApiError(400, "invalid_query", e.getMessage(), hint, details);
            };
        }
        if (dev.recall.store.Database.DAMAGED.equals(e.details().get("reason"))) {
            // reads go on; every write is refused until the file is repaired and the daemon started again
            return new ApiError(503, "store_damaged", e.getMessage(), "the daemon refuses writes to this store: stop"
                    + " it (`recall serve --stop`), repair or restore the file (`recall doctor` says how), then start"
                    + " it again; GET /api/v1/health shows the check", details);
        }
        return switch (e.kind()) {
            case INVALID -> new ApiError(400, "bad_request", e.getMessage(), hint, details);
            case REJECTED -> new ApiError(400, "rejected", e.getMessage(), hint, details);
            case STALE -> new ApiError(409, "stale", e.getMessage(), hint, details);
            case NOT_FOUND -> new ApiError(404, "not_found", e.getMessage(), hint, details);
            case CONFLICT -> new ApiError(409, "conflict", e.getMessage(), hint, details);
            case INTERNAL -> e.remedy() == RecallException.Remedy.RETRY_LATER
                    ? new ApiError(503, "busy", e.getMessage(), hint, details)
                    : new ApiError(500, "internal", e.getMessage(), hint != null ? hint
                            : "see the daemon's log (<data>/serve.log when detached)", details);
        };
    }

    private static String hint(RecallException.Remedy remedy, Object store) {
        return switch (remedy) {
            default -> null;
            case BUILD_EMBEDDINGS, USE_LEXICAL -> "build the vectors: POST /api/v1/embeddings/build with {\"store\": \"" + store
                    + "\"} (or `recall embeddings build --store " + store + "`), or set [vector.embed] " + store
                    + " = true so the daemon keeps them current";
            case RESTART_PAGINATION -> "run the query again without a cursor";
            case WIDEN_WINDOW -> "pass a larger window";
            case IMPORT_SESSION -> "import or sync the source session first, or pass allow_placeholder_sessions=true";
            case RUN_EXTRACTION -> "run extraction first";
            case ACTIVATE_EXTRACTION -> "activate the generation again: POST /api/v1/recall/extraction/activate";
            case NAME_EXTRACTION -> "name a generation (GET /api/v1/recall/extraction/status lists them)";
            case RETRY_LATER -> "retry shortly";
            case UPGRADE -> "upgrade recall";
            case SAVE_CONTEXT -> "save the project's context first (`recall save`)";
            case CAPTURE_HISTORY -> "capture the project's history first (`recall capture`)";
            case NAME_SESSION -> "name the session or its transcript";
            case FORCE_RETIRE -> "activate another generation instead, or retire this one with force=true";
        };
    }
}
