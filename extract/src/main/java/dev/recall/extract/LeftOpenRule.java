package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the assistant's wrap-up labels as left open ("Not done: ... the field-notes UI itself hasn't been started",
 * "Open: the partition layout for OTA"): a thread the session ends without, titled by what follows the label. The
 * labels {@link OpenQuestionRule} reads ("Still to do:", "Not done yet:") stay its own; this one reads the bare
 * "Not done:" and "Open:" of a summary, also with where it comes from ("Open from earlier:", "Left open from the bisect:",
 * rules version 14). Runs last, on sentences no rule used, and not within five messages of an open question already
 * proposed (a wrap-up restates the threads just raised).
 */
final class LeftOpenRule implements Rule.Contextual {
    private static final Pattern LABEL = Pattern.compile("^(?:not done|open|still open|left open|not started)(?: yet)?"
            + "(?:,? from [^:]{2,40})?\\s*:\\s+(.+)$", Pattern.CASE_INSENSITIVE);
    private static final int MAX = 2;
    /** A wrap-up repeats the threads just discussed; one an open question already stands on nearby is not new. */
    private static final int NEAR = 5;

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        List<Candidate> standing = null;
        for (Sentence s : t.sentences()) {
            if (out.size() == MAX) {
                break;
            }
            if (!"assistant".equals(s.role()) || claims.taken(s) || s.isQuestion()
                    || !Texts.mentions(s.text(), "open", "not done", "not started")) {
                continue;
            }
            if (standing == null) {
                // A proposal dropped at the end for leaning on its context ("what's left?") stands on nothing.
                standing = earlier.stream().filter(c -> !Phrasing.leansOnContext(c.title())).toList();
            }
            if (Candidate.anyOn(standing, EntryType.OPEN_QUESTION, s.ordinal() - NEAR, s.ordinal() + NEAR)) {
                continue;
            }
            Matcher m = LABEL.matcher(Phrasing.stripOpeners(s.text().strip()));
            if (!m.matches() || m.group(1).split("\\s+").length < 4) {
                continue;
            }
            claims.claim(s);
            String what = m.group(1).strip();
            out.add(new Candidate(EntryType.OPEN_QUESTION, Phrasing.scope(t.session(), s.text()),
                    Texts.asTitle(Texts.capitalize(what), Phrasing.TITLE_MAX), s.text(),
                    Phrasing.topicTrigger("when revisiting", t, s), 0.45, List.of(Phrasing.span(s))));
        }
        return out;
    }
}
