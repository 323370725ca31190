package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 14 (helper ext15a): a naming convention stated as how things are ("integration test classes are
 * named *IT, otherwise ..."). On small hand-written sessions, through the rule alone and through the whole extractor,
 * with the near-misses it must not fire on: one thing's name, a plain word, a request to name something, a question.
 */
class NamingConventionRuleTest {
    private static List<String> titles(TestSessions s) {
        return s.proposedBy(new NamingConventionRule()).stream().map(Candidate::title).toList();
    }

    @Test
    void aPatternTheNamesOfAKindFollowIsAFact() {
        var it = TestSessions.session("k1").user("Much better. And integration test classes are named *IT, otherwise the"
                + " integrationTest source set won't pick them up.");
        assertEquals(List.of("Integration test classes are named *IT"), titles(it));
        Candidate c = it.proposedBy(new NamingConventionRule()).getFirst();
        assertEquals(EntryType.FACT, c.type());
        assertEquals("when naming integration test classes", c.trigger());
        assertTrue(c.body().contains("won't pick them up") && c.body().startsWith("Much better."), c.body());
        assertTrue(it.proposed(EntryType.FACT).stream().anyMatch(x -> x.title().equals(
                "Integration test classes are named *IT")), it.proposed().toString());

        var topics = TestSessions.session("k2").user("Why does the test miss the broadcast?")
                .assistant("The LiveView subscribes on mount. Topics are named \"berth:<id>\".");
        assertEquals(List.of("Topics are named \"berth:<id>\""), titles(topics));

        var tags = TestSessions.session("k3").user("release tags are prefixed with `v`, the workflow only matches v*.");
        assertEquals(List.of("Release tags are prefixed with `v`"), titles(tags));
    }

    @Test
    void oneThingsNameAPlainWordARequestOrAQuestionIsNot() {
        assertEquals(List.of(), titles(TestSessions.session("n1").user("The config file is named settings.yaml.")));
        assertEquals(List.of(), titles(TestSessions.session("n2").user("Our services are named after birds.")));
        assertEquals(List.of(), titles(TestSessions.session("n3").user("Name the new classes *IT please.")));
        assertEquals(List.of(), titles(TestSessions.session("n4").user("Are integration test classes named *IT?")));
    }
}
