package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A prohibition the user states with what went wrong, or would, the last time: "no catch-all first. that's how we
 * silently lost the s3a filesystem registration once", "never run anything against the whole fleet during opening
 * hours, ... the reboot blanks the screens in the stores", "God no. schema:load drops every table. someone did exactly
 * that against staging in March". Users often write these as one lower-case run of clauses, which the sentence rules
 * read as one sentence; this rule reads the message clause by clause. Also the user keeping an action for themselves:
 * "I'll make the github release myself, don't push tags." Runs after the other rules, on messages none of them used.
 */
final class ProhibitionRule implements Rule {
    /** Openers before the clause; "no" only with its comma ("no, never ..."), since "no catch-all" is the ban. */
    private static final Pattern LEAD = Pattern.compile("(?i)^(?:(?:and|but|also|so|yes|yeah|ok|okay|god|oh|wait|stop"
            + "|please|just|plus|then)[,.!:]?\\s+|(?:no|nope)[,.!:]\\s+)+");
    /** A clause that forbids: "no X", "never X", "don't X", "nobody should X", "you don't get to X", "only X ever Y". */
    private static final Pattern FORBIDS = Pattern.compile("(?i)^(?:no (?!(?:idea|worries|problem|need|rush|luck|change"
            + "|difference|way|thanks|longer|more|one|matter|doubt|issue|errors?|warnings?)\\b)[a-z`]\\S*"
            + "|never\\s+(?!mind\\b)\\S+|(?:don't|do not|dont) (?!know|think|worry|see|remember|care|mind|understand|want|need|have|get"
            + "|forget|bother)\\S+)|\\b(?:you don't get to|nobody (?:should|may|gets to)|no one (?:should|may))\\b"
            + "|\\bonly \\S+ ever \\S+|,\\s*never (?!been|had)\\S+");
    /** What happened, or happens, when it is done: the reason a careful reader keeps the prohibition for. */
    private static final Pattern HARM = Pattern.compile("(?i)" + WarningRule.INCIDENT + "|\\bthat's (?:exactly )?how (?:we|it"
            + "|you)\\b|\\b(?:someone|somebody) (?:did|ran|deployed|pushed|merged)\\b|\\bwe lost\\b|\\blast (?:time|month"
            + "|week|year)\\b|\\b(?:drops|wipes|deletes|destroys|overwrites|overwrote|blanks|corrupts|leaks|bricks)\\b"
            + "|\\bhas bitten\\b|\\bbit(?:ten)? us\\b|\\b(?:is|are) (?:committed|public|mirrored)\\b");
    /** Today's step, not a standing rule: "don't push yet", "no deploy today". */
    private static final Pattern MOMENT = Pattern.compile("(?i)\\b(?:yet|now|today|tonight|this time|for now|right now"
            + "|first|until|tomorrow|at the moment|for the moment)\\b");
    private static final Pattern PRONOUN = Pattern.compile("(?i)^(?:it|they|this|that)(?=\\s)");
    /** A name a pronoun can stand for: `compatibility_date`, db:schema:load, build.zig.zon. */
    private static final Pattern NAMED = Pattern.compile("`[^`\\s]{2,40}`|\\b[A-Za-z][\\w-]*[_.:][\\w.:-]*[A-Za-z]\\b");

    /** "I'll make the github release myself", "I'll rekey it myself": an action the user keeps for themselves. */
    private static final Pattern MYSELF = Pattern.compile("(?i)\\bi(?:'ll| will) ([a-z][^,.;!?]{2,60}?) myself\\b");
    private static final Pattern DONT = Pattern.compile("(?i)(?:^|[,;:.]\\s*|\\b(?:and|but|so|just)\\s+)(?:don't|do not"
            + "|you don't get to|never) ([a-z][^,.;!?]{2,80})");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.freshProse("user", claims)) {
            List<Sentence> ss = t.sentencesOf(ordinal);
            String raw = t.message(ordinal).text().strip();
            Candidate c = kept(t, ordinal, raw);
            if (c == null) {
                c = harmed(t, ordinal, raw);
            }
            if (c != null) {
                ss.forEach(claims::claim);
                out.add(c);
            }
        }
        return out;
    }

    /** A prohibition clause and, in the same message, a clause that says what harm it prevents. */
    private static Candidate harmed(Transcript t, int ordinal, String raw) {
        String[] clauses = Phrasing.CLAUSE_END.split(raw);
        for (int i = 0; i < clauses.length; i++) {
            String c = LEAD.matcher(clauses[i].strip()).replaceFirst("");
            Matcher forbids = FORBIDS.matcher(c);
            // "no catch-all first": a ban on a thing has no timing, its "first" is part of the name.
            String timed = c.matches("(?i)no\\s.*") ? c.replaceAll("(?i)\\bfirst\\b", "") : c;
            if (c.endsWith("?") || !forbids.find() || MOMENT.matcher(timed).find() || words(c) < 3) {
                continue;
            }
            String harm = null;
            for (int j = Math.max(0, i - 1); j < Math.min(clauses.length, i + 3) && harm == null; j++) {
                if (HARM.matcher(clauses[j]).find() && !clauses[j].strip().endsWith("?")) {
                    harm = clauses[j].strip();
                }
            }
            if (harm == null) {
                continue;
            }
            String rule = c.replaceAll("[.!;]+$", "");
            Matcher pronoun = PRONOUN.matcher(rule);
            if (pronoun.lookingAt()) {
                // "it gets bumped on its own, ... never as a side effect": the thing is named earlier in the message.
                Matcher named = NAMED.matcher(raw);
                if (!named.find()) {
                    continue;
                }
                rule = named.group().replace("`", "") + rule.substring(pronoun.end());
            }
            String reason = Phrasing.stripLead(LEAD.matcher(harm).replaceFirst("")).replaceAll("[.!;]+$", "");
            String title = harm.equals(clauses[i].strip()) ? Texts.capitalize(rule)
                    : Texts.capitalize(rule) + ": " + Texts.lowerFirst(reason);
            return candidate(t, ordinal, raw, title, rule);
        }
        return null;
    }

    /** "I'll make the github release myself, don't push tags.": what the assistant must leave to the user. */
    private static Candidate kept(Transcript t, int ordinal, String raw) {
        Matcher mine = MYSELF.matcher(raw);
        if (!mine.find()) {
            return null;
        }
        Matcher dont = DONT.matcher(raw);
        if (!dont.find() || MOMENT.matcher(dont.group(1)).find()) {
            return null;
        }
        String action = dont.group(1).strip();
        String title = "Don't " + action + ": the user will " + mine.group(1).strip().replaceAll("(?i)\\bmy\\b", "their")
                + " themselves";
        return candidate(t, ordinal, raw, title, action);
    }

    private static Candidate candidate(Transcript t, int ordinal, String raw, String title, String rule) {
        String body = Texts.boundBody(raw, 600);
        Sentence first = t.sentencesOf(ordinal).getFirst();
        return new Candidate(EntryType.WARNING, Phrasing.scope(t.session(), body), Texts.asTitle(title, Phrasing.TITLE_MAX),
                body, trigger(t, ordinal, rule), 0.65,
                List.of(new Candidate.Span(ordinal, ordinal, null)));
    }

    /** "before you push tags" when the rule leads with its verb; else the topic it is about. */
    private static String trigger(Transcript t, int ordinal, String rule) {
        Matcher verb = Pattern.compile("(?i)^(?:never|don't|do not)\\s+(.+)").matcher(rule);
        if (verb.matches()) {
            return "before you " + Texts.bound(verb.group(1).split(",", 2)[0].strip(), 100);
        }
        String topic = Phrasing.topicTrigger("when working with", t.terms(), rule);
        return topic != null ? topic : Phrasing.topicTrigger("when working with", t, t.sentencesOf(ordinal).getFirst());
    }

    private static int words(String s) {
        return s.strip().split("\\s+").length;
    }
}
