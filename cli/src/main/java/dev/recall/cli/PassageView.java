package dev.recall.cli;

import dev.recall.server.Views;
import dev.recall.search.PassageHit;
import dev.recall.search.PassageSearchResult;
import dev.recall.store.Evidence;
import dev.recall.store.Times;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** How `recall search` (and `recall query --store sessions`) shows passages: plain text or JSON. */
final class PassageView {
    private PassageView() {}

    static Map<String, Object> json(String query, PassageSearchResult r, Long queryId) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("query", query);
        m.put("store", "sessions");
        m.put("query_id", queryId);
        m.put("mode", r.mode().label());
        m.put("passages", r.hits().stream().map(PassageView::json).toList());
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

    private static Map<String, Object> json(PassageHit h) {
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
        m.put("open", Views.openCommand(h.session().id(), h.startOrdinal()));
        m.put("cited_by", h.citedBy().stream().map(PassageView::citation).toList());
        return m;
    }

    private static Map<String, Object> citation(Evidence e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("entry_id", e.entryId());
        m.put("start_ordinal", e.startOrdinal());
        m.put("end_ordinal", e.endOrdinal());
        return m;
    }

    static void print(PrintWriter out, PassageSearchResult r, boolean scores) {
        if (r.hits().isEmpty()) {
            out.println("no passages" + (r.filteredOut() > 0 ? " (filters removed " + r.filteredOut() + ")" : ""));
        }
        for (PassageHit h : r.hits()) {
            String started = Times.format(h.session().startedAt());
            out.printf("%2d. %s  messages %d..%d  %s %s%s%n", h.rank(), h.session().id(), h.startOrdinal(),
                    h.endOrdinal(), h.session().agent(), SessionsListCommand.orDash(h.session().project()),
                    started == null ? "" : "  " + started.substring(0, 10));
            out.println("    " + h.snippet());
            List<String> cited = h.citedBy().stream().map(Evidence::entryId).distinct().toList();
            if (!cited.isEmpty()) {
                out.println("    cited by " + String.join(", ", cited) + " (recall get ID --evidence)");
            }
            out.println("    open: " + Views.openCommand(h.session().id(), h.startOrdinal()));
            if (scores) {
                ScoreView.lines(h.breakdown(), h.score(), r.mode()).forEach(l -> out.println("    " + l));
                if (!h.matchedTerms().isEmpty()) {
                    out.println("    matched: " + String.join(", ", h.matchedTerms()));
                }
            }
        }
        if (r.nextCursor() != null) {
            out.println("more: --cursor " + r.nextCursor());
        }
        if (scores) {
            out.printf("(%s over passages; %d candidates, %d removed by filters%s; archive revision %d%s)%n",
                    r.mode().label(), r.candidates(), r.filteredOut(), r.windowExhausted() ? ", window exhausted" : "",
                    r.archiveRevision(), r.vectorGeneration() == null ? "" : ", vector generation " + r.vectorGeneration());
        }
    }
}
