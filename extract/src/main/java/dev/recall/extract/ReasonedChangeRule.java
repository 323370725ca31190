package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The assistant explains why and then says what the change will be, and an edit carries it out: "For
 * `http.ResponseWriter.Write` there's nothing useful to do on error: the client is gone and the status is already sent.
 * So excluding `(net/http.ResponseWriter).Write` in errcheck's exclude-functions ...", "the premultiply only comes from
 * the context attribute. So the export context gets `premultipliedAlpha: false`", "Making the write idempotent:
 * overwrite with replaceWhere on the day, so a rerun atomically replaces only that day's data." How the code is set up
 * from then on, with its reason: a decision stated in the course of the work. Not for a status ("So the build passes
 * now"), nor a change no edit follows.
 */
final class ReasonedChangeRule implements Rule {
    /** "So the export context gets X", "So excluding X", "So `RemoteOp` becomes ...". */
    private static final Pattern SO_CHANGE = Pattern.compile("(?i)^so (?:i'm |i'll |we're )?(?:(?:excluding|boxing|adding"
            + "|making|switching|moving|changing|replacing|keeping|setting|pinning|marking|registering|wrapping|splitting"
            + "|dropping|removing|limiting|capping|bounding|guarding|storing|writing|reading|using)\\b|(?:the |each |every"
            + " |this |our )?[\\w`'./-]+(?: [\\w`'./-]+){0,4}? (?:gets|becomes|uses|goes|moves|is (?:now )?(?:set|kept|made"
            + "|stored|written|excluded|marked|boxed|pinned|moved)|now (?:uses|gets|goes|writes|reads))\\b)");
    /** "Making the write idempotent: overwrite with replaceWhere ..., so a rerun ...": a change named, then how and why. */
    private static final Pattern MAKING = Pattern.compile("(?i)^(?:i'm )?(?:making|switching|moving|changing) [^:]{3,60}:"
            + " .{10,}\\bso (?:a|an|the|it|that|each|every|nobody|no)\\b");
    /** A status, not a change: "So the build passes now", "So it works". */
    private static final Pattern STATUS = Pattern.compile("(?i)\\b(?:fails?|failed|failing|pass(?:es|ed)?|passing|green"
            + "|red|works|worked|broken|crash(?:es|ed)?|succeeds?|succeeded)\\b");
    private static final Pattern NAMES = Pattern.compile("`|\\b[A-Za-z][\\w-]*[_.:/][\\w./:-]*[A-Za-z]\\b|\\b[a-z]+[A-Z]\\w*"
            + "|\\b[A-Z][a-z]+[A-Z]\\w*");

    /** "excluding" exclude, "boxing" box, "adding" add: {@link Texts#baseOf} and a silent e after a short vowel and d. */
    private static String imperative(String ing) {
        String base = Texts.baseOf(ing);
        return Texts.capitalize(base.matches(".*[^aeiou][aiou]d") ? base + "e" : base);
    }

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        t.eachSentence("assistant", claims, (ordinal, ss, i) -> {
            Sentence s = ss.get(i);
            String text = s.text().strip();
            boolean so = SO_CHANGE.matcher(text).lookingAt();
            boolean making = !so && MAKING.matcher(text).lookingAt();
            if (!so && !making || s.isQuestion() || STATUS.matcher(text).find() || !NAMES.matcher(text).find()
                    || !ChoiceClauses.editFollows(t, ordinal, 2) || ChoiceClauses.MOMENT.matcher(text).find()) {
                return 0;
            }
            Sentence why = null;
            if (so) {
                // "So ..." draws on the sentence before: that is the reason, and it must say something. Another entry may
                // stand on it (the fact it states); this one is the change made because of it.
                if (i == 0 || ChoiceClauses.words(ss.get(i - 1).text()) < 8
                        || ss.get(i - 1).isQuestion() || STATUS.matcher(ss.get(i - 1).text()).find()) {
                    return 0;
                }
                why = ss.get(i - 1);
            }
            claims.claim(s);
            String change = text.replaceFirst("(?i)^so (?:i'm |i'll |we're )?", "").replaceAll("[.!]+$", "");
            // "Excluding X in Y" is said of the moment; the entry says what is done: "Exclude X in Y".
            String[] first = change.split("\\s+", 2);
            if (first.length == 2 && first[0].matches("(?i)[a-z]{4,}ing")) {
                change = imperative(first[0]) + " " + first[1];
            }
            String title = why != null && ChoiceClauses.words(change) < 14 ? ChoiceClauses.title(change, why.text())
                    : Texts.asTitle(Texts.capitalize(change), Phrasing.TITLE_MAX);
            String body = (why != null ? why.text() + " " : "") + s.text();
            List<Candidate.Span> spans = new ArrayList<>();
            if (why != null) {
                spans.add(Phrasing.span(why));
            }
            spans.add(Phrasing.span(s));
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body), title, Texts.boundBody(body, 800), Phrasing.topicTrigger("when deciding about", t, s),
                    0.55, spans));
            return 0;
        });
        return out;
    }
}
