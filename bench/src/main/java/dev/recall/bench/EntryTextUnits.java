package dev.recall.bench;

import dev.recall.index.EmbeddingText;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Traces the embedded text of a generated entry ({@link EmbeddingText}: title, optional trigger, body) back to
 * the corpus units it was cut from, as {@link EntryGenerator} builds it:
 *
 * <ul>
 *   <li>body: its verbatim corpus sentences;
 *   <li>title (a window of 4 to 10 words of a document title): that document's whole title;
 *   <li>trigger ("when " and a lowercased window of 3 to 8 words of a sentence): the sentence it was cut from.
 * </ul>
 *
 * <p>Windows map to their whole parent because embedding every distinct window would mean hundreds of thousands
 * of model calls at 1M entries, which is what this source exists to avoid; the parent is the closest model-made
 * vector of the same words.
 */
final class EntryTextUnits {
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z0-9(\\[])");
    private static final String TRIGGER_PREFIX = "when ";

    private final CorpusUnits units;

    EntryTextUnits(CorpusUnits units) {
        this.units = units;
    }

    /** The units of one embedded text, body sentences first, then the title's and the trigger's parents. */
    int[] of(String embeddedText) {
        String[] lines = embeddedText.split("\n", -1);
        if (lines.length != 2 && lines.length != 3) {
            throw notGenerated(embeddedText, "expected a title, an optional trigger and a body on their own lines");
        }
        List<Integer> body = body(lines[lines.length - 1], embeddedText);
        int doc = titleDoc(lines[0], body, embeddedText);
        List<Integer> out = new ArrayList<>(body);
        out.add(units.titleOf(doc));
        if (lines.length == 3) {
            out.add(triggerSentence(lines[1], doc, embeddedText));
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The body is sentences joined by spaces. The corpus's own sentence split cuts it only between sentences,
     * though not between every two (a document's last sentence may not end in a full stop), so pieces that are
     * not a sentence are split further at the spaces where a known sentence ends.
     */
    private List<Integer> body(String body, String text) {
        List<Integer> out = new ArrayList<>();
        for (String piece : SENTENCE_END.split(body)) {
            if (!split(piece, 0, out)) {
                throw notGenerated(text, "body text '" + abbreviate(piece) + "' is not made of corpus sentences");
            }
        }
        return out;
    }

    private boolean split(String piece, int from, List<Integer> out) {
        int whole = units.indexOf(from == 0 ? piece : piece.substring(from));
        if (whole >= 0) {
            out.add(whole);
            return true;
        }
        for (int space = piece.indexOf(' ', from); space >= 0; space = piece.indexOf(' ', space + 1)) {
            int unit = units.indexOf(piece.substring(from, space));
            if (unit >= 0) {
                out.add(unit);
                if (split(piece, space + 1, out)) {
                    return true;
                }
                out.removeLast();
            }
        }
        return false;
    }

    /** The entry's document: the one, among its body sentences' documents, whose title holds the title window. */
    private int titleDoc(String title, List<Integer> body, String text) {
        Set<Integer> candidates = new LinkedHashSet<>();
        body.forEach(u -> candidates.add(units.docOf(u)));
        for (int d : candidates) {
            if (units.doc(d).title().contains(title)) {
                return d;
            }
        }
        // A sentence shared by two documents may name the other one first: look through them all.
        for (int d = 0; d < units.docCount(); d++) {
            if (units.doc(d).title().contains(title)) {
                return d;
            }
        }
        throw notGenerated(text, "title '" + title + "' is in no corpus document's title");
    }

    private int triggerSentence(String trigger, int doc, String text) {
        if (!trigger.startsWith(TRIGGER_PREFIX)) {
            throw notGenerated(text, "the trigger line does not start with '" + TRIGGER_PREFIX + "'");
        }
        String window = trigger.substring(TRIGGER_PREFIX.length());
        for (String s : units.doc(doc).sentences()) {
            if (s.toLowerCase(Locale.ROOT).contains(window)) {
                return units.indexOf(s);
            }
        }
        // Lowercasing can change a string's length (rare letters); the window is then the document's topic.
        return units.titleOf(doc);
    }

    private static BenchException notGenerated(String text, String why) {
        return new BenchException("cannot trace entry text '" + abbreviate(text.replace('\n', '|'))
                + "' to the source corpus: " + why + " (sentence vectors only work for generated entries)");
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }
}
