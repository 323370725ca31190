package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A symptom narrowed by counting: the user reports something wrong or asks to verify it ("Surge anomaly alerts fired
 * for six UK stations between 01:00 and 02:00", "verify nothing got duplicated; we ran parts of August twice", "the
 * reflection warnings at startup are getting noisy"), the agent runs one query that counts (a SQL count or GROUP BY,
 * `grep -c`, `wc -l`, `uniq -c`), and its very next message reads a number of that output ("Hour 01 has 20 readings
 * instead of 10.", "41,760 duplicate readings."). The count is how the cause was told apart, and the query is what a
 * later session runs when the symptom comes back, so the entry is titled by the symptom and the program, with the
 * command and the reading in the body. Keyed on the order of events and on the number the reading takes from the
 * output, not on a project's words. Not for a query that writes (INSERT, CREATE, a file fed to the client), a failed
 * run, a reading that quotes no number of the output, a count no report or request came before, or messages an
 * earlier debugging method stands on. Runs last; at most two a session.
 */
final class CountedLookRule implements Rule.Contextual {
    private static final int MAX = 2;
    private static final Pattern COUNTS = Pattern.compile("(?i)\\bcount\\s*\\(|\\bcount\\(\\)|\\bwc -l\\b|\\bgrep -\\w*c\\w*\\b"
            + "|\\buniq -c\\b|\\bgroup by\\b");
    private static final Pattern WRITES = Pattern.compile("(?i)\\b(?:insert|create|delete|update|drop|alter|truncate"
            + "|copy)\\s|--multiquery|\\s<\\s");
    /** What the user reports or asks to be checked. */
    private static final Pattern REPORT = Pattern.compile("(?i)(?<![/\\w-])(?:missing|wrong|broken|slow|fails?|failing"
            + "|failed|stuck|growing|grew|duplicat\\w*|twice|fired|alerts?|hangs?|hanging|noisy|full|spik\\w*|doubled"
            + "|dropped|stopped|lost|too many|verify|make sure|why)(?![/\\w-])");
    /** A short opener the sentence splitter left on: "nice. ", "ok. ", "while you're in there, ". */
    private static final Pattern OPENER = Pattern.compile("(?i)^(?:(?:\\w+[.!]\\s+){1,2})?(?:while (?:you're|you are) "
            + "(?:in there|at it|there),\\s+)?");
    private static final Pattern NUMBER = Pattern.compile("\\d[\\d,]*");
    private static final Pattern DIGITS = Pattern.compile("\\d+");
    /** Where the symptom clause ends: a question tacked on ("..., can we get rid of them?"). */
    private static final Pattern ASK = Pattern.compile("(?i),\\s+(?:can|could|would|will) (?:you|we)\\b.*$");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        for (ToolRun run : t.runs()) {
            if (out.size() == MAX) {
                break;
            }
            int o = run.ordinal();
            if (!run.succeeded() || !"assistant".equals(t.role(o + 1)) || !cheapCount(run.command())
                    || !COUNTS.matcher(run.command()).find() || WRITES.matcher(run.command()).find()) {
                continue;
            }
            List<Sentence> reading = t.sentencesOf(o + 1);
            if (reading.isEmpty() || !readsOutput(reading.getFirst().text(),
                    t.message(o).text())) {
                continue;
            }
            Sentence symptom = symptom(t, o, claims);
            if (symptom == null || Candidate.anyOn(earlier, EntryType.DEBUGGING_METHOD, o, o + 1)
                    || Candidate.anyOn(earlier, EntryType.DEBUGGING_METHOD, symptom.ordinal(), symptom.ordinal())
                    || Candidate.anyOn(out, EntryType.DEBUGGING_METHOD, o, o + 1)) {
                continue;
            }
            List<Sentence> found = reading.subList(0, Math.min(2, reading.size()));
            claims.claim(symptom);
            found.stream().filter(s -> !claims.taken(s)).forEach(claims::claim);
            String program = DebuggingRule.mainKey(run).replaceAll("\\s+\\S*[<>&|]\\S*", "");
            String clause = ASK.matcher(Phrasing.stripLead(OPENER.matcher(symptom.text()).replaceFirst("")))
                    .replaceFirst("").replaceAll("[.!?]+$", "");
            StringBuilder body = new StringBuilder("Symptom: ").append(symptom.text())
                    .append("\nLooked with: `").append(Texts.bound(run.command(), 400)).append('`')
                    .append("\nFound: ");
            found.forEach(s -> body.append(s.text()).append(' '));
            out.add(new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body.toString()),
                    Texts.asTitle(Texts.bound(clause, Phrasing.TITLE_MAX - 24) + ": count with `" + program + "`",
                            Phrasing.TITLE_MAX),
                    body.toString().strip(), "when " + Texts.bound(Texts.lowerFirst(clause), 120), 0.5,
                    List.of(Phrasing.span(symptom), Candidate.Span.of(o, null), Phrasing.span(reading.getFirst()))));
        }
        return out;
    }

    /** A cheap look for a counting word before the expressions run. */
    private static boolean cheapCount(String command) {
        String c = command.toLowerCase(Locale.ROOT);
        return c.contains("count") || c.contains("wc -l") || c.contains("grep -") || c.contains("uniq -c")
                || c.contains("group by");
    }

    /** Whether the sentence quotes a number of the output ("41,760 duplicate readings" for 41760). */
    private static boolean readsOutput(String sentence, String output) {
        Set<String> shown = new HashSet<>();
        Matcher d = DIGITS.matcher(output.replace(",", ""));
        while (d.find()) {
            shown.add(d.group());
        }
        Matcher n = NUMBER.matcher(sentence);
        while (n.find()) {
            if (shown.contains(n.group().replace(",", "").replaceAll(",$", ""))) {
                return true;
            }
        }
        return false;
    }

    /** The user's report just before the run: the nearest user message within four, nothing but runs and prose between. */
    private static Sentence symptom(Transcript t, int run, Claims claims) {
        for (int o = run - 1; o >= 0 && run - o <= 4; o--) {
            if ("user".equals(t.role(o))) {
                for (Sentence s : t.sentencesOf(o)) {
                    if (!claims.taken(s) && REPORT.matcher(s.text().toLowerCase(Locale.ROOT)).find()
                            && s.text().split("\\s+").length >= 5) {
                        return s;
                    }
                }
                return null;
            }
        }
        return null;
    }
}
