package dev.recall.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.brief.BriefPacker;
import dev.recall.extract.Review;
import dev.recall.extract.ReviewLabel;
import dev.recall.index.VectorBuilder;
import dev.recall.search.FusionMethod;
import dev.recall.search.PassageSearchRequest;
import dev.recall.search.SearchMode;
import dev.recall.service.ArchiveService;
import dev.recall.service.EmbeddingService;
import dev.recall.service.EntryService;
import dev.recall.service.Filters;
import dev.recall.service.InsightService;
import dev.recall.service.Recording;
import dev.recall.service.SearchService;
import dev.recall.service.SessionService;
import dev.recall.sessions.ContextFrame;
import dev.recall.sessions.HistoryCapture;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.RecallException;
import dev.recall.store.ReviewState;
import dev.recall.store.Scope;
import dev.recall.store.SessionFilter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The API's routes: each parses its request into a service request record, calls one service operation on a
 * reader (or the writer, for writes) and renders the result with {@link Views}, the same JSON as the cli's
 * {@code --json}. Nothing here decides policy; it only translates.
 */
final class RecallRoutes {
    static final String PREFIX = "/api/v1";
    private static final Duration READER_WAIT = Duration.ofSeconds(10);
    private static final Duration WRITE_WAIT = Duration.ofSeconds(10);
    private static final int MAX_LIMIT = 1000;

    /** The filters of archived sessions: listing them and searching their passages. */
    private static final List<Route.Param> SESSION_FILTERS = List.of(
            Route.Param.of("project", "string", "only this project"),
            Route.Param.of("agent", "string", "only this agent (claude-code, codex, gemini-cli, ...)"),
            Route.Param.of("cwd", "string", "only sessions run in this directory"),
            Route.Param.of("git_branch", "string", "only this branch"),
            Route.Param.of("from", "string", "started on or after (YYYY-MM-DD, UTC, or an ISO instant)"),
            Route.Param.of("to", "string", "started before (YYYY-MM-DD, UTC, or an ISO instant)"));

    private static final List<Route.Param> FILTERS = List.of(
            Route.Param.of("project", "string", "only entries of this project"),
            Route.Param.of("cwd", "string", "only entries recorded in this working directory"),
            Route.Param.of("git_branch", "string", "only entries recorded on this branch"),
            Route.Param.of("agent", "string", "only entries from this agent (claude-code, codex, ...)"),
            Route.Param.of("type", "string", "fact, decision, procedure, debugging_method, warning, preference,"
                    + " open_question"),
            Route.Param.of("scope", "string", "global, project, repository, branch, file, tool, agent"),
            Route.Param.of("status", "string", "accepted or archived"),
            Route.Param.of("review_state", "string", "human_reviewed, unreviewed_auto, calibrated_auto, eval_raw"),
            Route.Param.of("trusted_only", "boolean", "only trusted entries (accepted, human-reviewed,"
                    + " transferable, provenance intact)"),
            Route.Param.of("extractor_method", "string", "only entries made by this extractor (manual, local-v1, ...)"),
            Route.Param.of("source_session_id", "string", "only entries distilled from this session"),
            Route.Param.of("source_episode_id", "string", "only entries of this source episode"),
            Route.Param.of("source_run_id", "string", "only entries of this source run"),
            Route.Param.of("supersedes_entry_id", "string", "only the entry that supersedes this one"),
            Route.Param.of("superseded_by_entry_id", "string", "only the entry this one superseded"));
    private static final Route.Param SUMMARY = Route.Param.of("summary", "boolean",
            "also count the results by attribute (default false)");
    private static final Route.Param EVIDENCE = Route.Param.of("evidence", "boolean",
            "also return each result's evidence anchors (default false)");

    private final Engines engines;
    private final Daemon.Status status;
    private final Path dataDir;

    RecallRoutes(Engines engines, Daemon.Status status, Path dataDir) {
        this.engines = engines;
        this.status = status;
        this.dataDir = dataDir;
    }

    List<Route> routes() {
        List<Route> r = new ArrayList<>();
        r.add(new Route("GET", PREFIX + "/health", "Daemon health, the corpus and vector state, and every"
                + " scheduler's last run, next run and last error", Route.Access.READ, List.of(), List.of(),
                req -> status.health()));
        r.add(new Route("GET", PREFIX + "/recall/entries", "List entries, newest first, or ranked by q (lexical)",
                Route.Access.READ, concat(List.of(Route.Param.of("q", "string", "text to rank the entries by"),
                        Route.Param.of("limit", "integer", "at most this many (default 20, at most 1000)"),
                        SUMMARY, EVIDENCE, Route.Param.of("record", "boolean",
                                "append a ranked list (q) to the ledger (default true)")), FILTERS),
                List.of(), this::listEntries));
        r.add(new Route("GET", PREFIX + "/recall/entries/{id}", "One entry with its evidence", Route.Access.READ,
                List.of(Route.Param.required("id", "string", "the entry id"),
                        Route.Param.of("evidence", "boolean", "include the evidence anchors (default true)")),
                List.of(), this::getEntry));
        r.add(new Route("GET", PREFIX + "/recall/corpus", "Browse the corpus: a page of entries of every status"
                + " (unless status is given), the total, counts by project and type, and every value each filter"
                + " takes", Route.Access.READ, concat(List.of(
                        Route.Param.of("text", "string", "a case-insensitive substring of the title, body or trigger"),
                        Route.Param.of("extractor_method", "string", "only entries made by this extractor"),
                        Route.Param.of("extraction_fingerprint", "string", "only entries proposed by this extraction"
                                + " generation; none for entries from no generation"),
                        Route.Param.of("limit", "integer", "at most this many (default 50, at most 1000)"),
                        Route.Param.of("offset", "integer", "skip this many")), FILTERS), List.of(), this::corpus));
        r.add(new Route("GET", PREFIX + "/recall/entries/{id}/detail", "Everything about one entry: evidence,"
                + " injection flags, extraction generation, review record, supersession chain both ways",
                Route.Access.READ, List.of(Route.Param.required("id", "string", "the entry id")), List.of(),
                req -> read(s -> Views.inspection(s.entries().inspect(req.pathParam("id"))))));
        r.add(new Route("POST", PREFIX + "/recall/entries/{id}/review", "Review one unreviewed entry: accept it"
                + " (a label), edit it, or reject it (archived); writes the review record `recall review import`"
                + " writes", Route.Access.WRITE, List.of(Route.Param.required("id", "string", "the entry id")),
                List.of(Route.Param.required("label", "string", "correct, useful_but_uncertain, genuine_tradeoff or"
                                + " reject"),
                        Route.Param.of("title", "string", "the edited title"),
                        Route.Param.of("body", "string", "the edited body"),
                        Route.Param.of("trigger", "string", "the edited trigger (empty clears it)"),
                        Route.Param.of("uncertainty", "string", "the edited uncertainty (empty clears it)"),
                        Route.Param.of("transferable", "boolean", "whether the entry applies beyond its session")),
                this::review));
        r.add(new Route("GET", PREFIX + "/sessions", "List archived sessions, newest first", Route.Access.READ,
                concat(SESSION_FILTERS, List.of(
                        Route.Param.of("include_hidden", "boolean", "include trashed and automated sessions"),
                        Route.Param.of("limit", "integer", "at most this many (default 50, at most 1000)"),
                        Route.Param.of("offset", "integer", "skip this many"))),
                List.of(), this::listSessions));
        // before /sessions/{id}, which would take "search" for a session id
        r.add(new Route("GET", PREFIX + "/sessions/search", "Search the archive's passages: lexical, vector or hybrid"
                + " (vector and hybrid need session vectors and refuse when stale)", Route.Access.READ,
                concat(List.of(Route.Param.required("q", "string", "what to look for, in plain words"),
                        Route.Param.of("mode", "string", "lexical (default), vector or hybrid"),
                        Route.Param.of("limit", "integer", "passages per page (default 10, at most 1000)"),
                        Route.Param.of("cursor", "string", "a previous page's next_cursor"),
                        Route.Param.of("scores", "boolean", "each passage's score breakdown (default true)"),
                        Route.Param.of("record", "boolean", "append to the ledger (default true)")), SESSION_FILTERS),
                List.of(), this::searchSessions));
        r.add(new Route("GET", PREFIX + "/sessions/{id}", "One session's messages, a page at a time",
                Route.Access.READ, List.of(Route.Param.required("id", "string", "the session id"),
                        Route.Param.of("from", "integer", "the first message ordinal (default 0)"),
                        Route.Param.of("limit", "integer", "messages per page (default 50, at most 1000)")),
                List.of(), this::getSession));
        r.add(new Route("POST", PREFIX + "/recall/query", "Search the entries: lexical, vector or hybrid",
                Route.Access.READ, List.of(), concat(List.of(
                        Route.Param.required("query", "string", "what to look for, in plain words"),
                        Route.Param.of("mode", "string", "lexical (default), vector or hybrid"),
                        Route.Param.of("limit", "integer", "results per page (default 10)"),
                        Route.Param.of("cursor", "string", "a previous page's next_cursor"),
                        Route.Param.of("scores", "boolean", "BM25 per field and matched terms (default true)"),
                        Route.Param.of("window", "integer", "candidates per leg before fusion and filters"),
                        Route.Param.of("fusion", "string", "adaptive (default), convex or rrf"),
                        Route.Param.of("rrf_k", "integer", "RRF's k (default 60)"),
                        Route.Param.of("convex_weight", "number", "convex fusion: the lexical leg's weight"),
                        Route.Param.of("syntax", "string", "plain (default) or lucene"),
                        Route.Param.of("k1", "number", "BM25 k1"),
                        Route.Param.of("b", "number", "BM25 b"),
                        Route.Param.of("record", "boolean", "append to the ledger (default true)"),
                        SUMMARY, EVIDENCE,
                        Route.Param.of("include_context", "boolean", "also pack the results into a context block"
                                + " like a brief's (default false)"),
                        Route.Param.of("context_max_bytes", "integer", "the context block's budget in UTF-8 bytes"
                                + " (default " + BriefPacker.DEFAULT_BUDGET + "; implies include_context)"),
                        Route.Param.of("filters", "object", "the filters, as an object (or flat fields)")), FILTERS),
                this::query));
        r.add(new Route("POST", PREFIX + "/recall/brief", "Pack the entries relevant to a task into a brief",
                Route.Access.READ, List.of(), concat(List.of(
                        Route.Param.of("task", "string", "what the session is about to do; empty: newest entries"),
                        Route.Param.of("mode", "string", "lexical (default), vector or hybrid"),
                        Route.Param.of("limit", "integer", "ranked entries to consider (default 10)"),
                        Route.Param.of("context_max_bytes", "integer", "the brief's budget in UTF-8 bytes"),
                        Route.Param.of("record", "boolean", "append to the ledger (default true)"),
                        Route.Param.of("filters", "object", "the filters, as an object (or flat fields)")), FILTERS),
                this::brief));
        r.add(new Route("POST", PREFIX + "/recall/import", "Import entries (JSONL body, one transaction)",
                Route.Access.LOCAL_WRITE, List.of(
                        Route.Param.of("dry_run", "boolean", "check and count; write nothing"),
                        Route.Param.of("yes", "boolean", "write (required unless dry_run)"),
                        Route.Param.of("reviewed", "boolean", "mark the entries human_reviewed"),
                        Route.Param.of("allow_placeholder_sessions", "boolean",
                                "create placeholder sessions for unknown source sessions"),
                        Route.Param.of("require_existing_sessions", "boolean", "refuse entries whose source session"
                                + " is not archived (default true; false is allow_placeholder_sessions)")), List.of(),
                this::importEntries));
        r.add(new Route("GET", PREFIX + "/recall/stats", "Entry counts by type, scope, status, review state,"
                + " project, agent, trust, lifecycle, extractor and source, of the entries the filters select",
                Route.Access.READ, FILTERS, List.of(), req -> {
                    Filters filters = filters(req::param, req::boolParam);
                    return read(s -> Views.stats(s.entries().stats(new EntryService.StatsRequest(filters))));
                }));
        r.add(new Route("GET", PREFIX + "/embeddings/status", "Whether vector and hybrid queries are answered now,"
                + " the generations, and the embeddings scheduler", Route.Access.READ,
                List.of(Route.Param.of("store", "string", "recall (default)")), List.of(), this::embeddingsStatus));
        r.add(new Route("POST", PREFIX + "/embeddings/build", "Start a vector build (incremental, or full_rebuild);"
                + " 202, progress in /embeddings/status", Route.Access.WRITE, List.of(), List.of(
                        Route.Param.of("store", "string", "recall (default)"),
                        Route.Param.of("full_rebuild", "boolean", "embed everything into a new generation")),
                this::embeddingsBuild));
        r.add(new Route("GET", PREFIX + "/recall/extraction/status", "Extraction coverage and generations",
                Route.Access.READ, List.of(), List.of(),
                req -> read(s -> Views.extractionStatus(s.extraction().status()))));
        r.add(new Route("GET", PREFIX + "/recall/extraction/progress", "Extraction progress: per-session problems"
                + " and the extraction scheduler", Route.Access.READ, List.of(), List.of(), this::extractionProgress));
        r.add(new Route("POST", PREFIX + "/recall/extraction/activate", "Activate an extraction generation"
                + " (default: the configured one)", Route.Access.WRITE, List.of(),
                List.of(Route.Param.of("fingerprint", "string", "a generation's fingerprint or prefix")),
                this::extractionActivate));
        r.add(new Route("POST", PREFIX + "/recall/extraction/generations/{fingerprint}/retire", "Retire an"
                + " extraction generation", Route.Access.WRITE,
                List.of(Route.Param.required("fingerprint", "string", "the fingerprint or a unique prefix"),
                        Route.Param.of("force", "boolean", "retire even what `recall extract retire` asks --force for")),
                List.of(), this::extractionRetire));
        r.add(new Route("GET", PREFIX + "/insights", "Generated insights, newest first", Route.Access.READ,
                List.of(Route.Param.of("limit", "integer", "at most this many (default 50, at most 1000)")), List.of(),
                req -> {
                    int limit = req.intParam("limit", 50, 1, MAX_LIMIT);
                    return read(s -> Views.insights(s.insights().list(limit).stream()
                            .map(i -> Views.insight(i, s.insights().sessionCount(i), false)).toList()));
                }));
        r.add(new Route("POST", PREFIX + "/insights", "Generate an insight: a report over the sessions started in"
                + " a range, by the [insights] endpoint or a local agent CLI; stored and answered", Route.Access.WRITE,
                List.of(), List.of(
                        Route.Param.required("from", "string", "sessions started on or after (YYYY-MM-DD or an instant)"),
                        Route.Param.required("to", "string", "sessions started before (YYYY-MM-DD or an instant)"),
                        Route.Param.of("project", "string", "only this project's sessions"),
                        Route.Param.of("agent", "string", "only this agent's sessions"),
                        Route.Param.of("template", "string", "summary (default), friction or decisions"),
                        Route.Param.of("focus", "string", "what the report should pay attention to")),
                this::generateInsight));
        r.add(new Route("GET", PREFIX + "/insights/{id}", "One insight with its report", Route.Access.READ,
                List.of(Route.Param.required("id", "integer", "the insight's id")), List.of(), req -> {
                    long id = insightId(req);
                    return read(s -> {
                        var i = s.insights().get(id);
                        return Views.insight(i, s.insights().sessionCount(i), true);
                    });
                }));
        r.add(new Route("GET", PREFIX + "/insights/{id}/markdown", "One insight as a markdown document",
                Route.Access.READ, List.of(Route.Param.required("id", "integer", "the insight's id")), List.of(),
                req -> {
                    long id = insightId(req);
                    String md = read(s -> s.insights().markdown(id));
                    return new Reply(200, md, "text/markdown; charset=utf-8", Map.of("Content-Disposition",
                            "attachment; filename=\"recall-insight-" + id + ".md\""));
                }));
        r.add(new Route("POST", PREFIX + "/insights/{id}/delete", "Delete one insight", Route.Access.WRITE,
                List.of(Route.Param.required("id", "integer", "the insight's id")), List.of(), req -> {
                    long id = insightId(req);
                    engines.write("insight delete", WRITE_WAIT, s -> {
                        s.insights().delete(id);
                        return null;
                    });
                    return Map.of("deleted", id);
                }));
        r.add(new Route("GET", PREFIX + "/ledger/stats", "Summarise the query ledger", Route.Access.READ,
                List.of(Route.Param.of("top", "integer", "how many top entries and missed queries (default 10)")),
                List.of(), req -> {
                    int top = req.intParam("top", 10, 1, MAX_LIMIT);
                    return read(s -> Views.ledgerStats(s.ledger().stats(top)));
                }));
        r.add(new Route("POST", PREFIX + "/sync", "Sync the agents' session directories now (what the sync"
                + " scheduler does on a change); answers when done, with the scheduler's status", Route.Access.WRITE,
                List.of(), List.of(), req -> status.syncNow()));
        r.add(new Route("POST", PREFIX + "/hooks/session-start", "The SessionStart hook's output (text): the"
                + " project's framed context and trusted brief", Route.Access.READ, List.of(),
                hookFields(), this::sessionStart));
        r.add(new Route("POST", PREFIX + "/hooks/user-prompt", "The UserPromptSubmit hook's output (text): the"
                + " trusted entries that plainly concern the prompt, framed as evidence; empty when none clears the"
                + " threshold", Route.Access.READ, List.of(), concat(List.of(Route.Param.of("prompt", "string",
                        "the prompt the user submitted")), hookFields()), this::userPrompt));
        r.add(new Route("POST", PREFIX + "/hooks/stop", "The Stop hook: archive the turn's transcript and append"
                + " to the project's history", Route.Access.LOCAL_WRITE, List.of(), hookFields(), this::stop));
        r.add(new Route("GET", PREFIX + "/openapi.json", "This document", Route.Access.READ, List.of(), List.of(),
                req -> status.openApi()));
        return r;
    }

    private static List<Route.Param> hookFields() {
        return List.of(Route.Param.of("cwd", "string", "the session's working directory"),
                Route.Param.of("transcript_path", "string", "the session's transcript"),
                Route.Param.of("session_id", "string", "the session id"),
                Route.Param.of("hook_event_name", "string", "the hook event"),
                Route.Param.of("source", "string", "why the session started"),
                Route.Param.of("permission_mode", "string", "ignored"),
                Route.Param.of("stop_hook_active", "boolean", "ignored"));
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private <T> T read(Function<dev.recall.service.RecallService, T> op) {
        return engines.read(READER_WAIT, op);
    }

    // ---- entries ---------------------------------------------------------------------------------------------

    private Object listEntries(Request req) {
        Filters filters = filters(req::param, req::boolParam);
        int limit = req.intParam("limit", 20, 1, MAX_LIMIT);
        String q = req.param("q");
        if (q != null) {
            checkText("q", q);
        }
        Boolean summary = req.boolParam("summary");
        Boolean evidence = req.boolParam("evidence");
        Boolean record = req.boolParam("record");
        var request = new EntryService.ListRequest(filters, limit, q, summary != null && summary,
                evidence != null && evidence, recording(req, record == null || record));
        return read(s -> Views.list(s.entries().list(request)));
    }

    private Object corpus(Request req) {
        Filters filters = filters(req::param, req::boolParam);
        var request = new EntryService.BrowseRequest(filters, req.param("text"), req.param("extractor_method"),
                req.param("extraction_fingerprint"), req.intParam("limit", 50, 1, MAX_LIMIT),
                req.intParam("offset", 0, 0, Integer.MAX_VALUE));
        if (request.text() != null) {
            checkText("text", request.text());
        }
        return read(s -> Views.corpus(s.entries().browse(request), request.offset()));
    }

    /** The page's review: the source names the surface, as a file and line name an imported review. */
    private Object review(Request req) {
        String id = req.pathParam("id");
        ObjectNode body = req.jsonBody();
        rejectUnknown(body, Set.of("label", "title", "body", "trigger", "uncertainty", "transferable"));
        String label = string(body, "label");
        if (label == null) {
            throw ApiError.badRequest("label: required (correct, useful_but_uncertain, genuine_tradeoff or reject)");
        }
        Review.Decision d = new Review.Decision(id, enumValue("label", label, ReviewLabel::parse),
                body.hasNonNull("transferable") ? bool(body, "transferable", true) : null, string(body, "title"),
                string(body, "body"), body.has("trigger") ? new Review.Change<>(string(body, "trigger")) : null,
                body.has("uncertainty") ? new Review.Change<>(string(body, "uncertainty")) : null, null);
        Map<String, Object> out = engines.write("review", WRITE_WAIT, s -> {
            var built = s.review().decide(d, "http", VectorBuilder.Progress.NONE);
            Map<String, Object> m = Views.inspection(s.entries().inspect(id));
            m.put("auto_embedded", built == null ? null : Views.build(built));
            return m;
        });
        status.changed();
        return out;
    }

    private Object generateInsight(Request req) {
        ObjectNode body = req.jsonBody();
        rejectUnknown(body, Set.of("from", "to", "project", "agent", "template", "focus"));
        String focus = string(body, "focus");
        if (focus != null) {
            checkText("focus", focus);
        }
        InsightService.GenerateRequest g;
        try {
            g = new InsightService.GenerateRequest(bodyDate(body, "from"), bodyDate(body, "to"), string(body, "project"),
                    string(body, "agent"), string(body, "template"), focus);
        } catch (dev.recall.store.RecallException e) {
            throw ApiError.badRequest(e.getMessage());
        }
        return engines.write("insight", WRITE_WAIT, s -> {
            var i = s.insights().generate(g);
            return Views.insight(i, s.insights().sessionCount(i), true);
        });
    }

    private static Instant bodyDate(ObjectNode body, String field) {
        String value = string(body, field);
        if (value == null) {
            throw ApiError.badRequest(field + ": required (YYYY-MM-DD or an ISO instant)");
        }
        try {
            return SessionFilter.bound(value);
        } catch (DateTimeParseException e) {
            throw ApiError.badRequest(field + ": '" + value
                    + "' is not a date (YYYY-MM-DD) or an ISO-8601 instant (2026-09-01T10:00:00Z)");
        }
    }

    private static long insightId(Request req) {
        try {
            return Long.parseLong(req.pathParam("id"));
        } catch (NumberFormatException e) {
            throw ApiError.badRequest("id: '" + req.pathParam("id") + "' is not an insight id (a number)");
        }
    }

    private Object getEntry(Request req) {
        String id = req.pathParam("id");
        Boolean evidence = req.boolParam("evidence");
        return read(s -> {
            EntryService.GetResult r = s.entries().get(new EntryService.GetRequest(id, evidence == null || evidence));
            return Views.entry(r.entry(), r.evidence());
        });
    }

    private Object listSessions(Request req) {
        SessionFilter filter = sessionFilter(req, Boolean.TRUE.equals(req.boolParam("include_hidden")));
        int limit = req.intParam("limit", 50, 1, MAX_LIMIT);
        int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
        return read(s -> Views.sessions(s.archive().list(new ArchiveService.ListRequest(filter, limit, offset)),
                filter, offset));
    }

    private Object searchSessions(Request req) {
        String text = req.param("q");
        if (text == null || text.isBlank()) {
            throw ApiError.badRequest("q: required, the text to look for");
        }
        checkText("q", text);
        SearchMode mode = enumValue("mode", req.param("mode") == null ? "lexical" : req.param("mode"),
                SearchMode::parse);
        SessionFilter filter = sessionFilter(req, false);
        int limit = req.intParam("limit", 10, 1, MAX_LIMIT);
        Boolean scores = req.boolParam("scores");
        Recording recording = recording(req, !Boolean.FALSE.equals(req.boolParam("record")));
        return read(s -> {
            var config = s.config();
            PassageSearchRequest search = new PassageSearchRequest(text, mode, filter, limit, req.param("cursor"),
                    config.window(), config.rrfK(), config.weights().k1(), config.weights().b(),
                    scores == null || scores);
            ArchiveService.Answer answer = s.archive().search(search, recording);
            return Views.passages(text, answer.result(), answer.queryId());
        });
    }

    private Object getSession(Request req) {
        String id = req.pathParam("id");
        int from = req.intParam("from", 0, 0, Integer.MAX_VALUE);
        int limit = req.intParam("limit", 50, 1, MAX_LIMIT);
        return read(s -> Views.sessionPage(s.archive().show(new ArchiveService.ShowRequest(id, from, limit)), from));
    }

    /** The session filters of {@link #SESSION_FILTERS}; an empty date range is an INVALID RecallException (a 400). */
    private static SessionFilter sessionFilter(Request req, boolean includeHidden) {
        return new SessionFilter(req.param("project"), req.param("agent"), req.param("cwd"), req.param("git_branch"),
                date(req, "from"), date(req, "to"), includeHidden);
    }

    private static Instant date(Request req, String name) {
        String value = req.param(name);
        try {
            return SessionFilter.bound(value);
        } catch (DateTimeParseException e) {
            throw ApiError.badRequest(name + ": '" + value
                    + "' is not a date (YYYY-MM-DD) or an ISO-8601 instant (2026-09-01T10:00:00Z)");
        }
    }

    private Object importEntries(Request req) throws IOException {
        boolean dryRun = Boolean.TRUE.equals(req.boolParam("dry_run"));
        boolean yes = Boolean.TRUE.equals(req.boolParam("yes"));
        if (!dryRun && !yes) {
            throw new ApiError(400, "bad_request", "import writes to the store: pass yes=true to write, or"
                    + " dry_run=true to check", null);
        }
        if (req.body().length == 0) {
            throw ApiError.badRequest("the body must hold the entries, one JSON object a line (JSONL)");
        }
        boolean reviewed = Boolean.TRUE.equals(req.boolParam("reviewed"));
        Boolean require = req.boolParam("require_existing_sessions");
        boolean placeholders = Boolean.TRUE.equals(req.boolParam("allow_placeholder_sessions"));
        if (Boolean.TRUE.equals(require) && placeholders) {
            throw ApiError.badRequest("require_existing_sessions=true contradicts allow_placeholder_sessions=true");
        }
        placeholders |= Boolean.FALSE.equals(require);
        boolean allowPlaceholders = placeholders;
        Path tmp = Files.createTempFile(dataDir, "import-", ".jsonl");
        try {
            Files.write(tmp, req.body());
            Map<String, Object> out = engines.write("import", WRITE_WAIT, s -> {
                var r = s.entries().importEntries(new EntryService.ImportRequest(tmp, !dryRun, reviewed,
                        allowPlaceholders), VectorBuilder.Progress.NONE);
                Map<String, Object> m = Views.importReport(r.report(), dryRun);
                m.put("file", "(request body)");
                m.put("auto_embedded", r.autoEmbedded() == null ? null : Views.build(r.autoEmbedded()));
                return m;
            });
            status.changed();
            if (!Boolean.TRUE.equals(out.get("written")) && !dryRun) {
                // the error shape of every other answer (code, message, hint first), with the report beside them
                ApiError rejected = new ApiError(400, "rejected", "the import was rejected; nothing was written",
                        "fix the lines named in error.report.rejected and send the file again", Map.of("report", out));
                return Reply.json(rejected.status(), rejected.body());
            }
            return out;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    // ---- query and brief -------------------------------------------------------------------------------------

    private Object query(Request req) {
        ObjectNode body = req.jsonBody();
        Set<String> known = fieldNames(List.of("query", "mode", "limit", "cursor", "scores", "window", "fusion",
                "rrf_k", "convex_weight", "syntax", "k1", "b", "record", "summary", "evidence", "include_context",
                "context_max_bytes", "filters"));
        rejectUnknown(body, known);
        String text = string(body, "query");
        if (text == null || text.isBlank()) {
            throw ApiError.badRequest("query: required, the text to look for");
        }
        checkText("query", text);
        String syntax = body.hasNonNull("syntax") ? string(body, "syntax") : "plain";
        if (!syntax.equals("plain") && !syntax.equals("lucene")) {
            throw ApiError.badRequest("syntax must be plain or lucene, not '" + syntax + "'");
        }
        var q = SearchService.QueryRequest.builder(text)
                .mode(parse("mode", body, SearchMode::parse, SearchMode.LEXICAL))
                .filters(bodyFilters(body))
                .limit(integer(body, "limit", 10, 1, MAX_LIMIT))
                .cursor(string(body, "cursor"))
                .window(body.hasNonNull("window") ? integer(body, "window", 0, 1, 100_000) : null)
                .fusion(parse("fusion", body, FusionMethod::parse, null))
                .rrfK(body.hasNonNull("rrf_k") ? integer(body, "rrf_k", 60, 1, 100_000) : null)
                .convexWeight(number(body, "convex_weight", 0.5))
                .luceneSyntax(syntax.equals("lucene"))
                .k1(body.hasNonNull("k1") ? (float) number(body, "k1", 0) : null)
                .b(body.hasNonNull("b") ? (float) number(body, "b", 0) : null)
                .explain(bool(body, "scores", true))
                .recording(recording(req, bool(body, "record", true)))
                .summary(bool(body, "summary", false))
                .evidence(bool(body, "evidence", false))
                .contextMaxBytes(bool(body, "include_context", body.hasNonNull("context_max_bytes"))
                        ? integer(body, "context_max_bytes", BriefPacker.DEFAULT_BUDGET, 1, 1 << 20) : null)
                .build();
        return read(s -> Views.query(text, s.search().query(q)));
    }

    private Object brief(Request req) {
        ObjectNode body = req.jsonBody();
        rejectUnknown(body, fieldNames(List.of("task", "mode", "limit", "context_max_bytes", "record", "filters")));
        String task = body.hasNonNull("task") ? string(body, "task") : null; // absent: the newest entries
        if (task != null) {
            checkText("task", task);
        }
        var b = new SearchService.BriefRequest(task, parse("mode", body, SearchMode::parse, SearchMode.LEXICAL),
                bodyFilters(body), integer(body, "limit", 10, 1, MAX_LIMIT),
                integer(body, "context_max_bytes", BriefPacker.DEFAULT_BUDGET, 1, 1 << 20),
                recording(req, bool(body, "record", true)));
        return read(s -> Views.brief(s.search().brief(b)));
    }

    // ---- embeddings ------------------------------------------------------------------------------------------

    private Object embeddingsStatus(Request req) {
        String store = req.param("store") == null ? "recall" : req.param("store");
        Map<String, Object> m = read(s -> {
            EmbeddingService.Generations g = s.embeddings().list(store);
            Map<String, Object> out = Views.embeddingsStatus(s.embeddings().status(store));
            out.put("generations", g.generations().stream()
                    .map(x -> Views.generation(x, g.currentCorpusRevision())).toList());
            return out;
        });
        m.put("scheduler", status.scheduler("embeddings"));
        m.put("build", status.build());
        return m;
    }

    private Object embeddingsBuild(Request req) {
        ObjectNode body = req.jsonBody();
        rejectUnknown(body, Set.of("store", "full_rebuild"));
        String store = body.hasNonNull("store") ? string(body, "store") : "recall";
        boolean full = bool(body, "full_rebuild", false);
        read(s -> s.embeddings().list(store)); // an unknown store is refused before anything starts
        return status.startBuild(store, full);
    }

    // ---- extraction ------------------------------------------------------------------------------------------

    private Object extractionProgress(Request req) {
        Map<String, Object> m = read(s -> {
            var st = s.extraction().status();
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("fingerprint", st.fingerprint());
            out.put("state", st.state());
            out.put("sessions", st.sessions());
            out.put("done", st.done());
            out.put("pending", st.pending());
            out.put("failed", st.failed());
            out.put("ineligible", st.ineligible());
            out.put("problems", st.problems().stream().map(Views::outcome).toList());
            return out;
        });
        m.put("scheduler", status.scheduler("extraction"));
        return m;
    }

    private Object extractionActivate(Request req) {
        ObjectNode body = req.jsonBody();
        rejectUnknown(body, Set.of("fingerprint"));
        String fp = string(body, "fingerprint");
        Map<String, Object> out = engines.write("extraction activate", WRITE_WAIT, s -> {
            var a = s.extraction().activate(fp, VectorBuilder.Progress.NONE).activation();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("fingerprint", a.fingerprint());
            m.put("previous", a.previous());
            m.put("already_active", a.alreadyActive());
            m.put("inserted", a.inserted());
            m.put("restored", a.restored());
            m.put("archived_from_previous", a.archivedFromPrevious());
            m.put("superseded", a.superseded().stream().map(Views::supersession).toList());
            return m;
        });
        status.changed();
        return out;
    }

    private Object extractionRetire(Request req) {
        String fp = req.pathParam("fingerprint");
        boolean force = Boolean.TRUE.equals(req.boolParam("force"));
        Map<String, Object> out = engines.write("extraction retire", WRITE_WAIT, s -> {
            var r = s.extraction().retire(fp, force);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("fingerprint", r.fingerprint());
            m.put("previous_state", r.previousState());
            m.put("archived", r.archived());
            m.put("candidates_kept", r.candidatesKept());
            return m;
        });
        status.changed();
        return out;
    }

    // ---- hooks -----------------------------------------------------------------------------------------------

    private Object sessionStart(Request req) {
        ObjectNode body = req.jsonBody();
        Path project = hookProject(body);
        var r = read(s -> s.sessions().show(new SessionService.ShowRequest(project, ".recall",
                SessionService.Framing.SESSION_START, ContextFrame.HOOK_MAX_CHARS)));
        return Reply.text(Views.sessionStartText(r));
    }

    private Object userPrompt(Request req) {
        ObjectNode body = req.jsonBody();
        String prompt = string(body, "prompt");
        var found = read(s -> s.prompts().lookup(new dev.recall.service.PromptService.PromptRequest(prompt,
                Recording.DEFAULT)));
        // the prompt waits for the answer, not for the ledger append (which may wait on SQLite's write lock)
        return Reply.text(found.result().context()).then(() -> read(s -> {
            s.prompts().record(found.ledger());
            return null;
        }));
    }

    private Object stop(Request req) {
        ObjectNode body = req.jsonBody();
        Path project = hookProject(body);
        String transcript = string(body, "transcript_path");
        HistoryCapture.Captured c = engines.write("capture", Duration.ofSeconds(20), s -> s.sessions().capture(
                new SessionService.CaptureRequest(project, transcript == null ? null : Path.of(transcript), null,
                        ".recall", true)).captured());
        status.changed();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("captured", c != null);
        if (c != null) {
            m.put("file", c.file().toString());
            m.put("session_id", c.sessionId());
            m.put("messages", c.messages());
            m.put("from_ordinal", c.fromOrdinal());
            m.put("to_ordinal", c.toOrdinal());
        }
        return m;
    }

    private static Path hookProject(ObjectNode body) {
        String cwd = string(body, "cwd");
        if (cwd == null || cwd.isBlank()) {
            throw ApiError.badRequest("cwd: required, the session's working directory");
        }
        Path p = Path.of(cwd);
        if (!p.isAbsolute()) {
            throw ApiError.badRequest("cwd must be an absolute path, not '" + cwd + "'");
        }
        return p;
    }

    // ---- parsing ---------------------------------------------------------------------------------------------

    /** The header the cli sends when it is answered by the daemon: its queries stay recorded as the cli's. */
    static final String CLIENT_HEADER = "X-Recall-Client";

    /**
     * The header naming the one invocation a request belongs to: a request sent again under the same id (its answer
     * was lost) is recorded in the ledger once. The cli sends its invocation's id, which a handover carried too.
     */
    static final String REQUEST_ID_HEADER = "X-Recall-Request-Id";

    /** Queries asked over HTTP are recorded with surface http; the cli's, answered here, as the cli's own. */
    private static Recording recording(Request req, boolean record) {
        if (!record) {
            return Recording.NONE;
        }
        Recording r = "cli".equals(req.header(CLIENT_HEADER)) ? Recording.DEFAULT : Recording.http();
        String id = req.header(REQUEST_ID_HEADER);
        if (id == null) {
            return r;
        }
        if (!Handoff.Invocation.validRequestId(id)) {
            throw ApiError.badRequest(REQUEST_ID_HEADER + ": 1 to " + Handoff.Invocation.MAX_REQUEST_ID_CHARS
                    + " printable ASCII characters without spaces");
        }
        return r.withRequestId(id);
    }

    private interface Lookup<T> {
        T get(String name);
    }

    private static Filters filters(Lookup<String> text, Lookup<Boolean> flag) {
        EntryFilter.Builder b = EntryFilter.builder().project(text.get("project")).cwd(text.get("cwd"))
                .gitBranch(text.get("git_branch")).agent(text.get("agent"))
                .extractorMethod(text.get("extractor_method")).sourceSessionId(text.get("source_session_id"))
                .sourceEpisodeId(text.get("source_episode_id")).sourceRunId(text.get("source_run_id"))
                .supersedesEntryId(text.get("supersedes_entry_id"))
                .supersededByEntryId(text.get("superseded_by_entry_id"));
        String type = text.get("type");
        String scope = text.get("scope");
        String status = text.get("status");
        String review = text.get("review_state");
        if (type != null) {
            b.type(enumValue("type", type, EntryType::parse));
        }
        if (scope != null) {
            b.scope(enumValue("scope", scope, Scope::parse));
        }
        if (status != null) {
            b.status(enumValue("status", status, EntryStatus::parse));
        }
        if (review != null) {
            b.reviewState(enumValue("review_state", review, ReviewState::parse));
        }
        return new Filters(b.build(), flag.get("trusted_only"));
    }

    /** Filters in a body: flat fields, or one {@code "filters"} object (not both). */
    private static Filters bodyFilters(ObjectNode body) {
        JsonNode nested = body.get("filters");
        ObjectNode source = body;
        if (nested != null && !nested.isNull()) {
            if (!nested.isObject()) {
                throw ApiError.badRequest("filters must be an object");
            }
            for (Route.Param p : FILTERS) {
                if (body.has(p.name())) {
                    throw ApiError.badRequest("give the filters either flat or in \"filters\", not both ("
                            + p.name() + ")");
                }
            }
            source = (ObjectNode) nested;
            rejectUnknown(source, Set.copyOf(FILTERS.stream().map(Route.Param::name).toList()));
        }
        ObjectNode from = source;
        return filters(name -> string(from, name), name -> from.hasNonNull(name) ? bool(from, name, false) : null);
    }

    private static Set<String> fieldNames(List<String> own) {
        Set<String> all = new java.util.HashSet<>(own);
        FILTERS.forEach(p -> all.add(p.name()));
        return all;
    }

    private static void rejectUnknown(ObjectNode body, Set<String> known) {
        for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!known.contains(name)) {
                throw ApiError.badRequest("unknown field '" + name + "' (known: "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }

    private void checkText(String field, String text) {
        int max = status.maxQueryChars();
        if (text.length() > max) {
            throw ApiError.badRequest(field + " has " + text.length() + " characters; the limit is " + max);
        }
    }

    private static <T> T enumValue(String field, String value, Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (RecallException e) { // the route's own name of the field: a body's field or a query parameter
            throw ApiError.badRequest(field + ": " + e.problem());
        }
    }

    private static <T> T parse(String field, ObjectNode body, Function<String, T> parser, T fallback) {
        String v = string(body, field);
        return v == null ? fallback : enumValue(field, v, parser);
    }

    private static String string(ObjectNode body, String field) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isTextual()) {
            throw ApiError.badRequest(field + " must be a string");
        }
        return n.textValue();
    }

    private static int integer(ObjectNode body, String field, int fallback, int min, int max) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return fallback;
        }
        if (!n.isIntegralNumber() || !n.canConvertToInt()) {
            throw ApiError.badRequest(field + " must be an integer");
        }
        int v = n.intValue();
        if (v < min || v > max) {
            throw ApiError.badRequest(field + " must be between " + min + " and " + max + ", not " + v);
        }
        return v;
    }

    private static double number(ObjectNode body, String field, double fallback) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return fallback;
        }
        if (!n.isNumber()) {
            throw ApiError.badRequest(field + " must be a number");
        }
        return n.doubleValue();
    }

    private static boolean bool(ObjectNode body, String field, boolean fallback) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return fallback;
        }
        if (!n.isBoolean()) {
            throw ApiError.badRequest(field + " must be true or false");
        }
        return n.booleanValue();
    }
}
