package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A way the agent has just shown that the user makes the rule for next time: "from now on whenever you touch
 * providers, lock both platforms like that, CI is linux and everyone here is on macs" after the agent ran `terraform
 * providers lock -platform=linux_amd64 -platform=darwin_arm64` in every stack; "always push with the userversion like
 * that so itch shows the tag" after the deploy script pushed. The words alone are a preference; "like that" points at
 * the command that shows how, so together they are a procedure a later session can follow: the order, the command
 * it points at, the user's reason. Only a passing command of the last few messages that carries two of the order's
 * distinctive words (or, for a script, the command line a look at it printed); not a prohibition ("never do it like
 * that"), not an order with no pointer, and not when an earlier procedure already stands on that command.
 */
final class ShownWayRule implements Rule.Contextual {
    /** A standing order: it holds for every later time, not only today. */
    private static final Pattern STANDING = Pattern.compile("(?i)\\b(?:from now on|always|whenever|every time|each time"
            + "|next time|in future|in the future|going forward)\\b");
    /** The pointer at what was just done. */
    private static final Pattern POINTER = Pattern.compile("(?i)\\b(?:like that|like this|that way|this way|the same way"
            + "|as you just did|like you just did|like you did)\\b");
    /** Every {@link #POINTER} holds one of these (lower-cased): a cheap check before the expressions. */
    private static final String[] POINTER_WORDS = {"like that", "like this", "that way", "this way", "same way",
        "just did", "you did"};
    private static final Pattern PROHIBITION = Pattern.compile("(?i)\\b(?:never|don't|do not|not like|stop|no more)\\b");
    /** Openers before the order: "good.", "ok,", "thanks,". */
    private static final Pattern OPENER = Pattern.compile("(?i)^(?:(?:good|great|nice|ok(?:ay)?|thanks|perfect|right"
            + "|and|also|yes)[,.!:]?\\s+)+");
    /** How far back the pointed-at command may be, in messages. */
    private static final int WINDOW = 8;
    private static final Set<String> GENERIC = Set.of("from", "now", "always", "whenever", "every", "time", "each",
            "next", "future", "going", "forward", "like", "that", "this", "same", "way", "just", "with", "your", "you",
            "them", "they", "then", "when", "need", "want", "make", "sure", "please", "both", "also", "there", "here",
            "touch", "into", "after", "before", "things", "thing");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.userProse()) {
            for (Sentence s : t.sentencesOf(ordinal)) {
                String text = s.text().strip();
                if (!Texts.mentions(text, POINTER_WORDS)) {
                    continue;
                }
                Matcher pointer = POINTER.matcher(text);
                Matcher standing = STANDING.matcher(text);
                if (!pointer.find() || !standing.find() || standing.start() > pointer.start()
                        || PROHIBITION.matcher(text.substring(0, pointer.end())).find()) {
                    continue;
                }
                Candidate c = shown(t, ordinal, s, text, standing.start(), pointer, earlier);
                if (c != null) {
                    out.add(c);
                    break;
                }
            }
        }
        return out;
    }

    private Candidate shown(Transcript t, int said, Sentence s, String text, int from, Matcher pointer,
            List<Candidate> earlier) {
        // The order: from the standing word to the pointer, within the sentence's clause run.
        String head = OPENER.matcher(text.substring(0, from)).replaceFirst("").strip();
        if (!head.isEmpty()) {
            return null; // "we did it like that once, always ..." or a question around it: not an order of its own
        }
        String order = text.substring(from, pointer.start()).strip().replaceFirst("(?i)^from now on,?\\s+", "")
                .replaceAll("[,;:]+$", "").strip();
        String rest = text.substring(pointer.end()).strip();
        // The reason runs to the end of its sentence: "so itch shows the tag. and don't ever ..." is another order.
        String reason = rest.replaceFirst("^[,;:.]\\s*", "").split("(?<=[.!?])\\s+", 2)[0].replaceAll("[.!]+$", "")
                .strip();
        if (order.split("\\s+").length < 3) {
            return null;
        }
        Set<String> words = words(order);
        if (words.isEmpty()) {
            return null;
        }
        // The command it points at: a run of the last few messages whose command, or a command line its output
        // shows (the script it ran, printed a moment before), carries the order's words.
        ToolRun best = null;
        List<String> bestSteps = List.of();
        int bestScore = 1;
        for (ToolRun r : t.runs()) {
            if (r.ordinal() >= said || r.ordinal() < said - WINDOW || !r.shell() || r.failed()) {
                continue;
            }
            List<String> steps = steps(r.command());
            int score = steps.isEmpty() ? 0 : score(String.join(" ", steps), words);
            if (score < 2) {
                for (String line : t.message(r.ordinal()).text().split("\n")) {
                    String l = line.strip();
                    List<String> own = steps(l);
                    int sc = own.size() == 1 && own.getFirst().equals(l) ? score(l, words) : 0;
                    if (sc >= 2 && sc >= score) {
                        score = sc;
                        steps = own;
                    }
                }
            }
            if (score >= bestScore && score >= 2) {
                best = r;
                bestSteps = steps;
                bestScore = score;
            }
        }
        if (best == null || Candidate.anyOn(earlier, EntryType.PROCEDURE, best.ordinal(), best.ordinal())) {
            return null;
        }
        Set<String> steps = new LinkedHashSet<>(bestSteps);
        String shownSteps = String.join(" → ", steps.stream().map(x -> "`" + x + "`").toList());
        String title = Texts.capitalize(order) + ": " + shownSteps;
        if (title.length() > Phrasing.TITLE_MAX) {
            // Too long to show whole: the program that does it, rather than a command cut off in the middle.
            List<String> program = new ArrayList<>();
            for (String token : Commands.tokens(steps.iterator().next())) {
                if (token.startsWith("-") || token.contains("=") || program.size() == 4) {
                    break;
                }
                program.add(token);
            }
            title = Texts.capitalize(order) + (program.isEmpty() ? "" : " with `" + String.join(" ", program) + "`");
        }
        StringBuilder body = new StringBuilder("The way to follow (the user: \"").append(Texts.bound(text, 300))
                .append("\"):");
        int n = 1;
        for (String x : steps) {
            body.append('\n').append(n++).append(". `").append(x).append('`');
        }
        if (!steps.contains(best.command().strip()) && !bestSteps.isEmpty()
                && score(best.command(), words) >= 2) {
            body.append("\nAs run: `").append(Texts.bound(best.command().strip(), 300)).append('`');
        }
        if (!reason.isEmpty() && reason.split("\\s+").length >= 3) {
            body.append("\nWhy: ").append(Texts.bound(reason.replaceFirst("(?i)^so\\s+", "so "), 240));
        }
        List<Candidate.Span> spans = List.of(Candidate.Span.of(best.ordinal(), null), Phrasing.span(s));
        return new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), body.toString()),
                Texts.bound(title, Phrasing.TITLE_MAX), body.toString(),
                trigger(order),
                0.5, spans);
    }

    /** "whenever you touch providers, ..." gives "whenever you touch providers"; "always push with X" "when you push with X". */
    private static String trigger(String order) {
        Matcher when = Pattern.compile("(?i)^(?:whenever|every time|each time|next time)\\s+([^,]{3,80}),").matcher(order);
        if (when.find()) {
            String clause = when.group(1).strip();
            return "when " + (clause.matches("(?i)^(?:you|we|i)\\b.*") ? clause : "you " + clause);
        }
        String rest = order.replaceFirst("(?i)^(?:always|in (?:the )?future|going forward),?\\s+", "").split(",")[0];
        return "when you " + Texts.lowerFirst(rest.strip());
    }

    /** The steps of a command line: its segments that do something (no look, no echo, no git bookkeeping). */
    private static List<String> steps(String command) {
        List<String> out = new ArrayList<>();
        for (String segment : Commands.segments(command)) {
            String g = segment.strip().replaceFirst("^(?:do|then)\\s+", "");
            List<String> keys = Commands.keys(g);
            if (keys.isEmpty() || keys.stream().allMatch(Commands::isRoutine) || g.startsWith("echo ")
                    || g.startsWith("git ") || g.startsWith("set ") || g.startsWith("#")) {
                continue;
            }
            out.add(g);
        }
        return out;
    }

    /** How many of the order's words the text carries (a word may start a longer one: "lock" in "locked"). */
    private static int score(String text, Set<String> words) {
        String low = text.toLowerCase(Locale.ROOT);
        int n = 0;
        for (String w : words) {
            int i = low.indexOf(w);
            while (i >= 0 && i > 0 && Character.isLetterOrDigit(low.charAt(i - 1))) {
                i = low.indexOf(w, i + 1);
            }
            if (i >= 0) {
                n++;
            }
        }
        return n;
    }

    /** The order's distinctive words, a plural's "s" dropped so that "platforms" finds "-platform=". */
    private static Set<String> words(String order) {
        Set<String> out = new LinkedHashSet<>();
        for (String w : order.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_-]+")) {
            if (w.length() < 4 || GENERIC.contains(w) || dev.recall.sessions.Stopwords.contains(w)) {
                continue;
            }
            out.add(w.endsWith("s") && w.length() > 4 ? w.substring(0, w.length() - 1) : w);
        }
        return out;
    }
}
