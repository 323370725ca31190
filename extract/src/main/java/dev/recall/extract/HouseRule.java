package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user's rules for the project, said as a norm rather than as an instruction for the task at hand: a rule for
 * every member of a kind ("Every new view gets a #Preview with sample data", "each migration needs a down step"), a
 * kind of thing banned from a part of the project ("No sleeps in tests. Ever.", "No exceptions in the public API"),
 * or anything the user calls a rule ("Test fixtures go under tests/fixtures and never touch the network, that's a
 * hard rule here"). What holds for every case is what a later session must know before its first change. Runs after
 * the other rules and reads only user sentences none of them used, so it only adds.
 */
final class HouseRule implements Rule {
    private static final String ACK = "^(?:(?:good|ok(?:ay)?|fine|right|and|also|oh|yes|great|thanks|one more thing"
            + "|while you're (?:at it|in there))[,.!:]?\\s+)*";
    /** A rule for every member of a kind: the quantifier, the kind (a few words), a verb of obligation or placement. */
    private static final Pattern EVERY = Pattern.compile("(?i)" + ACK + "(?:every|each|all|any) ((?:[\\w`#./-]+ ){0,4}?"
            + "[\\w`#./-]+) (?:gets?|goes|go|must|needs?|has to|have to|should|lives?|belongs?|carries|carry|requires?"
            + "|ships?|is (?:required|expected) to|are (?:required|expected) to)\\b");
    /** A kind of thing banned from a part of the project: "No sleeps in tests", "No exceptions in the public API". */
    private static final Pattern BANNED = Pattern.compile("(?i)" + ACK + "no ((?:[\\w`#./-]+ ){0,4}?[\\w`#./-]+)"
            + " (?:in|inside|from|on|for) (?:the |our |any |this )?((?:[\\w`#./-]+ ){0,3}?(?:tests?|code|api|apis|library"
            + "|repo|repository|codebase|prod(?:uction)?|main|ci|migrations?|handlers?|views?|components?|templates?"
            + "|commits?|prs?|modules?|packages?|services?|controllers?|models?|config|headers?|logs?|public api|hot path"
            + "|fixtures?|ui|frontend|backend|schema))\\b");
    /** "Ever." after a ban, or the user naming it a rule. */
    private static final Pattern CALLED_A_RULE = Pattern.compile("(?i)\\b(?:that's|that is|it's|it is|this is)"
            + " (?:a |the |our )?(?:hard |house |firm |strict |team |standing )?rule\\b|\\bhard rule\\b|\\bhouse rule\\b"
            + "|\\bnon-negotiable\\b");
    private static final Pattern EVER = Pattern.compile("(?i)^(?:ever|never|ever again|not ever|no exceptions)[.!]*$");
    /** What the rule is about, for the trigger: "every new view" is about adding a view. */
    private static final Pattern RULE_TAIL = Pattern.compile("(?i),?\\s*(?:that's|that is|it's|this is) (?:a |the |our )?"
            + "(?:hard |house |firm |strict |team |standing )?rule(?: here| in this repo| for this project)?"
            + "|,?\\s*that's how .*$|,?\\s*non-negotiable");
    private static final int MAX = 3;
    private static final Pattern MADE = Pattern.compile("(?i)(?:change|commit|release|deploy|pr|pull request|fix)$");
    private static final Pattern ADDED = Pattern.compile("(?i)^new |(?:migration|test|endpoint|route|view|component"
            + "|screen|page|table|column|dependency|job|task|handler|flag)$");

    /** The moment the rule applies: "every new view" when adding a new view, "every user-visible change" when making one. */
    private static String situation(String kind) {
        String k = kind.toLowerCase(Locale.ROOT).strip();
        String article = k.matches("[aeio].*|u(?!s|ni).*") ? "an " : "a ";
        if (MADE.matcher(k).find()) {
            return "when making " + article + k;
        }
        if (ADDED.matcher(k).find()) {
            return "when adding " + article + k;
        }
        return "when working on " + k;
    }

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        return t.fromStatements(claims, MAX, s -> {
            if (!s.fromUser() || s.text().split("\\s+").length < 4) {
                return null;
            }
            String text = s.text().strip();
            Matcher every = EVERY.matcher(text);
            Matcher banned = BANNED.matcher(text);
            boolean called = CALLED_A_RULE.matcher(text).find();
            String kind;
            if (every.lookingAt()) {
                kind = every.group(1);
            } else if (banned.lookingAt()) {
                kind = banned.group(2);
            } else if (called) {
                kind = null;
            } else {
                return null;
            }
            List<Sentence> own = t.sentencesOf(s.ordinal());
            int i = own.indexOf(s);
            Sentence next = i + 1 < own.size() ? own.get(i + 1) : null;
            boolean ever = next != null && EVER.matcher(next.text().strip()).matches();
            // A ban is a rule when the user says it holds always or calls it one; "every" carries it by itself.
            if (banned.lookingAt() && !every.lookingAt() && !ever && !called) {
                return null;
            }
            StringBuilder body = new StringBuilder(text);
            if (next != null && !claims.taken(next) && !next.isQuestion()) {
                body.append(' ').append(next.text());
                claims.claim(next);
            }
            String rule = RULE_TAIL.matcher(text).replaceAll("").strip();
            rule = rule.replaceFirst("(?i)" + ACK, "");
            if (ever && !rule.toLowerCase(Locale.ROOT).contains("ever")) {
                rule = rule.replaceAll("[.!]+$", "") + ", ever";
            }
            String trigger = kind != null ? situation(kind) : Phrasing.topicTrigger("when working with", t, s);
            return new Candidate(EntryType.PREFERENCE, Phrasing.preferenceScope(t.session(), body.toString()),
                    Texts.asTitle(Texts.capitalize(rule), Phrasing.TITLE_MAX), body.toString(), trigger, 0.65,
                    List.of(Phrasing.span(s)));
        });
    }
}
