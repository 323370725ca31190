package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A standing way of working the user states in passing, inside a message about something else: "good. put it on
 * staging ... and always what-if first and show me the diff before you create anything", "ok, make that a rule for this
 * codebase: travel_to only in the block form", "yes. and in general: getByRole / getByLabel only in our e2e tests",
 * "Don't forget the changelog: every user-visible change goes in CHANGELOG.md under Unreleased", "tell me before you run
 * anything with sudo on juniper". Such messages are often one lower-case run of clauses, which the sentence rules read
 * as one sentence led by today's request; this rule reads them clause by clause. Runs after the other rules, on
 * messages none of them used.
 */
final class StandingClauseRule implements Rule {
    /** Clause ends: sentence ends in any case, a dash aside, ", but" and ", and" before a new instruction. */
    private static final Pattern CLAUSE_END = Pattern.compile("(?<=[.!;?])\\s+|\\n+|\\s+[-\u2013\u2014]\\s+"
            + "|,\\s+(?=(?:but|and) (?:tell|ask|always|i'd)\\b)");
    /** A clause that states how things are done from now on. */
    private static final Pattern STANDING = Pattern.compile("(?i)^(?:(?:and|also|but|so|ok(?:ay)?|yes|oh)[,.]?\\s+)*"
            + "(?:(?:in general|as a rule|going forward|from now on|house style|make (?:that|this|it) a rule"
            + "(?: for [\\w ]{2,30})?)\\s*[:,]\\s*(\\S.{8,})"
            + "|(always (?!been\\b|was\\b|is\\b|has\\b)[a-z`][^,;]{6,})"
            + "|((?:i'd|i would) rather (?:we |you )?(?!not\\b)\\S.{8,})"
            + "|((?:tell|ask|check with) me (?:first )?before (?:you |we )?\\S.{6,})"
            + "|((?:every|each|all|any) [\\w-]+(?: [\\w-]+){0,3} (?:goes|go|get|gets|belongs?) (?:in|into|through|under|to"
            + "|on)\\b.{4,}))");
    /** Today's step rather than a habit. */
    private static final Pattern MOMENT = Pattern.compile("(?i)\\b(?:this time|for now|today|tonight|right now|yet"
            + "|for the moment|temporarily|just this once)\\b");
    /** A description of what keeps happening, not a way of working: "it always fails on CI". */
    private static final Pattern HAPPENS = Pattern.compile("(?i)\\b(?:fail(?:s|ed)?|crash(?:es|ed)?|breaks?|broke"
            + "|happens?|times? out|hangs?|flaky|errors?)\\b");
    private static final Pattern WHY = Pattern.compile("(?i)^(?:because|since|so|otherwise|they're|that's|it's|the)\\b"
            + "|\\b(?:because|since|so that|otherwise|would|made|makes)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.freshProse("user", claims)) {
            List<Sentence> ss = t.sentencesOf(ordinal);
            String raw = t.message(ordinal).text().strip();
            String[] clauses = CLAUSE_END.split(raw);
            for (int i = 0; i < clauses.length; i++) {
                // The cue may be the label ("in general: ..."), or stand after a label ("Don't forget the changelog: every ...").
                String c = Phrasing.stripOpeners(clauses[i].strip());
                Matcher m = STANDING.matcher(c);
                if (!m.lookingAt()) {
                    c = Phrasing.stripLead(clauses[i].strip());
                    m = STANDING.matcher(c);
                }
                if (!m.lookingAt() || c.endsWith("?") || MOMENT.matcher(c).find() || HAPPENS.matcher(c).find()
                        && !c.matches("(?is).*\\b(?:always|rather)\\b.*(?:use|run|keep|fix|write|put|go)\\b.*")) {
                    continue;
                }
                String rule = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3) != null
                        ? m.group(3) : m.group(4) != null ? m.group(4) : m.group(5);
                rule = rule.strip().replaceAll("[.!;]+$", "");
                // A rule label ("make that a rule for this codebase:") or a lead-in names nothing: the rule is what follows.
                StringBuilder title = new StringBuilder(Texts.capitalize(rule));
                if (i + 1 < clauses.length && WHY.matcher(clauses[i + 1].strip()).find()
                        && !clauses[i + 1].strip().endsWith("?") && words(clauses[i + 1]) >= 4) {
                    title.append(": ").append(Texts.lowerFirst(clauses[i + 1].strip().replaceAll("[.!;]+$", "")));
                }
                String body = Texts.boundBody(raw, 600);
                ss.forEach(claims::claim);
                Sentence at = ss.getFirst();
                out.add(new Candidate(EntryType.PREFERENCE, Phrasing.preferenceScope(t.session(), body),
                        Texts.asTitle(title.toString(), Phrasing.TITLE_MAX), body,
                        Phrasing.topicTrigger("when working with", t.terms(), rule) != null
                                ? Phrasing.topicTrigger("when working with", t.terms(), rule)
                                : Phrasing.topicTrigger("when working with", t, at),
                        0.65, List.of(new Candidate.Span(ordinal, ordinal, null))));
                break;
            }
        }
        return out;
    }

    private static int words(String s) {
        return s.strip().split("\\s+").length;
    }
}
