package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A warning said as a coupling and what breaks when it slips: "The version lives in CMakeLists.txt. The tag has to
 * match it or the vcpkg port build fails its version check", "Signature verification needs the exact raw bytes, so if
 * the route ever gets the parsed JSON body every webhook fails with a signature error." No "never" and no "don't", yet a
 * later session that changes one side must know. Both halves are needed: the coupling ("has to match", "must stay in
 * step with") or the "if ... ever ..." condition, and the failure it brings ("or ... fails", "every webhook fails").
 * Not a coupling with no failure said ("the rev must match the lock file": a note), and not next to a warning already
 * proposed (the user's "don't bump one without the other" is that warning). Runs after the other rules, on sentences
 * none of them used.
 */
final class MustMatchRule implements Rule.Contextual {
    /** The cheap precondition, on the message as written. */
    private static final String[] CUES = {"match", " ever ", "in sync", "in step"};
    /** "has to match it or the build fails its version check". */
    private static final Pattern COUPLED = Pattern.compile("(?i)\\b(?:has to|have to|must|needs? to)\\s+(?:match|follow"
            + "|stay in (?:sync|step) with|be kept in (?:sync|step) with)\\b.*\\b(?:or|otherwise|else)\\b.*\\b(?:fails?"
            + "|breaks?|rejects?|errors? out|hangs?)\\b");
    /** "if the route ever gets the parsed body every webhook fails". */
    private static final Pattern IF_EVER = Pattern.compile("(?i)\\bif\\b[^.;]{0,80}\\bever\\b[^.;]{0,80}\\b(?:fails?"
            + "|breaks?|rejects?|hangs?|loses?)\\b");
    /** A name a title can stand on: inline code, a path, a file, an identifier. */
    private static final Pattern NAMES = Pattern.compile("`|\\b\\w+\\.(?:txt|json|ya?ml|toml|xml|cfg|conf|ini|lock"
            + "|gradle|kts)\\b|\\b[A-Z][A-Za-z]*[A-Z]\\w*|\\([^)]*\\)|/");
    /** A sentence that itself leans on what came before: "It's mounted with ...". */
    private static final Pattern PRONOUN = Pattern.compile("(?i)(?:it|it's|this|that|they|these|those)\\b");
    /** A short label before the point: "One thing worth knowing about this route: ". */
    private static final Pattern LABEL = Pattern.compile("^[^:`]{2,48}:\\s+(?=\\S)");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.proseOrdinals()) {
            if (!cued(t.message(ordinal).text()) || warnedNear(earlier, ordinal)) {
                continue;
            }
            List<Sentence> said = t.sentencesOf(ordinal);
            for (int i = 0; i < said.size(); i++) {
                Sentence s = said.get(i);
                String text = s.text().strip();
                if (claims.taken(s) || s.isQuestion()
                        || !COUPLED.matcher(text).find() && !IF_EVER.matcher(text).find()) {
                    continue;
                }
                List<Sentence> used = new ArrayList<>();
                String title = text.replaceAll("[.!]+$", "");
                Sentence before = i > 0 ? said.get(i - 1) : null;
                // "The tag has to match it": the sentence before says what "it" is.
                String lead = before == null ? "" : LABEL.matcher(before.text().strip()).replaceFirst("");
                if (before != null && !before.text().strip().endsWith("?") && !PRONOUN.matcher(lead).lookingAt()
                        && (!NAMES.matcher(text).find() || text.matches("(?is).*\\b(?:it|that|this|the route)\\b.*"))
                        && NAMES.matcher(before.text()).find()) {
                    title = LABEL.matcher(before.text().strip().replaceAll("[.!:]+$", "")).replaceFirst("") + ": "
                            + Texts.lowerFirst(title);
                    if (!claims.taken(before)) {
                        used.add(before);
                    }
                }
                used.add(s);
                StringBuilder body = new StringBuilder();
                if (before != null && NAMES.matcher(before.text()).find()) {
                    body.append(before.text().strip()).append(' ');
                }
                body.append(text);
                if (i + 1 < said.size() && !claims.taken(said.get(i + 1)) && !said.get(i + 1).isQuestion()) {
                    body.append(' ').append(said.get(i + 1).text().strip());
                }
                used.forEach(claims::claim);
                out.add(new Candidate(EntryType.WARNING, Phrasing.scope(t.session(), body.toString()),
                        Texts.asTitle(Texts.capitalize(LABEL.matcher(title).replaceFirst("")), Phrasing.TITLE_MAX),
                        Texts.boundBody(body.toString(), 800), trigger(t, s, title, before), 0.55,
                        used.stream().map(Phrasing::span).toList()));
                break;
            }
        }
        return out;
    }

    /**
     * What the coupling names ("when changing `CMakeLists.txt`"), or the sentence before it ("`express.raw()`"); else
     * what its sentence is about.
     */
    private static String trigger(Transcript t, Sentence s, String title, Sentence before) {
        String named = Phrasing.topicTrigger("when changing", t.terms(), title);
        if ((named == null || !named.contains("`")) && before != null) {
            named = Phrasing.topicTrigger("when changing", t.terms(), before.text());
        }
        return named != null && named.contains("`") ? named : Phrasing.topicTrigger("when changing", t, s);
    }

    private static boolean cued(String text) {
        return Texts.containsAny(text, CUES);
    }

    /** Whether a warning proposed before stands on the message or the one next to it. */
    private static boolean warnedNear(List<Candidate> earlier, int ordinal) {
        for (Candidate c : earlier) {
            if (c.type() == EntryType.WARNING) {
                for (Candidate.Span a : c.anchors()) {
                    if (a.start() - 1 <= ordinal && ordinal <= a.end() + 1) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
