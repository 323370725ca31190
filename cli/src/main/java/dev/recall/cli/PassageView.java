package dev.recall.cli;

import dev.recall.server.Views;
import dev.recall.search.PassageHit;
import dev.recall.search.PassageSearchResult;
import dev.recall.store.Evidence;
import dev.recall.store.Times;
import java.io.PrintWriter;
import java.util.List;

/** How `recall search` (and `recall query --store sessions`) shows passages: plain text or JSON. */
final class PassageView {
    private PassageView() {}

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
