package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;

/**
 * An investigation the session carried through: the user reports something wrong, the agent looks (runs commands,
 * reads files) without changing anything, explains what it found, and only then changes a file. Keyed on that
 * order of events, not on a phrase like "that explains it": symptom, look, explanation, fix. What a later session
 * reuses is the look (which command shows the cause of such a symptom), so the entry is titled by the symptom and
 * the command, with the explanation in the body. Runs last and uses only sentences no other rule used.
 */
final class InvestigationRule implements Rule {
    private static final int MAX = 2;

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        List<Integer> prose = t.proseOrdinals();
        for (int k = 0; k < prose.size() && out.size() < MAX; k++) {
            int u = prose.get(k);
            if (!"user".equals(t.role(u))) {
                continue;
            }
            Sentence symptom = t.sentencesOf(u).stream().filter(x -> DebuggingRule.PROBLEM.matcher(x.text()).find()).findFirst().orElse(null);
            if (symptom == null) {
                continue;
            }
            int end = Integer.MAX_VALUE;
            for (int j = k + 1; j < prose.size(); j++) {
                if ("user".equals(t.role(prose.get(j)))) {
                    end = prose.get(j);
                    break;
                }
            }
            int last = end;
            List<ToolRun> runs = t.runs().stream().filter(r -> r.ordinal() > u && r.ordinal() < last).toList();
            List<ToolRun> looks = new ArrayList<>();
            for (ToolRun r : runs) {
                if (r.kind() == ToolRun.Kind.EDIT) {
                    break;
                }
                looks.add(r);
            }
            if (looks.isEmpty() || looks.stream().noneMatch(ToolRun::shell)) {
                continue;
            }
            int afterLooks = looks.getLast().ordinal();
            Integer a = t.nextProse(afterLooks);
            if (a == null || a >= end || !"assistant".equals(t.role(a))) {
                continue;
            }
            ToolRun fix = runs.stream().filter(r -> r.ordinal() > a && r.kind() == ToolRun.Kind.EDIT).findFirst()
                    .orElse(null);
            List<Sentence> causes = claims.free(t.sentencesOf(a), 2, x -> !x.isQuestion()
                    && DebuggingRule.EXPLAINS.matcher(x.text()).find() && x.text().split("\\s+").length >= 6);
            if (fix == null || causes.isEmpty()) {
                continue;
            }
            ToolRun look = looks.stream().filter(ToolRun::shell).reduce((x, y) -> y).orElseThrow();
            causes.forEach(claims::claim);
            String what = Texts.lowerFirst(Phrasing.stripLead(symptom.text()).replaceAll("[.!?]+$", ""));
            StringBuilder body = new StringBuilder("Symptom: ").append(symptom.text()).append("\nLooked with: ");
            body.append(String.join(", then ", looks.stream().filter(ToolRun::shell).limit(3)
                    .map(r -> "`" + Texts.bound(r.command(), 120) + "`").toList()));
            body.append("\nFound: ").append(String.join(" ", causes.stream().map(Sentence::text).toList()));
            body.append("\nFixed in: ").append(String.join(", ", fix.files())).append('.');
            List<Candidate.Span> spans = new ArrayList<>(List.of(Phrasing.span(symptom),
                    Candidate.Span.of(look.ordinal(), null), Phrasing.span(causes.getFirst()),
                    Candidate.Span.of(fix.ordinal(), null)));
            out.add(new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body.toString()),
                    Texts.asTitle("When " + Texts.bound(what, 70) + ", look with `" + Texts.bound(look.command(), 60)
                            + "`", Phrasing.TITLE_MAX), body.toString(), "when " + Texts.bound(what, 120), 0.45, spans));
        }
        return out;
    }
}
