package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Facts about what the environment a session runs in cannot do: "The Codex sandbox has no outbound network, so
 * Playwright cannot download its browser build", "each of my shell invocations starts with a fresh environment".
 * The next session in the same place meets the same wall, so the limit is worth knowing before the command fails.
 * Runs last, on sentences no other rule used, except a failure's cause a debugging entry quotes (rules version 14):
 * the debugging entry says what to do about that failure, the limit holds for every command that needs the same.
 */
final class LimitRule implements Rule {
    /** Where the limit holds: the agent's sandbox or shell, this box or machine (not a bare "here"). */
    private static final Pattern PLACE = Pattern.compile("(?i)\\bsandbox\\b|\\b(?:this|the|my|your) (?:dev )?(?:box"
            + "|machine|environment|container|vm|host|runner|workspace)\\b|\\b(?:shell|bash) (?:invocations?|calls?"
            + "|sessions?)\\b|\\bfresh (?:shell|environment)\\b");
    /** What cannot be had or done there. */
    private static final Pattern LIMIT = Pattern.compile("(?i)\\b(?:has no|have no|there's no|there is no"
            + "|no (?:outbound |external )?(?:network|internet|access|docker|gpu|display)"
            + "|(?:isn't|is not|aren't|are not) (?:available|installed|reachable|allowed|permitted)"
            + "|(?:is|are) (?:unreachable|unavailable|read-only|offline|blocked)|can't|cannot|can not"
            + "|(?:don't|doesn't|do not|does not) (?:have|carry over|persist|survive|allow|reach)"
            + "|without (?:network|internet)|starts? with a fresh)\\b");
    /** A sentence about the code ("the cache can't be empty on this machine") names no resource of the place. */
    private static final Pattern RESOURCE = Pattern.compile("(?i)\\b(?:network|internet|docker|daemon|gpu|access"
            + "|install|download|fetch|push|publish|tag|sign|credentials|key|socket|registry|browsers?|display|sudo"
            + "|root|permission|environment|variables?|exports?|podman|kubectl|cluster|connect|reach|resolve)\\w*");
    /** Plans, requests and the agent telling the user what it cannot do for them now ("I can't close the PR"). */
    private static final Pattern PLANNING = Pattern.compile("(?i)^(?:i'll|i will|let me|let's|could you|can you"
            + "|please|should|if|i can't|i cannot|i couldn't)\\b");
    /** A clause boundary inside a sentence: the limit's own clause is the title. */
    private static final Pattern CLAUSE = Pattern.compile(";\\s+|:\\s+|,\\s+(?:and|but|while)\\s+");
    private static final int MAX = 2;

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        return t.fromStatements(claims, MAX, true, s -> {
            String text = s.text();
            if (!PLACE.matcher(text).find() || !LIMIT.matcher(text).find() || !RESOURCE.matcher(text).find()
                    || PLANNING.matcher(Phrasing.stripLead(text)).find()) {
                return null;
            }
            String clause = clause(text);
            if (clause == null) {
                return null;
            }
            List<Sentence> own = t.sentencesOf(s.ordinal());
            StringBuilder body = new StringBuilder(text);
            int i = own.indexOf(s);
            // What to do instead usually follows ("I'll run the unit tests with `-short` and leave integration to CI").
            if (i + 1 < own.size() && !own.get(i + 1).isQuestion() && own.get(i + 1).text().split("\\s+").length >= 6) {
                body.append(' ').append(own.get(i + 1).text());
            }
            boolean afterTool = "tool".equals(t.role(s.ordinal() - 1));
            String trigger = afterTool ? Phrasing.situation(t, s.ordinal() - 1) : null;
            List<Candidate.Span> spans = List.of(afterTool ? new Candidate.Span(s.ordinal() - 1, s.ordinal(), text)
                    : Phrasing.span(s));
            return new Candidate(EntryType.FACT, Phrasing.scope(t.session(), text), Texts.asTitle(clause,
                    Phrasing.TITLE_MAX), body.toString(), trigger != null ? trigger
                    : "when a command needs what this environment lacks", 0.55, spans);
        });
    }

    /** The clause that states the limit, up to the next clause boundary (a consequence after "so" stays). */
    private static String clause(String sentence) {
        List<Integer> cuts = new ArrayList<>(List.of(0));
        List<Integer> ends = new ArrayList<>();
        Matcher m = CLAUSE.matcher(sentence);
        while (m.find()) {
            ends.add(m.start());
            cuts.add(m.end());
        }
        ends.add(sentence.length());
        for (int c = 0; c < cuts.size(); c++) {
            String part = sentence.substring(cuts.get(c), ends.get(c)).strip();
            if (PLACE.matcher(part).find() && LIMIT.matcher(part).find() && part.split("\\s+").length >= 4) {
                return Texts.capitalize(part.replaceAll("[.!]+$", ""));
            }
        }
        return null;
    }
}
