package dev.recall.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A user's message read clause by clause, for the rules of version 13 that find a choice stated in the course of the
 * work (not as a reply to options): users write one lower-case run ("no. go.mod stays at 1.22, the debian package
 * builds with ...") that the sentence splitter keeps whole, so the choice, its reason and the day's chatter sit in one
 * sentence.
 */
final class ChoiceClauses {
    /** Openers that say nothing about the choice: "ok:", "fine,", "good.", "no." */
    private static final Pattern OPENER = Pattern.compile("(?i)^(?:(?:ok(?:ay)?|fine|good|great|right|yes|yeah|yep|sure"
            + "|and|but|also|then|hmm+|well|no|nope|nah)\\b[,.:!]?\\s*)+");
    /** Today's step, not how things are set up: "for now", "this time", "yet". */
    static final Pattern MOMENT = Pattern.compile("(?i)\\b(?:yet|today|tonight|tomorrow|this time|for now|right now"
            + "|for the moment|temporarily|for this run|just this once|try)\\b");

    private ChoiceClauses() {}

    /** The clauses of a message, openers stripped, end marks dropped; empty clauses left out. */
    static List<String> of(String text) {
        List<String> out = new ArrayList<>();
        for (String c : Phrasing.CLAUSE_END.split(text.strip())) {
            String x = OPENER.matcher(c.strip()).replaceFirst("").replaceAll("[.!;]+$", "").strip();
            if (!x.isEmpty()) {
                out.add(x);
            }
        }
        return out;
    }

    /** Lower-cases the first letter for the middle of a title, but keeps "I" and identifiers as written. */
    static String lowerFirst(String s) {
        return s.matches("(?s)I\\b.*") ? s : Texts.lowerFirst(s);
    }

    /** Where a reason may be cut short: after a clause of its own. */
    private static final Pattern REASON_BREAK = Pattern.compile(",\\s+|;\\s+|\\s+(?:and|but|so|which|because)\\s+|\\s+\\(");

    /**
     * "The way: why" as a title: when it runs past the title's length, the reason is cut after its first clauses that
     * fit (a whole clause reads better than one cut off mid-word); when none fits, the title is the way alone.
     */
    static String title(String way, String why) {
        String w = Texts.capitalize(way.strip().replaceAll("[.!;:,]+$", ""));
        String r = lowerFirst(why.strip().replaceAll("[.!;:,]+$", ""));
        String full = w + ": " + r;
        if (full.length() <= Phrasing.TITLE_MAX) {
            return full;
        }
        java.util.regex.Matcher m = REASON_BREAK.matcher(r);
        String best = null;
        while (m.find()) {
            String cut = r.substring(0, m.start());
            if (w.length() + 2 + cut.length() > Phrasing.TITLE_MAX) {
                break;
            }
            if (words(cut) >= 3) {
                best = cut;
            }
        }
        if (best != null) {
            return w + ": " + best;
        }
        return w.length() <= Phrasing.TITLE_MAX ? w : Texts.asTitle(full, Phrasing.TITLE_MAX); // the body keeps the reason
    }

    static int words(String s) {
        return s.isBlank() ? 0 : s.strip().split("\\s+").length;
    }

    /** Whether an edit (Edit, Write, apply_patch) follows the message within {@code within} messages: it was carried out. */
    static boolean editFollows(Transcript t, int ordinal, int within) {
        return t.runs().stream().anyMatch(r -> r.kind() == ToolRun.Kind.EDIT && r.ordinal() > ordinal
                && r.ordinal() <= ordinal + within);
    }
}
