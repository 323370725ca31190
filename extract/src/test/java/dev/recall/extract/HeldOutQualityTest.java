package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Sessions;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local extractor on the held-out set (testdata/extract/heldout): sessions and hand-written entries written
 * after rules version 5 by someone who never read the rules, and verdicts on every proposal. Prints precision (kept
 * and strict) and coverage per type, scored as {@link JudgedPrecisionTest} scores the test half. Every proposal must
 * have a verdict: a rule change that proposes something new on this set has to be judged here too
 * ({@code ./mvnw -pl extract test -Dtest=JudgingSheet -Drecall.sheet=/tmp/sheet.txt -Drecall.heldout=true}).
 */
class HeldOutQualityTest {
    static final Set<String> TYPES = Set.of("fact", "decision", "procedure", "debugging_method", "warning",
            "preference", "open_question");

    @TempDir
    Path dir;

    @Test
    void everyProposalIsJudgedAndThePerTypeFiguresArePrinted() throws Exception {
        JudgedCorpus corpus = HeldOutSet.corpus();
        try (Database db = Database.open(dir)) {
            HeldOutSet.load(db);
            List<JudgedCorpus.Proposal> proposals = JudgedCorpus.localProposals(db);
            JudgedCorpus.Report report = corpus.score(proposals, JudgedCorpus.Half.HELD_OUT, true);
            // No list of missed entries here (unlike the development half): rules are not written from this set.
            System.out.println(report.table(LocalExtractor.METHOD));
            assertTrue(report.unjudged().isEmpty(), report.unjudged().size() + " proposals have no verdict in "
                    + HeldOutSet.verdictsFile() + ":\n" + String.join("\n", report.unjudged()));
            assertFalse(proposals.isEmpty(), "the local extractor proposed nothing on the held-out set");
        }
    }

    /** The hand-written entries are scored by their evidence, so the evidence must point at what it quotes. */
    @Test
    void theHandWrittenEntriesCoverEveryTypeAndQuoteTheirEvidence() throws Exception {
        JudgedCorpus corpus = HeldOutSet.corpus();
        try (Database db = Database.open(dir)) {
            HeldOutSet.load(db);
            Sessions sessions = new Sessions(db);
            Set<String> types = new TreeSet<>();
            for (JudgedCorpus.HandEntry h : corpus.hand()) {
                types.add(h.type());
                assertFalse(h.ranges().isEmpty(), h.id() + " has no evidence");
                for (var a : h.json().path("evidence")) {
                    int start = a.get("start_ordinal").asInt();
                    int end = a.get("end_ordinal").asInt();
                    List<Message> cited = sessions.messages(h.session(), start, end);
                    assertEquals(end - start + 1, cited.size(), h.id() + " cites messages " + start + ".." + end
                            + " that " + h.session() + " does not have");
                    String snippet = a.get("snippet").asText();
                    assertTrue(cited.stream().anyMatch(m -> m.text().contains(snippet)),
                            h.id() + ": snippet not found in messages " + start + ".." + end + ": " + snippet);
                }
            }
            assertEquals(TYPES, types, "the held-out set's hand-written entries cover all seven types");
            assertTrue(corpus.hand().size() >= 100, "at least 100 hand-written entries, has " + corpus.hand().size());
        }
    }
}
