package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user says how a thing is to be, in so many words, and the agent edits it that way at once: "then make a
 * release overlay. I want logs over RTT in dev builds and no uart at all in release", "OK here's what I want:
 * bounded channel, and when it's full, spill to spool_dir on disk. The reader never blocks." The wanted state is the
 * decision, the edit right after it shows it was carried out. Not "I want to ..." (a wish or today's plan), not "I
 * want you to ..." (an instruction), not a pointer with nothing named ("I want that step to fail loudly"), not
 * today's step ("I want the speed checked anyway"), a question, or a wish that no edit follows. Runs after the other
 * rules, on user messages none of them used.
 */
final class WantedWayRule implements Rule {
    /** The lead and what follows it: the wanted state. */
    private static final Pattern WANT = Pattern.compile("(?i)(?<!\\b(?:not sure|don't know if|whether)\\s)\\b(?:here'?s what"
            + " i want:|what i want is:?|i want)\\s+(?!to\\b|you\\b|it\\b|that\\b|this\\b|them\\b|those\\b|these\\b"
            + "|one\\b|some\\b|more\\b|less\\b|nothing\\b|everything\\b|all\\b)(.+)$");
    /** Today's step or a look, not a state: "the speed checked anyway", "to see it first". */
    private static final Pattern TODAY = Pattern.compile("(?i)\\b(?:first|now|today|anyway|yet|checked|tested|measured"
            + "|looked at|reviewed|fixed|done|back|to see|to know|to understand|to talk)\\b|\\?");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.freshProse("user", claims)) {
            List<Sentence> said = t.sentencesOf(ordinal);
            for (int i = 0; i < said.size(); i++) {
                Sentence s = said.get(i);
                if (claims.taken(s) || !s.text().toLowerCase(java.util.Locale.ROOT).contains("i want")) {
                    continue;
                }
                Matcher m = WANT.matcher(s.text().strip());
                if (!m.find()) {
                    continue;
                }
                String wanted = m.group(1).strip().replaceAll("[.!]+$", "");
                if (TODAY.matcher(wanted).find() || wanted.split("\\s+").length < 4) {
                    continue;
                }
                ToolRun edit = editRightAfter(t, ordinal);
                if (edit == null) {
                    continue;
                }
                StringBuilder body = new StringBuilder("Wanted: ").append(Texts.bound(t.message(ordinal).text()
                        .strip().replace('\n', ' '), 500));
                Integer report = t.nextProse(ordinal);
                if (report != null && report > edit.ordinal()) {
                    report = t.nextProse(edit.ordinal());
                }
                if (report != null && "assistant".equals(t.role(report)) && !t.sentencesOf(report).isEmpty()) {
                    body.append("\nDone: ").append(Texts.bound(t.sentencesOf(report).getFirst().text(), 300));
                }
                if (!edit.files().isEmpty()) {
                    body.append("\nIn: ").append(String.join(", ", edit.files()));
                }
                // A short sentence after it that says what must hold goes with it: "The reader never blocks."
                if (i + 1 < said.size()) {
                    String then = said.get(i + 1).text().strip().replaceAll("[.!]+$", "");
                    if (then.split("\\s+").length <= 8 && !then.contains("?") && !TODAY.matcher(then).find()
                            && wanted.length() + then.length() + 2 <= Phrasing.TITLE_MAX) {
                        wanted = wanted + "; " + Texts.lowerFirst(then);
                    }
                }
                said.forEach(claims::claim);
                out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                        Texts.asTitle(Texts.capitalize(wanted), Phrasing.TITLE_MAX), Texts.boundBody(body.toString(), 800),
                        edit.files().isEmpty() ? Phrasing.topicTrigger("when deciding about", t, s)
                                : "when changing `" + base(edit.files().getFirst()) + "`", 0.55,
                        List.of(Phrasing.span(s), Candidate.Span.of(edit.ordinal(), null))));
                break;
            }
        }
        return out;
    }

    /**
     * The first tool message after the user's, when it is an edit within three messages and the user said nothing
     * in between (the assistant's "Got it: ..." may come first).
     */
    private static ToolRun editRightAfter(Transcript t, int ordinal) {
        for (ToolRun r : t.runs()) {
            if (r.ordinal() <= ordinal) {
                continue;
            }
            if (r.ordinal() > ordinal + 3) {
                return null;
            }
            for (int o = ordinal + 1; o < r.ordinal(); o++) {
                if (t.proseOrdinals().contains(o) && !"assistant".equals(t.role(o))) {
                    return null;
                }
            }
            return r.kind() == ToolRun.Kind.EDIT ? r : null;
        }
        return null;
    }

    private static String base(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
