package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.Database;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local extractor on the sample data, against hand-judged verdicts (testdata/extract/judgments.jsonl) and the
 * hand-written entries (testdata/entries), reported per half of the session split (see {@link JudgedCorpus}).
 * Every proposal for a judged session must have a verdict, so that a rule change cannot slip past review: changed
 * proposals get new ids and must be judged again (JudgingSheet prints them with their evidence). Precision is the
 * share a reviewer would keep (any label but reject); strict precision counts only "correct". The targets hold on
 * the test half, which the rules were not developed on.
 */
class JudgedPrecisionTest {
    /**
     * Floors on the test half, below the measured values (docs/benchmarks.md): kept precision 0.918 and coverage
     * 0.544 with rules version 5. The coverage target of issue 21 (0.60) is not met yet; these floors keep what was
     * reached from slipping.
     */
    static final double MIN_TEST_PRECISION = 0.90;
    static final double MIN_TEST_COVERAGE = 0.53;
    /** Hand-written entries of the test half covered per type by rules version 1: no type may fall below. */
    static final java.util.Map<String, Integer> COVERED_BY_VERSION_1 = java.util.Map.of("debugging_method", 17,
            "decision", 7, "fact", 6, "open_question", 10, "preference", 8, "procedure", 5, "warning", 12);

    @TempDir
    Path dir;

    @Test
    void everyProposalIsJudgedAndTheTestHalfMeetsItsTargets() throws Exception {
        JudgedCorpus corpus = new JudgedCorpus();
        try (Database db = JudgedCorpus.load(dir)) {
            Set<String> judgedSessions = new HashSet<>();
            corpus.verdicts().values().forEach(v -> judgedSessions.add(v.get("session").asText()));
            List<JudgedCorpus.Proposal> all = JudgedCorpus.localProposals(db);
            // Sessions added to the sample data later are reported, not failed: someone has to judge them first.
            List<JudgedCorpus.Proposal> proposals = all.stream().filter(p -> judgedSessions.contains(p.session()))
                    .toList();
            StringBuilder report = new StringBuilder();
            List<String> unjudged = new ArrayList<>();
            JudgedCorpus.Report test = null;
            // A rule writer's report: the development half alone, so that nothing of the test half is printed.
            boolean developmentOnly = "development".equals(System.getProperty("recall.half"));
            for (JudgedCorpus.Half half : developmentOnly ? List.of(JudgedCorpus.Half.DEV)
                    : List.of(JudgedCorpus.Half.DEV, JudgedCorpus.Half.TEST)) {
                JudgedCorpus.Report r = corpus.score(proposals, half, true);
                report.append(r.table(LocalExtractor.METHOD)).append('\n');
                unjudged.addAll(r.unjudged());
                if (half == JudgedCorpus.Half.TEST) {
                    test = r;
                }
                if (half == JudgedCorpus.Half.DEV && System.getProperty("recall.missed") != null) {
                    r.missed().forEach(h -> report.append("  missed ").append(h.session()).append(" [")
                            .append(h.type()).append("] ").append(h.title()).append(' ')
                            .append(h.ranges().stream().map(x -> x[0] + "-" + x[1]).toList()).append('\n'));
                }
            }
            System.out.print(report);
            if (developmentOnly) {
                assertTrue(unjudged.isEmpty(), unjudged.size() + " development-half proposals have no verdict");
                return;
            }
            assertTrue(unjudged.isEmpty(), unjudged.size() + " proposals have no verdict in "
                    + JudgedCorpus.judgmentsFile() + ":\n" + String.join("\n", unjudged));
            assertTrue(test.precision() >= MIN_TEST_PRECISION, report.toString());
            assertTrue(test.coverage() >= MIN_TEST_COVERAGE, report.toString());
            for (var floor : COVERED_BY_VERSION_1.entrySet()) {
                assertTrue(test.byType().get(floor.getKey()).handFound >= floor.getValue(), floor.getKey()
                        + " covers fewer hand-written entries of the test half than rules version 1 did\n" + report);
            }
        }
    }

    @Test
    void theSampleDataGivesTheSameProposalsEveryTime(@TempDir Path other) throws Exception {
        List<String> first;
        try (Database db = JudgedCorpus.load(dir)) {
            first = ids(JudgedCorpus.localProposals(db));
            assertEquals(first, ids(JudgedCorpus.localProposals(db)), "twice on the same store");
        }
        try (Database db = JudgedCorpus.load(other)) {
            assertEquals(first, ids(JudgedCorpus.localProposals(db)), "on a fresh store loaded from the same files");
        }
    }

    private static List<String> ids(List<JudgedCorpus.Proposal> ps) {
        return ps.stream().map(p -> p.id() + " " + p.title() + " " + p.ranges().stream()
                .map(r -> r[0] + "-" + r[1]).toList()).toList();
    }
}
