package dev.recall.mcp;

import dev.recall.brief.InjectionScanner;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.PassageHit;
import dev.recall.search.SearchHit;
import dev.recall.search.Snippets;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.RecallException;
import dev.recall.store.ReviewState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The compact shapes of tool results: what an agent needs to use an entry or go to its evidence, and nothing that
 * costs context without helping (no timestamps to the nanosecond, no empty fields).
 */
final class Shapes {
    private static final InjectionScanner INJECTION = new InjectionScanner();

    private Shapes() {}

    /**
     * Whether the entry may be relied on, in one word or a reason: {@code trusted} (accepted, reviewed by a person,
     * transferable, evidence intact), else why not.
     */
    static String trust(RecallEntry e) {
        if (e.trusted()) {
            return "trusted";
        }
        List<String> why = new ArrayList<>();
        if (e.supersededByEntryId() != null) {
            why.add("superseded by " + e.supersededByEntryId());
        } else if (e.status() != dev.recall.store.EntryStatus.ACCEPTED) {
            why.add(e.status().label());
        }
        if (e.reviewState() != ReviewState.HUMAN_REVIEWED) {
            why.add("not reviewed (" + e.reviewState().label() + ")");
        }
        if (!e.provenanceOk()) {
            why.add("evidence no longer verifies" + (e.provenanceReason() == null ? "" : " (" + e.provenanceReason() + ")"));
        }
        if (!e.transferable()) {
            why.add("not transferable");
        }
        return "untrusted: " + String.join(", ", why);
    }

    /** One query hit: the entry in brief, a snippet around the matched words, and where its evidence is. */
    static Map<String, Object> hit(SearchHit h, String query, List<Evidence> evidence, boolean scores) {
        RecallEntry e = h.entry();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", e.id());
        m.put("type", e.type().label());
        m.put("title", e.title());
        m.put("snippet", Snippets.of(AnalyzerKind.CODE, text(e), query));
        m.put("trust", trust(e));
        put(m, "project", e.project());
        put(m, "branch", e.gitBranch());
        if (!evidence.isEmpty()) {
            m.put("evidence", pointer(evidence.getFirst()) + (evidence.size() > 1 ? " (+" + (evidence.size() - 1)
                    + " more; recall_get shows them)" : ""));
        }
        flags(m, e, evidence);
        m.put("score", round(h.score()));
        if (scores) {
            Map<String, Object> b = new LinkedHashMap<>();
            h.breakdown().forEach((k, v) -> b.put(k, round(v)));
            m.put("score_breakdown", b);
            if (!h.matchedTerms().isEmpty()) {
                m.put("matched_terms", h.matchedTerms());
            }
        }
        return m;
    }

    /** A listed entry: enough to pick one and recall_get it. */
    static Map<String, Object> listed(RecallEntry e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", e.id());
        m.put("type", e.type().label());
        m.put("title", e.title());
        m.put("trust", trust(e));
        put(m, "project", e.project());
        put(m, "branch", e.gitBranch());
        m.put("updated", e.updatedAt().toString().substring(0, 10));
        return m;
    }

    /** The whole entry, with its evidence anchors when asked. */
    static Map<String, Object> entry(RecallEntry e, List<Evidence> evidence) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", e.id());
        m.put("type", e.type().label());
        m.put("scope", e.scope().label());
        m.put("title", e.title());
        m.put("body", e.body());
        put(m, "trigger", e.trigger());
        m.put("trust", trust(e));
        m.put("status", e.status().label());
        m.put("review_state", e.reviewState().label());
        put(m, "project", e.project());
        put(m, "branch", e.gitBranch());
        put(m, "agent", e.agent());
        put(m, "confidence", e.confidence());
        put(m, "extractor", e.extractorMethod());
        put(m, "supersedes", e.supersedesEntryId());
        put(m, "superseded_by", e.supersededByEntryId());
        put(m, "source_session", e.sourceSessionId());
        m.put("created", e.createdAt().toString());
        flags(m, e, evidence == null ? List.of() : evidence);
        if (evidence != null) {
            List<Map<String, Object>> anchors = new ArrayList<>();
            for (Evidence ev : evidence) {
                Map<String, Object> a = new LinkedHashMap<>();
                a.put("session", ev.sessionId());
                a.put("messages", List.of(ev.startOrdinal(), ev.endOrdinal()));
                put(a, "snippet", ev.snippet());
                a.put("open", openCommand(ev.sessionId(), ev.startOrdinal()));
                anchors.add(a);
            }
            m.put("evidence", anchors);
        }
        return m;
    }

    /** A passage of a past session, with the entries that cite it. */
    static Map<String, Object> passage(PassageHit h, boolean scores) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("session", h.session().id());
        m.put("messages", List.of(h.startOrdinal(), h.endOrdinal()));
        put(m, "agent", h.session().agent());
        put(m, "project", h.session().project());
        put(m, "branch", h.session().gitBranch());
        if (h.session().startedAt() != null) {
            m.put("started", h.session().startedAt().toString().substring(0, 10));
        }
        m.put("snippet", h.snippet());
        m.put("score", round(h.score()));
        if (scores) {
            Map<String, Object> b = new LinkedHashMap<>();
            h.breakdown().forEach((k, v) -> b.put(k, round(v)));
            m.put("score_breakdown", b);
        }
        if (!h.citedBy().isEmpty()) {
            m.put("cited_by", h.citedBy().stream().map(Evidence::entryId).distinct().toList());
        }
        m.put("open", openCommand(h.session().id(), h.startOrdinal()));
        return m;
    }

    /** What an answer in another mode than the one asked for says about why, and how it gets back. */
    static Map<String, Object> degraded(String asked, RecallException refused) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("asked_mode", asked);
        m.put("answered_mode", "lexical");
        m.put("reason", refused.getMessage());
        Object store = refused.details().get("store");
        m.put("fix", "the vectors are behind the data; these are lexical (keyword) results, always current. To get "
                + asked + " results, the user runs `recall embeddings build --store " + (store == null ? "recall" : store)
                + "` (or sets [vector.embed] recall = true so the daemon keeps them current).");
        return m;
    }

    static String pointer(Evidence ev) {
        return "session " + ev.sessionId() + " messages " + ev.startOrdinal()
                + (ev.endOrdinal() == ev.startOrdinal() ? "" : "-" + ev.endOrdinal());
    }

    static String openCommand(String sessionId, int from) {
        return "recall sessions show " + sessionId + " --from " + from;
    }

    /** Entry text that reads like an instruction to the agent is flagged, so the agent treats it as data. */
    private static void flags(Map<String, Object> m, RecallEntry e, List<Evidence> evidence) {
        StringBuilder text = new StringBuilder(text(e));
        evidence.forEach(ev -> text.append('\n').append(ev.snippet() == null ? "" : ev.snippet()));
        List<String> reasons = INJECTION.scan(text.toString()).stream().map(InjectionScanner.Reason::label).toList();
        if (!reasons.isEmpty()) {
            m.put("injection_flags", reasons);
        }
    }

    private static String text(RecallEntry e) {
        return e.title() + "\n" + e.body() + (e.trigger() == null ? "" : "\n" + e.trigger());
    }

    private static void put(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }

    static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}
