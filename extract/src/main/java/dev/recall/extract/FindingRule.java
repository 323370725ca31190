package dev.recall.extract;

import dev.recall.store.EntryType;
import dev.recall.store.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Facts the assistant reads off the project: right after a tool showed a file, a config or a listing, the assistant
 * says what it shows ("CI runs `pnpm install --frozen-lockfile`, `pnpm -r typecheck`, then the e2e suite", "The tests
 * read `LEDGERD_TEST_DSN` and default to Postgres on localhost:55432"). Such a statement is grounded in what was read,
 * so it stands as a fact even when the session's salience ranking (FactRule) passes it over. Only statements that
 * name something the tool output shows verbatim are taken. Runs after the other rules, on sentences none of them used.
 */
final class FindingRule implements Rule {
    /** What one can find verbatim in an output: inline code, a path, a dotted or snake/kebab identifier, a number. */
    private static final Pattern NAMED = Pattern.compile("`([^`]{2,80})`|\\b([\\w.-]+/[\\w./-]+)\\b"
            + "|\\b([A-Za-z][\\w-]*[._][\\w.-]*\\w)\\b|\\b(\\d{2,}(?:\\.\\d+)*)\\b");
    /** A search's hits ("Found two more uses: ..."), a count or a location: where things are today, not knowledge. */
    private static final Pattern FOUND = Pattern.compile("(?i)^(?:found|there are|there's|i see|i found|got)\\b"
            + "|\\bline \\d+\\b|\\b(?:uses|hits|matches|occurrences|results)\\b");
    private static final int MAX = 2;

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (ToolRun r : t.runs()) {
            if (out.size() == MAX) {
                break;
            }
            Message tool = t.message(r.ordinal());
            Integer next = t.nextProse(r.ordinal());
            if (tool == null || r.failed() || next == null || next - r.ordinal() > 2
                    || !"assistant".equals(t.role(next))) {
                continue;
            }
            String output = tool.text().toLowerCase(Locale.ROOT);
            // The first statement of the reply that names what the output shows.
            Sentence finding = claims.firstFree(t.sentencesOf(next), s -> FactRule.statesAFact(t, s)
                    && namesFrom(s.text(), output) >= 1 && !FOUND.matcher(s.text()).find());
            if (finding == null) {
                continue;
            }
            claims.claim(finding);
            String trigger = Phrasing.situation(t, r.ordinal());
            out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), finding.text()),
                    Texts.asTitle(Phrasing.stripLead(finding.text()), Phrasing.TITLE_MAX), finding.text(),
                    trigger != null ? trigger : Phrasing.topicTrigger("when working with", t, finding), 0.5,
                    List.of(new Candidate.Span(r.ordinal(), finding.ordinal(), finding.text()))));
        }
        return out;
    }

    /** How many of the things the sentence names appear verbatim in the output. */
    private static int namesFrom(String sentence, String output) {
        int n = 0;
        Matcher m = NAMED.matcher(sentence);
        while (m.find()) {
            for (int g = 1; g <= 4; g++) {
                if (m.group(g) != null && output.contains(m.group(g).toLowerCase(Locale.ROOT).strip())) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }
}
