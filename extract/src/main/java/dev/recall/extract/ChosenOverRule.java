package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user states how something is done and, in the same breath, the way it is not done, with why: "send the 'you got a
 * spot' email from a task, not inline: the SMTP relay is slow ...", "keyless, not a key pair, I don't want another key to
 * rotate and lose", "lock scenes only, not prefabs. prefabs merge fine with the yaml tool". A choice made in the course
 * of the work, not a pick among options laid out before (that is {@link OptionPickRule}). Not for a place ("lives in the
 * infra repo, not here"), today's step ("run it on staging, not prod"), or a comparison ("not that bad").
 */
final class ChosenOverRule implements Rule {
    /** "X, not Y" with what may follow Y: ": why" or ", why". */
    private static final Pattern NOT = Pattern.compile("(?i)^(.{3,100}?),?\\s+not\\s+(?!(?:yet|now|today|sure|really|quite"
            + "|just|much|only|needed|necessary|that|this|worth|so|too|very|always|even|bad|great|ideal|here|there|me|you"
            + "|us|mine|ours|all|every|everything|anymore|any more|again|at all|a problem|an issue|a big deal|for|to|in the"
            + " mood)\\b)((?:(?:a|an|the|in|by|from|on|with|via|as|at|through)\\s+)?[\\w`'./@:+-]+(?:\\s+[\\w`'./@:+-]+){0,4}?)"
            + "(?:\\s*[:,]\\s*(.+))?$");
    /** A head that states what is, not what is chosen: "the terraform lives in the infra repo". */
    private static final Pattern STATES = Pattern.compile("(?i)\\b(?:is|are|was|were|lives|live|sits|runs|looks|seems"
            + "|sounds|feels|means|happens|works|worked|fails|failed|broke|has|have|had|did|does|there's|it's|that's"
            + "|won't|will|would|can't|cannot|could|should|might|may|must)\\b");
    /** "not checked in", "not tested": a state, not an alternative. */
    private static final Pattern PARTICIPLE = Pattern.compile("(?i)^\\w+(?:ed|en|ing)\\b");
    /** Work for today: "run it on staging, not prod". */
    private static final Pattern TASK = Pattern.compile("(?i)^(?:just |please )?(?:run|rerun|re-run|retry|check|look|try"
            + "|restart|reboot|wait|test|show|tell|give|open|read|commit|push|merge|deploy|revert|undo|stop|start|kill|ping"
            + "|ask|fix|debug|investigate|answer|reply|send me|print|paste)\\b");
    private static final Pattern CHATTER = Pattern.compile("(?i),?\\s*(?:while we're at it|while you're at it|too|as well)$");
    private static final Pattern INCIDENT = Pattern.compile("(?i)" + WarningRule.INCIDENT);
    private static final Pattern PRONOUN_LED = Pattern.compile("(?i)^(?:it|that|this|they|those|these|which)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.freshProse("user", claims)) {
            String raw = t.message(ordinal).text().strip();
            List<String> clauses = ChoiceClauses.of(raw);
            for (int k = 0; k < clauses.size(); k++) {
                String c = clauses.get(k);
                Candidate other = k + 1 < clauses.size() ? overAlternative(t, ordinal, raw, c, clauses.get(k + 1)) : null;
                if (other != null) {
                    t.sentencesOf(ordinal).forEach(claims::claim);
                    out.add(other);
                    break;
                }
                Matcher m = NOT.matcher(c);
                if (c.endsWith("?") || !m.matches() || ChoiceClauses.MOMENT.matcher(c).find()) {
                    continue;
                }
                String head = m.group(1).strip();
                if (PARTICIPLE.matcher(m.group(2)).find()) {
                    continue;
                }
                if (STATES.matcher(head).find() || TASK.matcher(head).find() || PRONOUN_LED.matcher(head).find()
                        || head.contains("?")) {
                    continue;
                }
                // "keyless, not a key pair": a head of one or two words is a manner of the order said just before.
                if (ChoiceClauses.words(head) <= 2) {
                    if (k == 0 || !PreferenceRule.instruction(clauses.get(k - 1)) || TASK.matcher(clauses.get(k - 1)).find()) {
                        continue;
                    }
                    head = CHATTER.matcher(clauses.get(k - 1)).replaceFirst("") + ", " + head;
                } else if (!PreferenceRule.instruction(head) && ChoiceClauses.words(head) > 5) {
                    continue;
                }
                String why = reason(m.group(3), k + 1 < clauses.size() ? clauses.get(k + 1) : null);
                if (why == null) {
                    continue;
                }
                t.sentencesOf(ordinal).forEach(claims::claim);
                String title = ChoiceClauses.title(head + ", not " + m.group(2).strip(), why);
                // "not with the analyze fix button: last time that button broke ...": the way not taken did harm, so
                // the entry is the warning against it.
                EntryType type = INCIDENT.matcher(why).find() ? EntryType.WARNING : EntryType.DECISION;
                List<Candidate.Span> spans = new ArrayList<>(List.of(new Candidate.Span(ordinal, ordinal, null)));
                StringBuilder body = new StringBuilder(raw);
                Integer next = t.nextProse(ordinal);
                if (next != null && next - ordinal <= 3 && "assistant".equals(t.role(next))) {
                    body.append("\nCarried out: ").append(t.sentencesOf(next).getFirst().text());
                    spans.add(new Candidate.Span(next, next, null));
                }
                out.add(new Candidate(type, Phrasing.scope(t.session(), raw), title, Texts.boundBody(body.toString(), 800), Phrasing.topicTrigger("when deciding"
                        + " about", t, t.sentencesOf(ordinal).getFirst()), 0.6, spans));
                break;
            }
        }
        return out;
    }

    /** "Don't add /etc to a search path, I don't want ...": the way not taken, said as an order after the way taken. */
    private static final Pattern DONT = Pattern.compile("(?i)^(?:but )?(?:don't|do not) ([a-z]+)\\s+([^,:;]{3,80}?)\\s*[,:]\\s*"
            + "((?:i|we) don't want\\b.+|because\\b.+|since\\b.+|otherwise\\b.+)$");
    /** "staying on firebase 2 means no more crashlytics fixes": the way not taken, with what it would cost. */
    private static final Pattern COSTS = Pattern.compile("(?i)^((?:staying|keeping|sticking|waiting|going back) (?:on|with|to"
            + "|for) [^,]{2,50}?) (?:means|would mean)\\b.{8,}$");
    /** "The packaged unit should just set X": the way, said as what a thing should do. */
    private static final Pattern SHOULD = Pattern.compile("(?i)^(?:the |our |this )?[\\w`'./ -]{2,40}? should (?:just |only )?"
            + "[a-z]+\\b.{3,}");

    /** The way taken followed by the way not taken and why; carried out by an edit or said as an order. */
    private static Candidate overAlternative(Transcript t, int ordinal, String raw, String way, String next) {
        if (way.endsWith("?") || ChoiceClauses.MOMENT.matcher(way).find() || TASK.matcher(way).find()
                || PRONOUN_LED.matcher(way).find() || !PreferenceRule.instruction(way) && !SHOULD.matcher(way).matches()) {
            return null;
        }
        Matcher dont = DONT.matcher(next);
        String title;
        if (dont.matches() && !TASK.matcher(dont.group(1)).find() && ChoiceClauses.editFollows(t, ordinal, 3)) {
            title = ChoiceClauses.title(way + " instead of " + Texts.gerund(dont.group(1).toLowerCase(
                    java.util.Locale.ROOT)) + " " + dont.group(2).strip(), dont.group(3));
        } else if (COSTS.matcher(next).matches() && ChoiceClauses.words(way) >= 2) {
            title = ChoiceClauses.title(way, next);
        } else {
            return null;
        }
        return new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), raw), title, Texts.boundBody(raw, 800), Phrasing.topicTrigger("when deciding about", t,
                t.sentencesOf(ordinal).getFirst()), 0.6, List.of(new Candidate.Span(ordinal, ordinal, null)));
    }

    /** Why: what follows Y in the clause, else the next clause when it states something (not an order, not a question). */
    private static String reason(String tail, String next) {
        if (tail != null && ChoiceClauses.words(tail) >= 3 && !tail.endsWith("?")) {
            return tail.strip();
        }
        if (next != null && ChoiceClauses.words(next) >= 4 && !next.endsWith("?") && !PreferenceRule.instruction(next)
                && !ChoiceClauses.MOMENT.matcher(next).find() && !PRONOUN_LED.matcher(next).find()) {
            return next.strip();
        }
        return null;
    }
}
