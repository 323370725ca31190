package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;

/**
 * Investigation by comparison: the user reports something wrong, and the agent runs the same look twice in a row
 * with one argument changed (the failing file and the last good one, two environments, two versions), then explains
 * what differs. What a later session reuses is the comparison, so the entry is a debugging method titled by the
 * command and the two arguments, with the explanation in the body. Keyed on the two runs' shape (same program, same
 * words but one or two), not on wording. Not for housekeeping looks (ls, git status), not when a run failed or an edit
 * came between them, not without an explanation in the next message. At most one a session; runs last, only adds.
 */
final class ComparedRunsRule implements Rule.Contextual {
    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<ToolRun> runs = t.runs();
        for (int i = 0; i + 1 < runs.size(); i++) {
            ToolRun a = runs.get(i);
            ToolRun b = runs.get(i + 1);
            if (b.ordinal() != a.ordinal() + 1 || !a.succeeded() || !b.succeeded() || a.routine() || b.routine()
                    || a.keys().isEmpty() || !a.keys().equals(b.keys())) {
                continue;
            }
            String[] x = a.command().strip().split("\\s+");
            String[] y = b.command().strip().split("\\s+");
            if (x.length != y.length || x.length < 2) {
                continue;
            }
            List<Integer> differ = new ArrayList<>();
            for (int k = 0; k < x.length; k++) {
                if (!x[k].equals(y[k])) {
                    differ.add(k);
                }
            }
            if (differ.isEmpty() || differ.size() > 2 || t.message(a.ordinal()).text().equals(t.message(b.ordinal()).text())) {
                continue;
            }
            Sentence symptom = symptom(t, a.ordinal());
            Integer said = t.nextProse(b.ordinal());
            if (symptom == null || said == null || said != b.ordinal() + 1 || !"assistant".equals(t.role(said))
                    || Candidate.anyOn(earlier, EntryType.DEBUGGING_METHOD, a.ordinal(), said)) {
                continue;
            }
            List<Sentence> found = claims.free(t.sentencesOf(said), 2, s -> !s.isQuestion()
                    && s.text().split("\\s+").length >= 6);
            if (found.isEmpty()) {
                continue;
            }
            found.forEach(claims::claim);
            String body = "Symptom: " + symptom.text() + "\nCompared: `" + Texts.bound(a.command(), 200) + "`\nwith: `"
                    + Texts.bound(b.command(), 200) + "`\nFound: " + String.join(" ", found.stream().map(Sentence::text)
                    .toList());
            String what = Texts.lowerFirst(Phrasing.stripLead(symptom.text()).replaceAll("[.!?]+$", ""));
            return List.of(new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body),
                    Texts.asTitle("When " + Texts.bound(what, 60) + ", compare `" + Texts.bound(a.command()
                            .replaceAll("\\s+", " "), 50) + "` across two inputs", Phrasing.TITLE_MAX), body,
                    "when " + Texts.bound(what, 120), 0.45, List.of(Phrasing.span(symptom),
                            new Candidate.Span(a.ordinal(), b.ordinal(), null), Phrasing.span(found.getFirst()))));
        }
        return List.of();
    }

    /** The user's latest report of something wrong before the look, with no other user message between. */
    private static Sentence symptom(Transcript t, int before) {
        for (int o = before - 1; o >= 0; o--) {
            if ("user".equals(t.role(o))) {
                return t.sentencesOf(o).stream().filter(s -> DebuggingRule.PROBLEM.matcher(s.text()).find()).findFirst()
                        .orElse(null);
            }
        }
        return null;
    }
}
