package dev.recall.server;

import dev.recall.brief.Brief;
import dev.recall.extract.Extraction;
import dev.recall.store.VectorGeneration;
import dev.recall.index.VectorBuilder;
import dev.recall.search.PassageHit;
import dev.recall.search.PassageSearchResult;
import dev.recall.search.SearchHit;
import dev.recall.search.SearchResult;
import dev.recall.service.ArchiveService;
import dev.recall.service.EntryService;
import dev.recall.service.SearchService;
import dev.recall.store.EntryImport;
import dev.recall.store.EntryStats;
import dev.recall.store.Evidence;
import dev.recall.store.Message;
import dev.recall.store.QueryLedger;
import dev.recall.store.RecallEntry;
import dev.recall.store.SessionFilter;
import dev.recall.store.SessionStats;
import dev.recall.store.SessionSummary;
import dev.recall.store.Times;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSON shapes of recall's results, shared by the HTTP API and the cli's {@code --json} so that both say
 * exactly the same thing: maps with keys in a fixed order, snake_case, times in ISO-8601.
 */
public final class Views {
    private Views() {}

    public static Map<String, Object> entry(RecallEntry e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", e.id());
        m.put("type", e.type().label());
        m.put("scope", e.scope().label());
        m.put("status", e.status().label());
        m.put("review_state", e.reviewState().label());
        m.put("title", e.title());
        m.put("body", e.body());
        m.put("trigger", e.trigger());
        m.put("confidence", e.confidence());
        m.put("uncertainty", e.uncertainty());
        m.put("project", e.project());
        m.put("cwd", e.cwd());
        m.put("git_branch", e.gitBranch());
        m.put("agent", e.agent());
        m.put("source_session_id", e.sourceSessionId());
        m.put("extractor_method", e.extractorMethod());
        m.put("transferable", e.transferable());
        m.put("provenance_ok", e.provenanceOk());
        m.put("provenance_reason", e.provenanceReason());
        m.put("trusted", e.trusted());
        m.put("lifecycle", e.lifecycle());
        m.put("supersedes_entry_id", e.supersedesEntryId());
        m.put("superseded_by_entry_id", e.supersededByEntryId());
        m.put("source_episode_id", e.sourceEpisodeId());
        m.put("source_run_id", e.sourceRunId());
        m.put("created_at", Times.format(e.createdAt()));
        m.put("updated_at", Times.format(e.updatedAt()));
        return m;
    }

    private static final Pattern REDACTION = Pattern.compile("\\[REDACTED:([A-Za-z0-9_.-]+)]");

    /** One archived session as listed ({@code recall sessions list --json}). */
    public static Map<String, Object> session(SessionSummary s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", s.session().id());
        m.put("agent", s.session().agent());
        m.put("project", s.session().project());
        m.put("cwd", s.session().cwd());
        m.put("git_branch", s.session().gitBranch());
        m.put("started_at", Times.format(s.session().startedAt()));
        m.put("ended_at", Times.format(s.session().endedAt()));
        m.put("messages", s.messages());
        m.put("first_user_message", s.firstUserMessage());
        m.put("trashed", s.trashed());
        m.put("automated", s.automated());
        return m;
    }

    /** A page of sessions ({@code recall sessions list --json}). */
    public static Map<String, Object> sessions(ArchiveService.ListResult r, SessionFilter filter, int offset) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sessions", r.sessions().stream().map(Views::session).toList());
        m.put("count", r.sessions().size());
        m.put("total", r.total());
        m.put("offset", offset);
        m.put("filters", filter.asMap());
        return m;
    }

    /** A page of one session's messages ({@code recall sessions show --json}). */
    public static Map<String, Object> sessionPage(ArchiveService.ShowResult r, int from) {
        Map<String, Object> m = session(r.session());
        m.put("from", from);
        m.put("messages_shown", r.messages().size());
        m.put("next_from", r.nextFrom());
        m.put("message_list", r.messages().stream().map(msg -> message(msg, r.evidence())).toList());
        return m;
    }

    /** A message with the redactions it shows and the entries whose evidence covers it. */
    static Map<String, Object> message(Message m, List<Evidence> evidence) {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("ordinal", m.ordinal());
        j.put("role", m.role());
        j.put("text", m.text());
        j.put("tool_name", m.toolName());
        j.put("tool_input", m.toolInput());
        j.put("timestamp", Times.format(m.timestamp()));
        List<String> redactions = new ArrayList<>();
        Matcher r = REDACTION.matcher(m.text() + "\n" + (m.toolInput() == null ? "" : m.toolInput()));
        while (r.find()) {
            redactions.add(r.group(1));
        }
        j.put("redactions", redactions);
        j.put("cited_by", evidence.stream()
                .filter(e -> e.startOrdinal() <= m.ordinal() && e.endOrdinal() >= m.ordinal())
                .map(Evidence::entryId).distinct().toList());
        return j;
    }

    public static Map<String, Object> evidence(Evidence ev) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("session_id", ev.sessionId());
        m.put("start_ordinal", ev.startOrdinal());
        m.put("end_ordinal", ev.endOrdinal());
        m.put("start_source_uuid", ev.startSourceUuid());
        m.put("end_source_uuid", ev.endSourceUuid());
        m.put("tool_use_id", ev.toolUseId());
        m.put("snippet", ev.snippet());
        m.put("content_digest", ev.contentDigest());
        m.put("open", openCommand(ev.sessionId(), ev.startOrdinal()));
        return m;
    }

    /** The command that opens a transcript at a message, quoted for a POSIX shell when it must be. */
    public static String openCommand(String sessionId, int fromOrdinal) {
        String id = sessionId.matches("[A-Za-z0-9._:@~#/+-]+") ? sessionId : "'" + sessionId.replace("'", "'\\''") + "'";
        return "recall sessions show " + id + " --from " + fromOrdinal;
    }

    /** A page of passages ({@code recall search --json}, {@code POST /api/v1/sessions/search}). */
    public static Map<String, Object> passages(String query, PassageSearchResult r, Long queryId) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("query", query);
        m.put("store", "sessions");
        m.put("query_id", queryId);
        m.put("mode", r.mode().label());
        m.put("passages", r.hits().stream().map(Views::passage).toList());
        m.put("count", r.hits().size());
        m.put("candidates", r.candidates());
        m.put("filtered_out", r.filteredOut());
        m.put("window_exhausted", r.windowExhausted());
        m.put("next_cursor", r.nextCursor());
        m.put("archive_revision", r.archiveRevision());
        m.put("vector_generation", r.vectorGeneration());
        m.put("notices", r.notices());
        return m;
    }

    private static Map<String, Object> passage(PassageHit h) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rank", h.rank());
        m.put("passage_id", h.passageId());
        m.put("session_id", h.session().id());
        m.put("start_ordinal", h.startOrdinal());
        m.put("end_ordinal", h.endOrdinal());
        m.put("agent", h.session().agent());
        m.put("project", h.session().project());
        m.put("git_branch", h.session().gitBranch());
        m.put("started_at", Times.format(h.session().startedAt()));
        m.put("score", h.score());
        m.put("score_breakdown", h.breakdown());
        m.put("matched_terms", h.matchedTerms());
        m.put("snippet", h.snippet());
        m.put("open", openCommand(h.session().id(), h.startOrdinal()));
        m.put("cited_by", h.citedBy().stream().map(Views::citation).toList());
        return m;
    }

    private static Map<String, Object> citation(Evidence e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("entry_id", e.entryId());
        m.put("start_ordinal", e.startOrdinal());
        m.put("end_ordinal", e.endOrdinal());
        return m;
    }

    /** One entry, with its evidence when asked for ({@code recall get --json}). */
    public static Map<String, Object> entry(RecallEntry e, List<Evidence> evidence) {
        Map<String, Object> m = entry(e);
        if (evidence != null) {
            m.put("evidence", evidence.stream().map(Views::evidence).toList());
        }
        return m;
    }

    /** The corpus page ({@code GET /recall/corpus}): entries, total, counts, and the filters' values. */
    public static Map<String, Object> corpus(EntryService.BrowseResult r, int offset) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("entries", r.page().entries().stream().map(e -> {
            Map<String, Object> j = entry(e);
            j.put("extraction_fingerprint", r.page().fingerprints().get(e.id()));
            return j;
        }).toList());
        m.put("count", r.page().entries().size());
        m.put("total", r.page().total());
        m.put("offset", offset);
        m.put("by_project_type", r.page().byProjectType());
        m.put("filters", r.filter().asMap());
        Map<String, Object> facets = new LinkedHashMap<>();
        facets.put("project", r.facets().projects());
        facets.put("agent", r.facets().agents());
        facets.put("git_branch", r.facets().branches());
        facets.put("extractor_method", r.facets().extractorMethods());
        facets.put("extraction_fingerprint", r.facets().extractionFingerprints());
        m.put("facets", facets);
        return m;
    }

    /** One entry as the page inspects it ({@code GET /recall/entries/{id}/detail}). */
    public static Map<String, Object> inspection(EntryService.Inspection i) {
        Map<String, Object> m = entry(i.entry(), i.evidence());
        m.put("injection_flags", i.injectionFlags());
        m.put("extraction_fingerprint", i.extractionFingerprint());
        m.put("review", i.review() == null ? null : Map.of("label", i.review().label(), "source", i.review().source(),
                "reviewed_at", Times.format(i.review().reviewedAt())));
        m.put("supersedes_chain", i.supersedes().stream().map(Views::chainLink).toList());
        m.put("superseded_by_chain", i.supersededBy().stream().map(Views::chainLink).toList());
        return m;
    }

    private static Map<String, Object> chainLink(RecallEntry e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", e.id());
        m.put("title", e.title());
        m.put("status", e.status().label());
        m.put("review_state", e.reviewState().label());
        m.put("lifecycle", e.lifecycle());
        m.put("updated_at", Times.format(e.updatedAt()));
        return m;
    }

    /** One generated insight ({@code recall insights show --json}); the report itself only when asked. */
    public static Map<String, Object> insight(dev.recall.store.Insights.Insight i, int sessions, boolean withReport) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", i.id());
        m.put("created_at", Times.format(i.createdAt()));
        m.put("from", Times.format(i.from()));
        m.put("to", Times.format(i.to()));
        m.put("project", i.project());
        m.put("agent", i.agent());
        m.put("template", i.template());
        m.put("focus", i.focus());
        m.put("sessions", sessions);
        m.put("generator", i.generator());
        m.put("generator_id", i.generatorId());
        m.put("prompt_sha256", i.promptSha256());
        if (withReport) {
            m.put("report", i.report());
        }
        return m;
    }

    /** {@code recall insights list --json}. */
    public static Map<String, Object> insights(List<Map<String, Object>> insights) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("insights", insights);
        m.put("count", insights.size());
        return m;
    }

    /** {@code recall list --json}. */
    public static Map<String, Object> list(EntryService.ListResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("entries", r.entries().stream().map(e -> withEvidence(entry(e), e.id(), r.evidence())).toList());
        m.put("count", r.entries().size());
        m.put("filters", r.filter().asMap());
        if (r.summary() != null) {
            m.put("summary", entryStats(r.summary()));
        }
        if (r.queryId() != null) {
            m.put("query_id", r.queryId());
        }
        return m;
    }

    private static Map<String, Object> withEvidence(Map<String, Object> e, String id,
            Map<String, List<Evidence>> evidence) {
        if (evidence != null) {
            e.put("evidence", evidence.getOrDefault(id, List.of()).stream().map(Views::evidence).toList());
        }
        return e;
    }

    /** {@code recall query --json}. */
    public static Map<String, Object> query(String query, SearchService.QueryResult q) {
        Map<String, Object> m = query(query, q.result(), q.queryId());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> entries = (List<Map<String, Object>>) m.get("entries");
        for (Map<String, Object> e : entries) {
            String id = (String) e.get("id");
            var snippet = q.snippets().get(id);
            if (snippet != null) {
                e.put("snippet", snippet.text());
                e.put("snippet_marks", snippet.marks().stream().map(k -> List.of(k.start(), k.end())).toList());
            }
            e.put("matched_words", q.matched().getOrDefault(id, List.of()));
            if (q.evidence() != null) {
                withEvidence(e, id, q.evidence());
            }
        }
        if (q.summary() != null) {
            m.put("summary", entryStats(q.summary()));
        }
        if (q.context() != null) {
            m.put("context", q.context().context());
            m.put("context_meta", briefMeta(q.context()));
            m.put("miss_reason", q.result().hits().isEmpty() ? "no_results"
                    : q.context().included().isEmpty() ? "context_empty" : null);
        }
        return m;
    }

    /** A search result without the extras a query can ask for (the brief's ranked entries, a daemon's answer). */
    public static Map<String, Object> query(String query, SearchResult r, Long queryId) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("query", query);
        m.put("mode", r.mode().label());
        m.put("entries", new java.util.ArrayList<>(r.hits().stream().map(h -> {
            Map<String, Object> e = entry(h.entry());
            e.put("rank", h.rank());
            e.put("score", h.score());
            e.put("score_breakdown", h.breakdown());
            e.put("matched_terms", h.matchedTerms());
            return e;
        }).toList()));
        m.put("count", r.hits().size());
        m.put("candidates", r.candidates());
        m.put("filtered_out", r.filteredOut());
        m.put("window_exhausted", r.windowExhausted());
        m.put("window", r.window());
        m.put("window_widened", r.windowWidened());
        m.put("next_cursor", r.nextCursor());
        m.put("corpus_revision", r.corpusRevision());
        m.put("query_state_revision", r.queryStateRevision());
        m.put("vector_generation", r.vectorGeneration());
        m.put("notices", r.notices());
        m.put("query_id", queryId);
        return m;
    }

    /** {@code recall brief --json}. */
    public static Map<String, Object> brief(SearchService.BriefResult r) {
        Brief brief = r.brief();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("context", brief.context());
        m.put("context_meta", briefMeta(brief));
        m.put("entries", r.result().hits().stream().map(h -> briefEntry(h, brief)).toList());
        m.put("query_id", r.queryId());
        m.put("miss_reason", r.missReason());
        return m;
    }

    private static Map<String, Object> briefEntry(SearchHit h, Brief brief) {
        Map<String, Object> e = entry(h.entry());
        e.put("rank", h.rank());
        e.put("score", h.score());
        e.put("packed", brief.included().contains(h.entry().id()));
        e.put("injection_flags", brief.flagged().getOrDefault(h.entry().id(), List.of()));
        return e;
    }

    private static Map<String, Object> briefMeta(Brief b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("entry_count", b.included().size());
        m.put("included_ids", b.included());
        m.put("truncated", !b.truncated().isEmpty());
        m.put("truncated_ids", b.truncated());
        m.put("omitted", b.omitted().size());
        m.put("omitted_ids", b.omitted());
        m.put("bytes", b.bytes());
        m.put("budget_bytes", b.budgetBytes());
        m.put("per_entry_cap", b.perEntryCap());
        m.put("flagged", b.flagged());
        return m;
    }

    /** Entries counted by attribute: {@code stats}, and the summary of a list or query. */
    public static Map<String, Object> entryStats(EntryStats s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("total", s.total());
        m.put("by_type", s.byType());
        m.put("by_scope", s.byScope());
        m.put("by_status", s.byStatus());
        m.put("by_review_state", s.byReviewState());
        m.put("by_project", s.byProject());
        m.put("by_agent", s.byAgent());
        m.put("by_trusted", s.byTrusted());
        m.put("by_lifecycle", s.byLifecycle());
        m.put("by_cwd", s.byCwd());
        m.put("by_git_branch", s.byGitBranch());
        m.put("by_extractor", s.byExtractor());
        m.put("by_source_session", s.bySourceSession());
        m.put("by_source_episode", s.bySourceEpisode());
        m.put("by_source_run", s.bySourceRun());
        m.put("by_transferability", s.byTransferability());
        m.put("by_provenance", s.byProvenance());
        m.put("by_evidence", s.byEvidence());
        return m;
    }

    /** {@code recall stats --json}: the entries by attribute and the archive by agent. */
    public static Map<String, Object> stats(EntryService.StatsResult r) {
        Map<String, Object> m = entryStats(r.entries());
        SessionStats sessions = r.sessions();
        Map<String, Object> archive = new LinkedHashMap<>();
        archive.put("sessions", sessions.sessions());
        archive.put("messages", sessions.messages());
        Map<String, Object> byAgent = new LinkedHashMap<>();
        sessions.byAgent().forEach((agent, p) -> {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("sessions", p.sessions());
            one.put("messages", p.messages());
            byAgent.put(agent, one);
        });
        archive.put("by_agent", byAgent);
        m.put("archive", archive);
        return m;
    }

    /** A vector generation and whether it is fresh against the current corpus revision. */
    public static Map<String, Object> generation(VectorGeneration g, long currentRevision) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", g.id());
        m.put("store", g.store());
        m.put("state", g.state().label());
        m.put("model", g.model());
        m.put("dimensions", g.dimensions());
        m.put("fingerprint", g.fingerprint());
        m.put("completed_corpus_revision", g.completedCorpusRevision());
        m.put("current_corpus_revision", currentRevision);
        m.put("fresh", g.completedCorpusRevision() != null && g.completedCorpusRevision() == currentRevision);
        m.put("index_path", g.indexPath().toString());
        m.put("created_at", Times.format(g.createdAt()));
        m.put("activated_at", Times.format(g.activatedAt()));
        m.put("retired_at", Times.format(g.retiredAt()));
        return m;
    }

    /** {@code recall embeddings status --json}: whether vector and hybrid queries are answered now. */
    public static Map<String, Object> embeddingsStatus(dev.recall.service.EmbeddingService.Status s) {
        var v = s.verdict();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("store", s.store());
        m.put("fresh", v.fresh());
        m.put("verdict", v.kind().name().toLowerCase(java.util.Locale.ROOT));
        m.put("message", v.message());
        m.put("configured_fingerprint", s.configuredFingerprint());
        m.put("current_corpus_revision", v.currentRevision());
        m.put("active_generation", v.generation() == null ? null : generation(v.generation(), v.currentRevision()));
        return m;
    }

    /**
     * The health's {@code store_check}: the quick_check the daemon runs at start before any write (state pending,
     * running, passed or failed; the problem when it failed; how long it took or has been running; the ledger records
     * of queries answered before its verdict: queued, written after it passed, dropped because it failed).
     */
    static Map<String, Object> storeCheck(dev.recall.store.WriteCheck.Status c, java.time.Instant now) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("state", c.state().name().toLowerCase(java.util.Locale.ROOT));
        m.put("problem", c.problem());
        m.put("started_at", c.startedAt() == null ? null : c.startedAt().toString());
        m.put("finished_at", c.finishedAt() == null ? null : c.finishedAt().toString());
        m.put("seconds", c.startedAt() == null ? null : java.time.Duration.between(c.startedAt(),
                c.finishedAt() == null ? now : c.finishedAt()).toMillis() / 1000.0);
        m.put("writes", switch (c.state()) {
            case PASSED -> "allowed";
            case FAILED -> "refused";
            default -> "wait for the check";
        });
        // a query answered before the verdict is recorded after it: queued, then written or (check failed) dropped
        m.put("ledger_records", Map.of("queued", c.appendsQueued(), "written", c.appendsWritten(),
                "dropped", c.appendsDropped()));
        return m;
    }

    /** {@code recall embeddings build --json}. */
    public static Map<String, Object> build(VectorBuilder.Report r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("generation", generation(r.generation(), r.corpusRevision()));
        m.put("full", r.full());
        m.put("resumed", r.resumed());
        m.put("embedded", r.embedded());
        m.put("reused", r.reused());
        m.put("deleted", r.deleted());
        m.put("corpus_revision", r.corpusRevision());
        m.put("seconds", r.elapsed().toMillis() / 1000.0);
        m.put("repaired", r.repaired());
        return m;
    }

    /** {@code recall ledger stats --json}. */
    public static Map<String, Object> ledgerStats(QueryLedger.Stats s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("events", s.events());
        m.put("by_surface", s.bySurface());
        m.put("by_mode", s.byMode());
        m.put("misses", s.misses());
        m.put("exposures", s.exposures());
        m.put("packed_exposures", s.packedExposures());
        m.put("top_entries", s.topEntries().stream()
                .map(e -> Map.of("entry_id", e.getKey(), "exposures", e.getValue())).toList());
        m.put("top_missed_queries", s.topMissedQueries().stream()
                .map(e -> Map.of("query", e.getKey(), "count", e.getValue())).toList());
        m.put("by_store", s.byStore());
        m.put("passage_exposures", s.passageExposures());
        m.put("top_sessions", s.topSessions().stream()
                .map(e -> Map.of("session_id", e.getKey(), "exposures", e.getValue())).toList());
        if (s.sessionsLatency() != null) {
            m.put("sessions_latency_ms", Map.of("timed", s.sessionsLatency().timed(), "p50",
                    s.sessionsLatency().p50Ms(), "max", s.sessionsLatency().maxMs()));
        }
        return m;
    }

    /** {@code recall import --json}. */
    public static Map<String, Object> importReport(EntryImport.Report r, boolean dryRun) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", r.file().toString());
        m.put("dry_run", dryRun);
        m.put("written", r.written());
        m.put("lines", r.lines());
        m.put(dryRun ? "would_insert" : "inserted", r.written() || dryRun ? r.inserted() : 0);
        m.put("skipped_existing", r.skippedExisting());
        m.put("superseded", r.superseded());
        m.put("evidence", r.evidence());
        m.put("placeholder_sessions", r.placeholderSessions());
        m.put("rejected", rejections(r.rejected().stream().map(x -> rejection(x.line(), x.field(), x.reason()))
                .toList()));
        m.put("rejected_count", r.rejected().size());
        return m;
    }

    /** How many bad lines of a rejected file are shown; the rest are counted ({@code rejected_count}). */
    public static final int REJECTIONS_SHOWN = 20;

    /** The first {@link #REJECTIONS_SHOWN} of a file's bad lines. */
    public static <T> List<T> rejections(List<T> all) {
        return all.size() <= REJECTIONS_SHOWN ? all : all.subList(0, REJECTIONS_SHOWN);
    }

    /** One bad line of an import file: {@code {"line", "field", "reason"}} (field null for the whole line). */
    public static Map<String, Object> rejection(int line, String field, String reason) {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("line", line);
        j.put("field", field);
        j.put("reason", reason);
        return j;
    }

    /** {@code recall extract status --json}. */
    public static Map<String, Object> extractionStatus(Extraction.Status s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("fingerprint", s.fingerprint());
        m.put("method", s.method());
        m.put("state", s.state());
        m.put("sessions", s.sessions());
        m.put("done", s.done());
        m.put("pending", s.pending());
        m.put("failed", s.failed());
        m.put("ineligible", s.ineligible());
        m.put("failed_reasons", s.failedReasons());
        m.put("ineligible_reasons", s.ineligibleReasons());
        m.put("problems", s.problems().stream().map(Views::outcome).toList());
        m.put("generations", s.generations().stream().map(Views::extractionGeneration).toList());
        return m;
    }

    /** Which extracted entry superseded which near-duplicate of another session, and why. */
    public static Map<String, Object> supersession(Extraction.Supersession s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("winner", s.winnerId());
        m.put("superseded", s.loserId());
        m.put("reason", s.reason());
        return m;
    }

    public static Map<String, Object> outcome(Extraction.SessionOutcome o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("session", o.sessionId());
        m.put("status", o.status());
        m.put("reason", o.reason());
        m.put("proposed", o.proposed());
        m.put("inserted", o.inserted());
        return m;
    }

    public static Map<String, Object> extractionGeneration(Extraction.GenerationInfo g) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("fingerprint", g.fingerprint());
        m.put("method", g.method());
        m.put("state", g.state());
        m.put("created_at", Times.format(g.createdAt()));
        m.put("activated_at", Times.format(g.activatedAt()));
        m.put("retired_at", Times.format(g.retiredAt()));
        m.put("served_entries", g.servedEntries());
        m.put("waiting_candidates", g.waitingCandidates());
        m.put("sessions_done", g.sessionsDone());
        return m;
    }

    /**
     * What the SessionStart hook prints: the framed context (ending in a newline) with the brief, or only the brief
     * when nothing is saved yet, or nothing at all.
     */
    public static String sessionStartText(dev.recall.service.SessionService.ShowResult r) {
        String text = r.content();
        if (!r.saved() || text.isEmpty()) {
            return text;
        }
        return text.endsWith("\n") ? text : text + "\n";
    }
}
