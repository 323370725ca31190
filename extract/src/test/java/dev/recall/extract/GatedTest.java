package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shortcuts that make the local rules cheaper must not change an answer: every {@link Gated} pattern's words are
 * in the lower-cased text of every match (checked on every message and sentence of the sample data and on texts
 * written to the edge of each gate), Outcomes' failure words likewise, {@link Texts#words} counts as
 * {@code split("\\s+").length} does and {@link Terms#tokens} finds what its pattern finds.
 */
class GatedTest {
    @TempDir
    Path dir;

    @Test
    void everyGateHoldsOnTheSampleData() throws Exception {
        List<String> texts = new ArrayList<>(List.of("We're going to go with Postgres", "Lets standardise on UTF-8",
                "PIN it to 1.4", "Pinned them", "x (or y)", "a vs. b", "Ops signed off on mTLS", "Schedule it is.",
                "the tests read `X`", "FYI the port is 8080", "Both are Now green", "was", "HARD-CODED path",
                "BUILD FAILED", "npm ERR! x", "make[2]: *** [all] Error 1", "[exit 3]", "Caused by: x", "E: x",
                "3 tests failed", "Errors: 2", "  2 problems", "WARNING: DATA RACE", "returned a non-zero code",
                "_a_ _ a. .b a.-/ x@y.z:8080/p?q=1 ½ Ⅻ² ٣٤ Straße ĞÜ İstanbul 𝔘𝔫𝔦 naïve a_ _b __ a- -a é.é"));
        try (Database db = Database.open(dir)) {
            SampleCorpus.load(db);
            Sessions sessions = new Sessions(db);
            for (Session s : sessions.list(null, 100_000)) {
                for (Message m : sessions.messages(s.id())) {
                    texts.add(m.text());
                    for (Sentence sentence : Sentence.of(m)) {
                        texts.add(sentence.text());
                        texts.add(Phrasing.stripLead(sentence.text()));
                    }
                }
            }
        }
        List<Gated> gates = new ArrayList<>();
        for (Class<?> c : List.of(FactRule.class, DecisionRule.class)) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getType() == Gated.class && Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    gates.add((Gated) f.get(null));
                }
            }
        }
        gates.addAll(DecisionRule.CUE_PARTS);
        assertTrue(gates.size() >= 29, "gates found: " + gates.size());
        Field failure = Outcomes.class.getDeclaredField("FAILURE");
        Field words = Outcomes.class.getDeclaredField("FAILURE_WORDS");
        failure.setAccessible(true);
        words.setAccessible(true);
        @SuppressWarnings("unchecked") List<Pattern> patterns = (List<Pattern>) failure.get(null);
        @SuppressWarnings("unchecked") List<String[]> failureWords = (List<String[]>) words.get(null);
        assertEquals(patterns.size(), failureWords.size());
        for (int i = 0; i < patterns.size(); i++) {
            gates.add(new Gated(patterns.get(i), failureWords.get(i)));
        }
        Field decorationField = Outcomes.class.getDeclaredField("DECORATION");
        decorationField.setAccessible(true);
        Pattern decoration = (Pattern) decorationField.get(null);
        texts.add("==== x ====\n❯ file\n│ a\n  ___ test ___  \n-- a\n#x\n* b\nplain line\n^^ here\n~~ x");
        int matched = 0;
        for (String text : texts) {
            String lower = text.toLowerCase(Locale.ROOT);
            for (Gated g : gates) {
                if (g.pattern().matcher(text).find()) {
                    matched++;
                    assertTrue(g.possible(lower), () -> "gate of " + g.pattern() + " misses a match");
                }
            }
            assertEquals(text.split("\\s+").length, Texts.words(text));
            assertEquals(Terms.tokensByPattern(lower), Terms.tokens(text));
            assertEquals(text.replaceAll("\\s+", " ").strip(), Texts.oneLine(text));
            for (String line : text.split("\n")) {
                String stripped = line.strip();
                assertEquals(decoration.matcher(stripped).replaceAll(""), Outcomes.undecorated(stripped));
            }
        }
        assertTrue(matched > 1000, "matches checked: " + matched);
    }

    @Test
    void cuePartsJoinBackToCue() throws Exception {
        Field cue = DecisionRule.class.getDeclaredField("CUE");
        cue.setAccessible(true);
        String prefix = "(?i)(?:";
        List<String> parts = new ArrayList<>();
        for (Gated g : DecisionRule.CUE_PARTS) {
            String p = g.pattern().pattern();
            assertTrue(p.startsWith(prefix) && p.endsWith(")"), p);
            parts.add(p.substring(prefix.length(), p.length() - 1));
        }
        assertEquals(((Pattern) cue.get(null)).pattern(), prefix + String.join("|", parts) + ")");
    }

    @Test
    void wordsCountsAsSplitDoes() {
        for (String s : List.of("", " ", "   ", "a", " a", "a ", " a b ", "\ta\nb\u000Bc\fd\re", "a\u00A0b", "\n\n",
                "a  b", "  ", "x\u2003y")) {
            assertEquals(s.split("\\s+").length, Texts.words(s), () -> "[" + s + "]");
        }
    }
}
