package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The assistant's recommendation that the user takes with a short yes naming it: "yes 200M" after "I'd set
 * SystemMaxUse=200M for all kiosks with a journald.conf.d drop-in in the base role", "agreed, job it is, deploys can't
 * hang on this" after "My suggestion is a Sidekiq job that walks loans in id batches". The recommendation is the
 * decision, the user's words and the assistant's argument its reason. A yes to today's step ("I'd check the logs
 * first") is no decision. Runs after the other rules, on replies none of them used.
 */
final class AcceptedLeanRule implements Rule {
    private static final Pattern YES = Pattern.compile("(?i)^(?:yes|yep|yeah|ok(?:ay)?|agreed|fine|sure|right)\\b[,.:!]?\\s*");
    /** "I'd set ...", "My suggestion is ...", "The fix is to ...": what the assistant recommends, with its lead. */
    private static final Pattern LEAN = Pattern.compile("(?i)^(?:so,? )?(?:i'd (?:suggest |recommend |go with )?|i would"
            + " |my (?:suggestion|recommendation) is (?:to )?|the (?:fix|cleanest fix|right fix|simplest fix) is to |i suggest"
            + " |i recommend )(?!like\\b|love\\b|need\\b|be\\b|have\\b|say\\b|guess\\b|think\\b|expect\\b|imagine\\b"
            + "|assume\\b|agree\\b|rather\\b|lean\\b)");
    /** Today's step: look, rerun, restart, wait. */
    private static final Pattern STEP = Pattern.compile("(?i)^(?:look|check|investigate|inspect|debug|retry|rerun|re-run"
            + "|restart|reboot|wait|try|ask|show|print|list|read|open|run|revert|roll ?back|skip|ignore|leave|start|stop"
            + "|kill|test|commit|push|merge|deploy|resubmit|redeploy|rebuild|tell|notify|ping|email|file|exclude)\\b|\\b(?:first|right now|for now|today|this time|temporarily)\\b");
    private static final Pattern DISSENT = Pattern.compile("(?i)\\b(?:but not|no,|not that|instead|rather|hold on|wait)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.freshProse("user", claims)) {
            List<Sentence> reply = t.sentencesOf(ordinal);
            Integer prev = t.previousProse(ordinal);
            if (prev == null || ordinal - prev > 2 || !"assistant".equals(t.role(prev))) {
                continue;
            }
            String raw = t.message(ordinal).text().strip();
            Matcher yes = YES.matcher(raw);
            if (!yes.lookingAt()) {
                continue;
            }
            String rest = raw.substring(yes.end());
            String first = rest.split("(?<=[.!?])\\s+|\\n", 2)[0];
            if (DISSENT.matcher(first).find() || first.strip().endsWith("?")) {
                continue;
            }
            Sentence lean = null;
            String course = null;
            for (Sentence s : t.sentencesOf(prev)) {
                Matcher m = LEAN.matcher(s.text().strip());
                if (claims.taken(s) || !m.lookingAt()) {
                    continue;
                }
                String c = s.text().strip().substring(m.end()).replaceFirst("(?i)^not ", "don't ");
                if (STEP.matcher(c).find() || words(c) < 4 || !shares(first, c)) {
                    continue;
                }
                lean = s;
                course = c;
            }
            if (lean == null) {
                continue;
            }
            Sentence chosen = lean;
            List<Sentence> argued = claims.free(t.sentencesOf(prev), 2, s -> s != chosen
                    && DecisionRule.REASON.matcher(s.text()).find());
            claims.claim(lean);
            reply.forEach(claims::claim);
            argued.forEach(claims::claim);
            StringBuilder body = new StringBuilder(lean.text()).append("\nAccepted: ").append(raw);
            argued.forEach(a -> body.append("\nReason: ").append(a.text()));
            String title = Texts.capitalize(course.replaceAll("[.!]+$", "").split(":\\s", 2)[0].strip());
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                    Texts.asTitle(title, Phrasing.TITLE_MAX), Texts.boundBody(body.toString(), 800),
                    Phrasing.topicTrigger("when deciding about", t, lean), 0.6,
                    List.of(Phrasing.span(lean), new Candidate.Span(ordinal, ordinal, null))));
        }
        return out;
    }

    private static final java.util.Set<String> GENERIC = java.util.Set.of("with", "from", "that", "this", "them", "they",
            "then", "than", "into", "only", "also", "just", "some", "make", "keep", "good", "fine", "sure", "yes", "okay",
            "it's", "should", "would", "could", "will", "have");

    /** Whether the reply names the course: a distinctive word, or a number with its unit ("200M"). */
    static boolean shares(String reply, String course) {
        String laid = " " + course.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_]+", " ") + " ";
        for (String w : reply.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_]+")) {
            boolean distinctive = w.length() >= 3 && !dev.recall.sessions.Stopwords.contains(w) && !GENERIC.contains(w)
                    || w.matches("\\d+[a-z]{0,3}") && w.length() >= 2;
            if (distinctive && laid.contains(" " + w + " ")) {
                return true;
            }
        }
        return false;
    }

    private static int words(String s) {
        return s.strip().split("\\s+").length;
    }
}
