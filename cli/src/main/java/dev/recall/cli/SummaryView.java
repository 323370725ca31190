package dev.recall.cli;

import dev.recall.store.EntryStats;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/** Entries counted by attribute, for people: one small table per attribute, the largest groups first. */
final class SummaryView {
    /** Per attribute, how many groups are shown; the rest are counted on one line (--json has them all). */
    static final int TOP = 10;

    private SummaryView() {}

    static void print(PrintWriter out, String title, EntryStats s) {
        out.println(title + ": " + s.total() + (s.total() == 1 ? " entry" : " entries"));
        if (s.total() == 0) {
            return;
        }
        sections(s).forEach((name, counts) -> {
            if (counts.isEmpty()) {
                return;
            }
            Table t = new Table(name, ">entries");
            int shown = 0;
            long rest = 0;
            for (var e : counts.entrySet()) {
                if (shown++ < TOP) {
                    t.row(e.getKey(), e.getValue());
                } else {
                    rest += e.getValue();
                }
            }
            out.println();
            t.print(out, "  ");
            if (counts.size() > TOP) {
                out.printf("  (%d more %s values: %d entries; --json lists all)%n", counts.size() - TOP, name, rest);
            }
        });
    }

    static Map<String, Map<String, Long>> sections(EntryStats s) {
        Map<String, Map<String, Long>> m = new LinkedHashMap<>();
        m.put("type", s.byType());
        m.put("scope", s.byScope());
        m.put("status", s.byStatus());
        m.put("review state", s.byReviewState());
        m.put("trust", s.byTrusted());
        m.put("lifecycle", s.byLifecycle());
        m.put("project", s.byProject());
        m.put("agent", s.byAgent());
        m.put("cwd", s.byCwd());
        m.put("git branch", s.byGitBranch());
        m.put("extractor", s.byExtractor());
        m.put("source session", s.bySourceSession());
        m.put("source episode", s.bySourceEpisode());
        m.put("source run", s.bySourceRun());
        m.put("transferability", s.byTransferability());
        m.put("provenance", s.byProvenance());
        m.put("evidence", s.byEvidence());
        return m;
    }
}
