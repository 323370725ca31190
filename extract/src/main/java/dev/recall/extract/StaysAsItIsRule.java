package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user keeps something as it is against a change someone proposed, and says why: "no. go.mod stays at 1.22, the
 * debian package builds with bookworm-backports' go which is 1.22", "I'm against it. merge on BigQuery scans the whole
 * destination table on every run ... we stay on insert_overwrite", "we won't, not before the end of 2026: the biggest
 * downstream user is stuck on 3.9 ... so abi3-py39 stays"; or keeps a change once a measurement has shown what it
 * costs: "that's nothing, keep abi3" after "abi3 costs 0.7-1.6% on the three benchmarks". Not for a state that persists
 * ("the pod stays in Pending", "it stays red"), nor "keep going".
 */
final class StaysAsItIsRule implements Rule {
    /** "go.mod stays at 1.22", "abi3-py39 stays", "we stay on insert_overwrite", "Python 3.9 remains supported". */
    private static final Pattern STAYS = Pattern.compile("(?i)^(?:so |and |then )?(?:(?!(?:it|that|this|they|everything"
            + "|nothing|which|what|who|he|she|one|the (?:error|pod|job|build|test|tests|run|cluster|node|page|screen|queue"
            + "|service|process|disk|cpu|memory|lag|count|number|bug|problem|issue))\\b)([\\w`'./@:+-]+(?:\\s+[\\w`'./@:+-]+){0,4})"
            + "\\s+(?:stays|remains)|we (?:stay|stick|remain)(?= (?:on|with|at)\\b))(\\b.*)$");
    /** A state that persists, not a choice: "stays in Pending", "stays red", "remains at 100%". */
    private static final Pattern STATE = Pattern.compile("(?i)^\\s*(?:in |at |on )?(?:pending|red|green|yellow|failing"
            + "|stuck|high|low|empty|down|up|open|closed|busy|idle|flat|zero|broken|blank|unchanged|the same|around|about"
            + "|\\d+(?:\\.\\d+)?\\s*(?:%|ms|s|mb|gb|kb|fps)\\b)");
    /** That something else was proposed and is turned down. */
    private static final Pattern TURNED_DOWN = Pattern.compile("(?i)\\b(?:no|won't|against|not|don't|nope|nah)\\b");
    /** "keep abi3", "keep the concurrency change": after a measurement, the change is kept. */
    private static final Pattern KEEP = Pattern.compile("(?i)^(?:that's (?:nothing|fine|negligible|acceptable|good enough"
            + "|worth it)[,.]?\\s+)?keep (?!(?:going|trying|looking|an eye|me|it|them|that|this|in mind|at it|on|up|the"
            + " (?:terminal|window|tab|shell|session|logs?))\\b)(.{2,80})$");
    /** A number with a unit: what a measurement reports. */
    private static final Pattern MEASURED = Pattern.compile("(?i)\\d(?:[\\d.,]*)\\s*(?:%|ms|µs|us|s\\b|min|mb|gb|kb|fps|x\\b"
            + "|×)");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.freshProse("user", claims)) {
            String raw = t.message(ordinal).text().strip();
            // most messages turn nothing down: test that before splitting the message into clauses
            Candidate c = TURNED_DOWN.matcher(raw).find() ? stays(t, ordinal, raw, ChoiceClauses.of(raw)) : null;
            if (c != null) {
                t.sentencesOf(ordinal).forEach(claims::claim);
                out.add(c);
            }
        }
        // A change kept after a measurement: the sentence that keeps it need only be free, the rest of the message
        // ("Leave the PDF thing, we'll look at it later") may be another entry.
        t.eachSentence("user", claims, (ordinal, ss, i) -> {
            Candidate c = keptAfterMeasuring(t, ordinal, ss.get(i));
            if (c != null) {
                claims.claim(ss.get(i));
                out.add(c);
            }
            return 0;
        });
        return out;
    }

    private static Candidate stays(Transcript t, int ordinal, String raw, List<String> clauses) {
        for (int k = 0; k < clauses.size(); k++) {
            String c = clauses.get(k);
            Matcher m = STAYS.matcher(c);
            if (c.endsWith("?") || !m.matches() || STATE.matcher(m.group(2)).find()
                    || ChoiceClauses.MOMENT.matcher(c).find()) {
                continue;
            }
            String way = c;
            String why = null;
            // "go.mod stays at 1.22, the debian package builds with ...": the reason after the comma.
            int comma = c.indexOf(", ");
            String tail = comma > 0 ? c.substring(comma + 2) : "";
            if (!c.toLowerCase(java.util.Locale.ROOT).startsWith("so ") && comma > 0 && ChoiceClauses.words(tail) >= 5
                    && !PreferenceRule.instruction(tail) && FACTUAL.matcher(tail).find()
                    && !NOT_A_SUBJECT.matcher(tail).find()) {
                way = c.substring(0, comma);
                why = c.substring(comma + 2);
            }
            if (why == null) {
                why = earlierReason(clauses, k);
            }
            if (why == null) {
                continue;
            }
            way = way.replaceFirst("(?i)^so\\s+", "");
            String title = ChoiceClauses.title(way, why);
            return candidate(t, ordinal, raw, title);
        }
        return null;
    }

    /** The nearest clause before that states something at length (the argument), its last part after a colon. */
    private static String earlierReason(List<String> clauses, int k) {
        for (int j = k - 1; j >= 0 && j >= k - 3; j--) {
            String c = clauses.get(j);
            String[] parts = c.split(":\\s+");
            String last = parts[parts.length - 1].strip();
            if (ChoiceClauses.words(last) >= 6 && !c.endsWith("?") && !PreferenceRule.instruction(last)
                    && !ChoiceClauses.MOMENT.matcher(last).find() && (DecisionRule.REASON.matcher(c).find()
                    || INCIDENT.matcher(c).find() || FACTUAL.matcher(last).find())) {
                return last;
            }
        }
        return null;
    }

    /** A tail that goes on with the choice ("partitioned by order_date, and ..."), not a reason with its own subject. */
    private static final Pattern NOT_A_SUBJECT = Pattern.compile("(?i)^(?:and|or|but|then|with|without|by|for|to|in|on"
            + "|at|\\w+ed|\\w+ing)\\b");
    private static final Pattern INCIDENT = Pattern.compile("(?i)" + WarningRule.INCIDENT);

    /** A statement with a present-tense verb about the world: "merge on BigQuery scans the whole table". */
    private static final Pattern FACTUAL = Pattern.compile("(?i)\\b(?:is|are|scans|needs|builds|uses|runs|costs|takes"
            + "|breaks|depends|relies|stuck|pulls|reads|writes|ships|expects)\\b");

    private static Candidate keptAfterMeasuring(Transcript t, int ordinal, Sentence s) {
        Integer prev = t.previousProse(ordinal);
        if (prev == null || !"assistant".equals(t.role(prev)) || ordinal - prev > 2
                || !s.text().toLowerCase(java.util.Locale.ROOT).contains("keep")) {
            return null;
        }
        Sentence measured = t.sentencesOf(prev).stream().filter(x -> MEASURED.matcher(x.text()).find()
                && ChoiceClauses.words(x.text()) >= 6).findFirst().orElse(null);
        if (measured == null) {
            return null;
        }
        for (String c : ChoiceClauses.of(s.text())) {
            String[] parts = c.split(",\\s+");
            for (String p : parts) {
                Matcher m = KEEP.matcher(p.strip());
                if (m.matches() && !ChoiceClauses.MOMENT.matcher(p).find()) {
                    String title = ChoiceClauses.title("Keep " + m.group(1).strip(), measured.text());
                    // The sentence that keeps it, not the rest of the message (the next task often follows).
                    Candidate base = candidate(t, ordinal, s.text() + "\nMeasured: " + measured.text(), title);
                    List<Candidate.Span> spans = new ArrayList<>(List.of(Phrasing.span(measured)));
                    spans.addAll(base.anchors());
                    return new Candidate(base.type(), base.scope(), base.title(), base.body(), base.trigger(),
                            base.confidence(), spans);
                }
            }
        }
        return null;
    }

    private static Candidate candidate(Transcript t, int ordinal, String body, String title) {
        return new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body), title, Texts.boundBody(body, 800), Phrasing.topicTrigger("when deciding about", t,
                t.sentencesOf(ordinal).getFirst()), 0.6, List.of(new Candidate.Span(ordinal, ordinal, null)));
    }
}
