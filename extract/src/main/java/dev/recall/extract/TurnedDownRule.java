package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user turns down what the assistant put forward and says how it stays instead, and why: "no, generated files stay
 * committed. reviewers need to see what the generator changed" after "should the generated files go into .gitignore?",
 * "no, it was taken out on purpose. we run 3 App Service instances and they'd all race to migrate during a deploy. prod
 * gets an idempotent script ..." after "should I add Database.Migrate() at startup?", "nah, leave kotlin where it is.
 * the compose compiler plugin ships with kotlin now, so ..." after "the quickest fix is to put Kotlin back". Replies like
 * these are often one lower-case run of clauses, which the sentence rules read as one sentence; this rule reads them
 * clause by clause. Runs after the other rules, on replies none of them used.
 */
final class TurnedDownRule implements Rule {
    private static final Pattern NO = Pattern.compile("(?i)^(?:(?:hmm+|ah|wait|well|ok(?:ay)?)[,.!]?\\s+)?(?:no|nah|nope"
            + "|god no)\\b[,.!:]?\\s*");
    /** What the assistant put forward: a question, a plan, a suggested fix. */
    private static final Pattern FORWARD = Pattern.compile("(?i)\\?\\s*$|\\b(?:i'll|i will|i'm going to|i'd|i can|i could"
            + "|should i|shall i|want me to|ok to|the (?:quickest|simplest|easiest|fastest|usual|obvious) (?:fix|way|option)"
            + "|simplest fix|quick fix|my suggestion)\\b");
    /** Why, said in a reply: a cause, a consequence, something that went wrong before. */
    private static final Pattern WHY = Pattern.compile("(?i)\\b(?:because|since|otherwise|on purpose|precisely|they'd|we'd"
            + "|it'd|would|i don't want|we don't want|the whole point|been (?:burned|bitten)|breaks|would break|so that)\\b"
            + "|,\\s*so\\s+\\w|" + WarningRule.INCIDENT);
    private static final Pattern PRONOUN_LED = Pattern.compile("(?i)^(?:it|that|this|they|those|these|which|i|i'll|i'm"
            + "|i've|i'd|let me|you|we'll)\\b");
    /** Today's step rather than how things stay: "run it again", "check first". */
    private static final Pattern MOMENT = Pattern.compile("(?i)\\b(?:yet|now|today|tonight|tomorrow|this time|for now"
            + "|right now|first|again|try|for the moment|temporarily|later)\\b");
    /** Work for today, said as an order or offered as one: "Run the whole suite instead", "Should I rerun ...?" */
    private static final Pattern TASK = Pattern.compile("(?i)^(?:just |please )?(?:run|rerun|re-run|retry|check|look|try"
            + "|restart|reboot|wait|test|show|tell|give|open|read|commit|push|merge|deploy|ship|revert|undo|stop|start"
            + "|kill|ping|ask|fix|debug|investigate)\\b");
    private static final Pattern REQUEST = Pattern.compile("(?i)^(?:can|could|would|will) you\\b|^(?:please )?(?:tell|show"
            + "|let) me\\b|^thanks?\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.freshProse("user", claims)) {
            List<Sentence> reply = t.sentencesOf(ordinal);
            Integer prev = t.previousProse(ordinal);
            if (prev == null || ordinal - prev > 3 || !"assistant".equals(t.role(prev))) {
                continue;
            }
            Matcher no = NO.matcher(t.message(ordinal).text().strip());
            List<Sentence> asked = t.sentencesOf(prev);
            Sentence forward = asked.stream().filter(s -> FORWARD.matcher(s.text()).find()).reduce((a, b) -> b)
                    .orElse(null);
            if (!no.lookingAt() || forward == null) {
                continue;
            }
            String rest = t.message(ordinal).text().strip().substring(no.end());
            List<String> clauses = new ArrayList<>();
            for (String c : Phrasing.CLAUSE_END.split(rest)) {
                String x = Phrasing.stripOpeners(c.strip()).replaceAll("[.!;]+$", "").strip();
                if (!x.isEmpty()) {
                    clauses.add(x);
                }
            }
            String way = null;
            String why = null;
            String not = null;
            for (String c : clauses) {
                boolean question = c.endsWith("?");
                if (question || REQUEST.matcher(c).find()) {
                    continue;
                }
                if (c.matches("(?i)not [^,]{1,30}") && not == null && way == null) {
                    not = c; // "not IP": the option turned down, said back
                } else if (WHY.matcher(c).find()) {
                    // "it was taken out on purpose" says there is a reason; "we run 3 instances and they'd race" is it.
                    if (why == null || PRONOUN_LED.matcher(why).find() && !PRONOUN_LED.matcher(c).find()) {
                        why = c;
                    }
                } else if (way == null && !PRONOUN_LED.matcher(c).find() && !MOMENT.matcher(c).find() && words(c) >= 3) {
                    way = c;
                }
            }
            // "No, invoices can be paid in parts. Key it on the Stripe event id.": the correction is the reason.
            if (why == null) {
                String order = null;
                String stated = null;
                for (String c : clauses) {
                    if (c.endsWith("?") || REQUEST.matcher(c).find() || MOMENT.matcher(c).find()) {
                        continue;
                    }
                    if (order == null && PreferenceRule.instruction(c) && words(c) >= 3) {
                        order = c;
                    } else if (stated == null && !PreferenceRule.instruction(c) && words(c) >= 5
                            && !PRONOUN_LED.matcher(c).find()) {
                        stated = c;
                    }
                }
                way = order;
                why = stated;
            }
            Matcher offered = OFFERED.matcher(forward.text().strip());
            if (way == null || why == null || MOMENT.matcher(forward.text()).find() && !forward.text().endsWith("?")
                    || TASK.matcher(way).find() || offered.find() && TASK.matcher(offered.group(1)).find()) {
                continue;
            }
            reply.forEach(claims::claim);
            String instead = not == null ? turnedDown(forward.text()) : null;
            String title = Texts.capitalize(way.replaceFirst("(?i)^just\\s+", "")) + (not != null ? ", "
                    + Texts.lowerFirst(not) : instead != null ? " instead of " + instead : "") + ": " + Texts.lowerFirst(why);
            String body = t.message(ordinal).text().strip() + "\nInstead of: " + forward.text();
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body), Texts.asTitle(title,
                    Phrasing.TITLE_MAX), Texts.boundBody(body, 800), Phrasing.topicTrigger("when deciding about", t,
                    reply.getFirst()), 0.6, List.of(Phrasing.span(forward), new Candidate.Span(ordinal, ordinal, null))));
        }
        return out;
    }

    /** "I could set X to 115200 in sdkconfig.defaults so ...": what was turned down, as "setting X to 115200 in ...". */
    private static final Pattern OFFERED = Pattern.compile("(?i)\\b(?:i could|i can|i'll|i will|i'm going to|should i|shall i"
            + "|want me to|simplest fix:|quick fix:|the (?:quickest|simplest|easiest|usual) (?:fix|way) is to)\\s+([a-z]\\S*)\\s+(.+)$");

    private static String turnedDown(String forward) {
        Matcher m = OFFERED.matcher(forward.strip());
        if (!m.find()) {
            return null;
        }
        String rest = m.group(2).split("[,;?]|\\.(?:\\s|$)|\\s+(?:so|to make|because|since)\\s", 2)[0].strip();
        if (words(rest) < 2 || rest.matches("(?i)(?:it|them|that|this|those)\\b.*")) {
            return null;
        }
        return Texts.gerund(m.group(1).toLowerCase(java.util.Locale.ROOT)) + " " + rest;
    }

    private static int words(String s) {
        return s.strip().split("\\s+").length;
    }
}
