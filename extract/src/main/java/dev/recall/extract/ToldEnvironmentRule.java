package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fact about the environment the user states in passing, usually as the reason for a request: "We need the DLT fix
 * on release/2.4 too, the 2.4.x line is still running on the EU cluster", "use ntp.kestrel.lan, not pool.ntp.org. the
 * field sites only have the LAN, no internet", "@task.bash won't work, composer is on airflow 2.6", "OS_URL and the
 * admin cert are in the env as usual", "staging reads go to a replica with up to 30 s lag". The agent cannot see such
 * things (where a version runs, what a site can reach, where credentials are) and the next session cannot either. A
 * clause of a user sentence whose subject is a thing (not I, you, we, it, this, that) and whose verb places it: "is
 * on", "runs on", "is (still) running on", "only has/have", "is/are in the", "goes/go to"; the clause must name
 * something one could search for (a version, an identifier, an acronym, a path) and must not be a request, a plan, a
 * question, a moment ("currently", "right now", "last night", "today") or the user's uncertainty. Runs last, on user
 * sentences no other rule used, except one a decision or an open question used as its reason or premise
 * ({@link Claims}: the setup fact holds beyond both); at most two a session.
 */
final class ToldEnvironmentRule implements Rule {
    private static final int MAX = 2;
    /** Cheap precondition on the lower-cased sentence. */
    private static final String[] VERBS = {" is on ", " are on ", " runs on ", " run on ", " running on ",
        " only have ", " only has ", " is in the ", " are in the ", " goes to ", " go to "};
    /** The clause: a short subject that is a thing, and a verb that places it. */
    private static final Pattern CLAUSE = Pattern.compile("(?i)^(?:fwiw,? |btw,? |also,? |and |but )?"
            + "((?!(?:i|i'm|you|we|it|it's|this|that|these|those|there|they|he|she|which|what|who|one|nothing"
            + "|everything|everyone|nobody|somebody|someone|something|anything|all of)\\b)"
            + "(?:the |our |all |every )?[\\w./#*@`$-]+(?: (?!is\\b|are\\b|runs?\\b|only\\b|goes\\b|go\\b)[\\w./#*@`$-]+){0,4})"
            + " ((?:is|are) (?:still )?(?:on|running on|in the)|(?:still )?runs? on|only ha(?:s|ve)|go(?:es)? to) (.+)$");
    /** A name one could search for: a version, an identifier with punctuation, an acronym, inline code. */
    private static final Pattern NAMES = Pattern.compile("`|\\d|\\b[A-Z]{2,}\\b|\\b[A-Za-z][\\w-]*[_./@:][\\w./:-]*[A-Za-z0-9]\\b"
            + "|\\$[A-Z_]+|\\b[a-z]+[A-Z]\\w*");
    /** A request, a plan, an uncertainty or a moment: not how things are. */
    private static final Pattern NOT_A_FACT = Pattern.compile("(?i)\\b(?:should|must|need|needs|want|wants|please|let's"
            + "|could|would|can|will|won't|maybe|probably|might|not sure|don't know|currently|right now|at the moment"
            + "|today|tonight|tomorrow|yesterday|last night|this morning|next week|this week|for now|on purpose|ago|anymore|any more"
            + "|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b|\\?");
    /** The work of the moment ("the fix is in the PR", "the logs are in the artifacts"): not how things are set up. */
    private static final Pattern WORK_ITEM = Pattern.compile("fix(?:es)?|changes?|patch(?:es)?|commits?|prs?|diffs?"
            + "|errors?|logs?|output|results?|issues?|bugs?|tickets?|branch(?:es)?|tests?|builds?|runs?|jobs?|deploys?");
    /** Where a clause ends: a comma, a semicolon, "so", "and that", "which". */
    private static final Pattern CLAUSE_END = Pattern.compile(",|;|:\\s|\\.\\s|\\s+(?:so|and that|which|because|since)\\s+");
    /** Where a clause may start inside a sentence: after a comma, a colon or a conjunction. */
    private static final Pattern CLAUSE_START = Pattern.compile("(?:^|[,;:.]\\s+|\\b(?:and|but|since|because|as)\\s+)");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (Sentence s : t.sentences()) {
            if (out.size() == MAX) {
                break;
            }
            if (!s.fromUser() || claims.taken(s) || s.isQuestion()) {
                continue;
            }
            if (!Texts.containsAny(s.text(), VERBS)) { // the cue words are written in lower case
                continue;
            }
            String clause = clause(s.text());
            if (clause == null) {
                continue;
            }
            claims.claim(s);
            String title = Texts.asTitle(Texts.capitalize(clause), Phrasing.TITLE_MAX);
            // The body keeps the whole message: the request the clause is the reason for, and what follows it.
            String body = Texts.boundBody(t.message(s.ordinal()).text(), 600);
            out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), s.text()), title, body,
                    Phrasing.topicTrigger("when working with", t, s), 0.5, List.of(Phrasing.span(s))));
        }
        return out;
    }

    /** The placing clause of a sentence, or null. */
    static String clause(String sentence) {
        Matcher starts = CLAUSE_START.matcher(sentence);
        while (starts.find()) {
            String rest = sentence.substring(starts.end());
            Matcher end = CLAUSE_END.matcher(rest);
            String c = (end.find() ? rest.substring(0, end.start()) : rest).strip().replaceAll("[.!]+$", "");
            Matcher m = CLAUSE.matcher(c);
            if (!m.matches()) {
                continue;
            }
            String[] subject = m.group(1).toLowerCase(java.util.Locale.ROOT).split("\\s+");
            if (WORK_ITEM.matcher(subject[subject.length - 1]).matches()) {
                continue;
            }
            int words = c.split("\\s+").length;
            if (words < 5 || words > 20 || NOT_A_FACT.matcher(c).find() || !NAMES.matcher(c).find()) {
                continue;
            }
            return c.replaceFirst("(?i)^(?:fwiw,? |btw,? |also,? |and |but )", "");
        }
        return null;
    }
}
