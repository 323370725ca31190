package dev.recall.index;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.Message;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PassageCutterTest {
    private static Message m(int ordinal, String role, String text) {
        return Message.of("s", ordinal, role, text, null, null, null, null);
    }

    private static Message tool(int ordinal, String name, String input, String output) {
        return Message.of("s", ordinal, "tool", output, name, input, null, null);
    }

    @Test
    void aUserTurnAndItsAnswerAreOnePassageWithTheirOrdinalRange() {
        List<Passage> ps = new PassageCutter().cut("s", List.of(
                m(0, "user", "How do I run the tests?"),
                m(1, "assistant", "With gradle."),
                tool(2, "Bash", "./gradlew test", "BUILD SUCCESSFUL"),
                m(3, "system", "harness note"),
                m(4, "user", "Thanks, and the linter?"),
                m(5, "assistant", "./gradlew spotlessCheck")));
        assertEquals(2, ps.size());
        assertEquals("s#0", ps.get(0).id());
        assertEquals(0, ps.get(0).startOrdinal());
        assertEquals(2, ps.get(0).endOrdinal());
        assertEquals("user: How do I run the tests?\nassistant: With gradle.\ntool Bash ./gradlew test: BUILD SUCCESSFUL",
                ps.get(0).text());
        assertEquals(4, ps.get(1).startOrdinal());
        assertEquals(5, ps.get(1).endOrdinal());
        assertFalse(ps.get(1).text().contains("harness"));
    }

    @Test
    void longToolOutputKeepsItsHeadAndTail() {
        String output = "HEAD " + "x".repeat(5000) + " TAIL";
        String text = PassageCutter.render(tool(1, "Bash", "make", output));
        assertTrue(text.startsWith("tool Bash make: HEAD "));
        assertTrue(text.endsWith(" TAIL"));
        assertTrue(text.contains("characters of output trimmed"));
        assertTrue(text.length() < 1000, "trimmed to about 800 characters: " + text.length());
    }

    @Test
    void aLongTurnContinuesInOverlappingPartsThatRestateTheQuestion() {
        PassageCutter cutter = new PassageCutter(300, 60);
        List<Message> ms = new ArrayList<>();
        ms.add(m(0, "user", "Why does the flaky ClockTest fail?"));
        StringBuilder answer = new StringBuilder();
        for (int i = 0; i < 80; i++) {
            answer.append("word").append(i).append(' ');
        }
        ms.add(m(1, "assistant", answer.toString()));
        ms.add(m(2, "assistant", "Fixed by freezing the clock."));
        List<Passage> ps = cutter.cut("s", ms);
        assertTrue(ps.size() >= 3, "split: " + ps.size());
        for (Passage p : ps) {
            assertTrue(p.text().length() <= 300, "within the cap: " + p.text().length());
            assertEquals(0, p.startOrdinal(), "each part names the question it answers");
        }
        assertTrue(ps.get(1).text().startsWith("Why does the flaky ClockTest fail?"));
        // Every word is in some passage, and consecutive parts share words (the overlap).
        for (int i = 0; i < 80; i++) {
            String w = "(?s).*\\bword" + i + "\\b.*";
            assertTrue(ps.stream().anyMatch(p -> p.text().matches(w)), w);
        }
        String lastOfFirst = ps.get(0).text().substring(ps.get(0).text().lastIndexOf("word"));
        assertTrue(ps.get(1).text().contains(lastOfFirst.strip()));
        assertEquals(2, ps.getLast().endOrdinal());
        assertTrue(ps.getLast().text().endsWith("Fixed by freezing the clock."));
    }

    @Test
    void appendingMessagesKeepsTheIdsOfEarlierPassages() {
        List<Message> ms = new ArrayList<>(List.of(m(0, "user", "a"), m(1, "assistant", "b")));
        List<Passage> before = new PassageCutter().cut("s", ms);
        ms.add(m(2, "user", "c"));
        ms.add(m(3, "assistant", "d"));
        List<Passage> after = new PassageCutter().cut("s", ms);
        assertEquals(before.getFirst(), after.getFirst());
        assertEquals(2, after.size());
    }
}
