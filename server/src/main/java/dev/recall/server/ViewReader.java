package dev.recall.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.search.SearchHit;
import dev.recall.search.SearchMode;
import dev.recall.search.SearchResult;
import dev.recall.service.EntryService;
import dev.recall.store.EntryStats;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.RecallException;
import dev.recall.store.ReviewState;
import dev.recall.store.Scope;
import dev.recall.store.SessionStats;
import dev.recall.store.Times;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@link Views} shapes back into result records: a command answered by the daemon renders its human
 * output with the same code as when it runs in-process, so both print the same thing.
 */
public final class ViewReader {
    private ViewReader() {}

    /**
     * A label the daemon answered with: one this recall does not know is not the user's input but a daemon of
     * another version (internal), so it is not worded as a usage error.
     */
    private static <E> E label(java.util.function.Supplier<E> parse) {
        try {
            return parse.get();
        } catch (RecallException e) {
            throw new RecallException(RecallException.Kind.INTERNAL, "the daemon answered with " + e.getMessage()
                    + "; is it another version of recall? (recall serve --stop, then start it again)", e);
        }
    }

    public static RecallEntry entry(JsonNode n) {
        return new RecallEntry(text(n, "id"), label(() -> EntryType.parse(text(n, "type"))),
                label(() -> Scope.parse(text(n, "scope"))), label(() -> EntryStatus.parse(text(n, "status"))),
                label(() -> ReviewState.parse(text(n, "review_state"))), text(n, "title"),
                text(n, "body"), text(n, "trigger"), n.path("confidence").isNumber() ? n.get("confidence").doubleValue()
                        : null, text(n, "uncertainty"), text(n, "project"), text(n, "cwd"), text(n, "git_branch"),
                text(n, "agent"), text(n, "source_session_id"), text(n, "extractor_method"),
                n.path("transferable").asBoolean(), n.path("provenance_ok").asBoolean(),
                text(n, "provenance_reason"), text(n, "supersedes_entry_id"), text(n, "superseded_by_entry_id"),
                time(n, "created_at"), time(n, "updated_at"), text(n, "source_episode_id"), text(n, "source_run_id"));
    }

    public static Evidence evidence(String entryId, JsonNode n) {
        return new Evidence(0, entryId, text(n, "session_id"), n.path("start_ordinal").asInt(),
                n.path("end_ordinal").asInt(), text(n, "start_source_uuid"), text(n, "end_source_uuid"),
                text(n, "tool_use_id"), text(n, "snippet"), text(n, "content_digest"));
    }

    /** The evidence list of a {@code get} view, or null when it has none (not asked for). */
    public static List<Evidence> evidence(JsonNode entry) {
        JsonNode list = entry.get("evidence");
        if (list == null || list.isNull()) {
            return null;
        }
        List<Evidence> out = new ArrayList<>();
        list.forEach(e -> out.add(evidence(text(entry, "id"), e)));
        return out;
    }

    public static List<RecallEntry> entries(JsonNode view) {
        List<RecallEntry> out = new ArrayList<>();
        view.path("entries").forEach(e -> out.add(entry(e)));
        return out;
    }

    /** A {@code query} view as the search result it was made from. */
    public static SearchResult searchResult(JsonNode v) {
        List<SearchHit> hits = new ArrayList<>();
        for (JsonNode e : v.path("entries")) {
            Map<String, Double> breakdown = new LinkedHashMap<>();
            e.path("score_breakdown").fields().forEachRemaining(f -> breakdown.put(f.getKey(), f.getValue().asDouble()));
            List<String> terms = new ArrayList<>();
            e.path("matched_terms").forEach(t -> terms.add(t.asText()));
            hits.add(new SearchHit(entry(e), e.path("rank").asInt(), e.path("score").asDouble(), breakdown, terms));
        }
        List<String> notices = new ArrayList<>();
        v.path("notices").forEach(t -> notices.add(t.asText()));
        return new SearchResult(hits, label(() -> SearchMode.parse(text(v, "mode"))), v.path("candidates").asInt(),
                v.path("filtered_out").asInt(), v.path("window_exhausted").asBoolean(), v.path("window").asInt(),
                v.path("window_widened").asBoolean(), text(v, "next_cursor"),
                v.path("corpus_revision").asLong(), v.path("query_state_revision").asLong(),
                v.path("vector_generation").isNumber() ? v.get("vector_generation").asLong() : null, notices);
    }

    /** The entries' evidence of a list or query view that asked for it (entry id -> anchors), else null. */
    public static Map<String, List<Evidence>> evidenceByEntry(JsonNode view) {
        Map<String, List<Evidence>> out = new LinkedHashMap<>();
        for (JsonNode e : view.path("entries")) {
            List<Evidence> one = evidence(e);
            if (one == null) {
                return null;
            }
            out.put(text(e, "id"), one);
        }
        return view.path("entries").isEmpty() ? null : out;
    }

    /** The snippets of a query view's hits (entry id -> snippet). */
    public static Map<String, dev.recall.search.Snippet> snippets(JsonNode view) {
        Map<String, dev.recall.search.Snippet> out = new LinkedHashMap<>();
        for (JsonNode e : view.path("entries")) {
            if (e.hasNonNull("snippet")) {
                List<dev.recall.search.Snippet.Mark> marks = new ArrayList<>();
                e.path("snippet_marks").forEach(m -> marks.add(new dev.recall.search.Snippet.Mark(m.get(0).asInt(),
                        m.get(1).asInt())));
                out.put(text(e, "id"), new dev.recall.search.Snippet(text(e, "snippet"), marks));
            }
        }
        return out;
    }

    /** The query's words that matched each hit, as typed (entry id -> words). */
    public static Map<String, List<String>> matchedWords(JsonNode view) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        view.path("entries").forEach(e -> out.put(text(e, "id"), strings(e.path("matched_words"))));
        return out;
    }

    /** The summary of a list or query view, or null when it has none. */
    public static EntryStats summary(JsonNode view) {
        JsonNode s = view.get("summary");
        return s == null || s.isNull() ? null : entryStats(s);
    }

    /** The context block of a query view that asked for one, or null. */
    public static dev.recall.brief.Brief context(JsonNode view) {
        JsonNode meta = view.get("context_meta");
        if (meta == null || meta.isNull()) {
            return null;
        }
        Map<String, List<String>> flagged = new LinkedHashMap<>();
        meta.path("flagged").fields().forEachRemaining(f -> flagged.put(f.getKey(), strings(f.getValue())));
        return new dev.recall.brief.Brief(text(view, "context"), meta.path("budget_bytes").asInt(),
                meta.path("per_entry_cap").asInt(), strings(meta.path("included_ids")),
                strings(meta.path("omitted_ids")), strings(meta.path("truncated_ids")), flagged);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(x -> out.add(x.asText()));
        return out;
    }

    static EntryStats entryStats(JsonNode v) {
        return new EntryStats(v.path("total").asLong(), counts(v, "by_type"), counts(v, "by_scope"),
                counts(v, "by_status"), counts(v, "by_review_state"), counts(v, "by_project"), counts(v, "by_agent"),
                counts(v, "by_trusted"), counts(v, "by_lifecycle"), counts(v, "by_cwd"), counts(v, "by_git_branch"),
                counts(v, "by_extractor"), counts(v, "by_source_session"), counts(v, "by_source_episode"),
                counts(v, "by_source_run"), counts(v, "by_transferability"), counts(v, "by_provenance"),
                counts(v, "by_evidence"));
    }

    public static EntryService.StatsResult stats(JsonNode v) {
        EntryStats entries = entryStats(v);
        JsonNode a = v.path("archive");
        Map<String, SessionStats.PerAgent> byAgent = new LinkedHashMap<>();
        a.path("by_agent").fields().forEachRemaining(f -> byAgent.put(f.getKey(), new SessionStats.PerAgent(
                f.getValue().path("sessions").asLong(), f.getValue().path("messages").asLong())));
        return new EntryService.StatsResult(entries, new SessionStats(a.path("sessions").asLong(),
                a.path("messages").asLong(), byAgent));
    }

    private static Map<String, Long> counts(JsonNode v, String field) {
        Map<String, Long> m = new LinkedHashMap<>();
        v.path(field).fields().forEachRemaining(f -> m.put(f.getKey(), f.getValue().asLong()));
        return m;
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static java.time.Instant time(JsonNode n, String field) {
        String t = text(n, field);
        return t == null ? null : Times.parse(t);
    }
}
