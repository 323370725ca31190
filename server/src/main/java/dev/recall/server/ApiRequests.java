package dev.recall.server;

import dev.recall.service.Filters;
import dev.recall.service.SearchService;
import dev.recall.store.EntryFilter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The request bodies of the API for the service's request records: what a client on this machine (the cli,
 * answered by the daemon) sends so that the daemon runs the very request it would have run in-process.
 */
public final class ApiRequests {
    private ApiRequests() {}

    public static Map<String, Object> query(SearchService.QueryRequest q) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("query", q.text());
        m.put("mode", q.mode().label());
        m.put("limit", q.limit());
        m.put("cursor", q.cursor());
        m.put("window", q.window());
        m.put("fusion", q.fusion() == null ? null : q.fusion().label());
        m.put("rrf_k", q.rrfK());
        m.put("convex_weight", q.convexWeight());
        m.put("syntax", q.luceneSyntax() ? "lucene" : "plain");
        m.put("k1", q.k1());
        m.put("b", q.b());
        m.put("scores", q.explain());
        m.put("record", q.recording().record());
        m.put("summary", q.summary());
        m.put("evidence", q.evidence());
        m.put("include_context", q.contextMaxBytes() != null);
        if (q.contextMaxBytes() != null) {
            m.put("context_max_bytes", q.contextMaxBytes());
        }
        m.put("filters", filters(q.filters()));
        return m;
    }

    /** A list request as the query parameters of {@code GET /recall/entries}. */
    public static Map<String, Object> list(dev.recall.service.EntryService.ListRequest r) {
        Map<String, Object> m = filters(r.filters());
        m.put("limit", r.limit());
        if (r.query() != null) {
            m.put("q", r.query());
        }
        if (r.summary()) {
            m.put("summary", true);
        }
        if (r.evidence()) {
            m.put("evidence", true);
        }
        if (r.query() != null && !r.recording().record()) {
            m.put("record", false);
        }
        return m;
    }

    public static Map<String, Object> brief(SearchService.BriefRequest r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("task", r.task());
        m.put("mode", r.mode().label());
        m.put("limit", r.limit());
        m.put("context_max_bytes", r.budgetBytes());
        m.put("record", r.recording().record());
        m.put("filters", filters(r.filters()));
        return m;
    }

    /** The list filters as query parameters (null when not given), for {@code GET /recall/entries}. */
    public static Map<String, Object> filters(Filters f) {
        EntryFilter g = f.given();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("project", g.project());
        m.put("cwd", g.cwd());
        m.put("git_branch", g.gitBranch());
        m.put("agent", g.agent());
        m.put("type", g.type() == null ? null : g.type().label());
        m.put("scope", g.scope() == null ? null : g.scope().label());
        m.put("status", g.status() == null ? null : g.status().label());
        m.put("review_state", g.reviewState() == null ? null : g.reviewState().label());
        m.put("trusted_only", f.trustedOnly());
        m.put("extractor_method", g.extractorMethod());
        m.put("source_session_id", g.sourceSessionId());
        m.put("source_episode_id", g.sourceEpisodeId());
        m.put("source_run_id", g.sourceRunId());
        m.put("supersedes_entry_id", g.supersedesEntryId());
        m.put("superseded_by_entry_id", g.supersededByEntryId());
        m.values().removeIf(v -> v == null);
        return m;
    }
}
