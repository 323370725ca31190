package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A warning said as a consequence, not as a prohibition: what running a command does to data that can't be had
 * back. "Tear down with `make db-down`; note it runs `down -v`, which drops the volume", "`make db-clean` calls
 * `flyway clean` with the datasource from .env.staging. Running it would wipe the staging database", "a plain CREATE
 * INDEX takes a lock that blocks writes on postings". Nobody says "never", yet the next session must know it before
 * running the thing. The effect must fall on something that holds data (a database, a volume, a table, the rows, the
 * writes, a day of data) and the sentence must name what does it (a command in backticks, "running", "restoring", "a
 * plain X"). Not the agent's own plan ("I'll drop the column"), not a dry run's count ("a dry run would delete 1,382
 * files"), not an aside in parentheses of a status line ("rebuilt (deleting .wrangler/state wipes the local D1)"), and
 * not on a message another warning already stands on. Runs after the other rules, on sentences none of them used.
 */
final class DestructiveEffectRule implements Rule.Contextual {
    /** The cheap precondition. */
    private static final String[] CUES = {"wipe", "drop", "delete", "destroy", "erase", "throws", "blocks writes"};
    /** The effect, as what the thing does or would do (not what someone did). */
    private static final Pattern EFFECT = Pattern.compile("(?i)\\b(?:(?:would|will|it'?d|it'?ll)\\s+(?:also\\s+)?"
            + "(?:wipe|drop|delete|destroy|erase)|would have (?:dropped|wiped|deleted|destroyed)|wipes|drops|deletes"
            + "|destroys|erases)\\s+(?:out\\s+)?((?:\\S+\\s+){0,3}?(?:database|databases|db|volume|volumes|table"
            + "|tables|data|bucket|partition|partitions|rows|schema|flash|history|records|the \\d+(?:st|nd|rd|th)))\\b"
            + "|\\bthrows (?:that|it|them|everything) away\\b|\\bblocks writes\\b");
    /** What does it: a command in backticks, a run or restore, "a plain index build on postings" (a statement named in capitals). */
    private static final Pattern AGENT = Pattern.compile("`[^`]+`|(?i)\\b(?:running|restoring|restore|a plain)\\b");
    /** The speaker's own plan or deed: "I'll drop the column", "we dropped the table". */
    private static final Pattern OWN = Pattern.compile("(?i)\\b(?:i|we|i'll|we'll|i'd|we'd|let me|let's|you)\\s+(?:\\S+\\s+)?$");
    private static final Pattern CODE = Pattern.compile("`([^`]{2,60})`");
    private static final Pattern SQL = Pattern.compile("\\b[A-Z]{3,}(?: [A-Z]{3,}){1,2}\\b");
    private static final Pattern DRY = Pattern.compile("(?i)\\bdry[- ]run\\b");
    /** A short label before the point: "For the index: ", "Before I run it: ". */
    private static final Pattern LABEL = Pattern.compile("^[^:`]{2,24}:\\s+(?=\\S)");
    /** A sentence that leans on the one before it for its subject. */
    private static final Pattern LEANS = Pattern.compile("(?i)^(?:running|restoring|doing|using) (?:it|that|this)\\b|^(?:it|that|this) ");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        int last = -10;
        for (int ordinal : t.proseOrdinals()) {
            if (ordinal - last < 4 || !cued(t.message(ordinal).text()) || warned(earlier, ordinal)) {
                continue;
            }
            List<Sentence> said = t.sentencesOf(ordinal);
            for (int i = 0; i < said.size(); i++) {
                Sentence s = said.get(i);
                String text = s.text().strip();
                Matcher m = EFFECT.matcher(text);
                if (claims.taken(s) || s.isQuestion() || !m.find() || DRY.matcher(text).find()
                        || OWN.matcher(text.substring(0, m.start())).find() || inParentheses(text, m.start())) {
                    continue;
                }
                Sentence before = i > 0 ? said.get(i - 1) : null;
                boolean leans = LEANS.matcher(text).find();
                if (!AGENT.matcher(text).find() && !(leans && before != null && AGENT.matcher(before.text()).find())) {
                    continue;
                }
                // A lower-case message the splitter left whole: keep the piece that says it, and a short order after it.
                String[] pieces = text.split("(?<=[.?!])\\s+");
                String title = text;
                if (pieces.length > 1) {
                    int at = 0;
                    for (int p = 0; p < pieces.length; p++) {
                        if (at <= m.start() && m.start() < at + pieces[p].length()) {
                            title = pieces[p].replaceAll("[.!]+$", "");
                            if (p + 1 < pieces.length && !pieces[p + 1].contains("?")
                                    && pieces[p + 1].split("\\s+").length <= 8) {
                                title = title + "; " + pieces[p + 1];
                            }
                            break;
                        }
                        at += pieces[p].length() + 1;
                    }
                }
                title = title.replaceAll("[.!]+$", "");
                List<Sentence> used = new ArrayList<>();
                StringBuilder body = new StringBuilder();
                if (leans && before != null) {
                    title = LABEL.matcher(before.text().strip().replaceAll("[.!:]+$", "")).replaceFirst("") + ": "
                            + Texts.lowerFirst(title);
                    body.append(before.text().strip()).append(' ');
                    if (!claims.taken(before)) {
                        used.add(before);
                    }
                }
                title = LABEL.matcher(title).replaceFirst("");
                used.add(s);
                body.append(text);
                // The sentence after it often says what to do instead: "I'll build the index concurrently in its own
                // migration", "check before you restore anything".
                if (i + 1 < said.size() && !claims.taken(said.get(i + 1))) {
                    body.append(' ').append(said.get(i + 1).text().strip());
                }
                used.forEach(claims::claim);
                out.add(new Candidate(EntryType.WARNING, Phrasing.scope(t.session(), body.toString()),
                        Texts.asTitle(Texts.capitalize(title), Phrasing.TITLE_MAX), Texts.boundBody(body.toString(), 800),
                        trigger(t, s, title), 0.55,
                        used.stream().map(Phrasing::span).toList()));
                last = ordinal;
                break;
            }
        }
        return out;
    }

    /**
     * "before running `make db-down`", "before running REINDEX": the first command the warning names; else what
     * the sentence is about.
     */
    private static String trigger(Transcript t, Sentence s, String said) {
        Matcher code = CODE.matcher(said);
        if (code.find()) {
            return "before running `" + code.group(1) + "`";
        }
        Matcher sql = SQL.matcher(said);
        return sql.find() ? "before running " + sql.group() : Phrasing.topicTrigger("when working with", t, s);
    }

    private static boolean cued(String text) {
        // Lower-case cues on the text as written: the effect is said mid-sentence ("which drops the volume").
        return Texts.containsAny(text, CUES);
    }

    /** Whether a warning proposed before already stands on the message. */
    private static boolean warned(List<Candidate> earlier, int ordinal) {
        for (Candidate c : earlier) {
            if (c.type() == EntryType.WARNING) {
                for (Candidate.Span a : c.anchors()) {
                    if (a.start() <= ordinal && ordinal <= a.end()) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean inParentheses(String text, int at) {
        return text.lastIndexOf('(', at) > text.lastIndexOf(')', at);
    }
}
