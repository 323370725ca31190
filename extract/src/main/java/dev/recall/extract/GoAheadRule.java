package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The assistant lays out the change it would make, with its reason, and the user's next message is a go-ahead: "Only
 * the S3 gateway endpoint exists. Options: an ECR pull-through cache for Docker Hub, plus ECR interface endpoints so
 * those pulls don't use the NAT either." then "Yes, do the pull-through cache and the endpoints."; "Dropping the
 * python-version axis gives 4 jobs." then "do it."; "Adding `ce:Get*` and `ce:Describe*` to its inline policy" then "do
 * it." The change is a decision the user took, the assistant's argument its reason. The go-ahead must come first in
 * the reply ("do it", "do both", "go ahead", "yes, do the X") and what was laid out must be a change (options, a course
 * with "I'd", or a change said with its verb first: adding, switching, dropping ...), not today's step (look, rerun,
 * check). The change must be carried out: an edit follows the reply, or the assistant had already named it as under
 * way ("Adding ..."). Not where a decision was already proposed on the same messages. Runs after the other rules.
 */
final class GoAheadRule implements Rule.Contextual {
    /** The go-ahead, first in the reply. */
    private static final Pattern GO = Pattern.compile("(?i)^(?:(?:yes|yep|yeah|ok(?:ay)?|sure|good|great|right)[,.!]?\\s+)?"
            + "(?:do it|do that|do both|go ahead|go for it|please do|yes,? do|do the)\\b");
    /** A yes that must name what it agrees to. */
    private static final Pattern YES = Pattern.compile("(?i)^(?:yes|yep|yeah|ok(?:ay)?|agreed|sure)\\b[,.:!]?\\s*"
            + "(?!but\\b|no\\b|not\\b|wait\\b|hold\\b)");
    /** What the assistant laid out: options, a course it leans to, or a change said with its verb first. */
    private static final Pattern LAID = Pattern.compile("(?i)^(?:(?:so|then),? )?(?:options?:\\s+|the options are:?\\s+"
            + "|i'd (?:suggest |recommend )?|i would |i suggest |i recommend |my suggestion is (?:to )?"
            + "|(?=(?:adding|switching|dropping|moving|replacing|pinning|splitting|removing|putting|making|changing)\\b))");
    /** A change said with its verb first: "Adding X to Y", "Dropping the axis gives 4 jobs". */
    private static final Pattern GERUND = Pattern.compile("(?i)^(?:adding|switching|dropping|moving|replacing|pinning"
            + "|splitting|removing|putting|making|changing)\\b");
    /** Where a change said with its verb first goes on to its effect. */
    private static final Pattern EFFECT = Pattern.compile("(?i)\\s+(?:gives|makes|means|brings|saves|cuts|leaves|lets"
            + "|would|will)\\b.*$");
    /** Today's step, not a change that stays. */
    private static final Pattern STEP = Pattern.compile("(?i)^(?:look|check|investigate|inspect|debug|retry|rerun|re-run"
            + "|restart|reboot|wait|try|ask|show|print|list|read|open|run|revert|roll ?back|skip|ignore|start|stop|kill"
            + "|test|commit|push|merge|deploy|tell|file)\\b|\\b(?:first|right now|for now|today|this time|temporarily"
            + "|fails?|failed|passes|passed)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.userProse()) {
            // Cheap first: a go-ahead or a yes starts with one of these letters, right after the assistant's message.
            String raw = t.message(ordinal).text();
            int at = 0;
            while (at < raw.length() && Character.isWhitespace(raw.charAt(at))) {
                at++;
            }
            if (at == raw.length() || "yosgrdapYOSGRDAP".indexOf(raw.charAt(at)) < 0
                    || !"assistant".equals(t.role(ordinal - 1)) || t.sentencesOf(ordinal - 1).isEmpty()) {
                continue;
            }
            String reply = raw.strip();
            boolean go = GO.matcher(reply).lookingAt();
            // "agreed, job it is, deploys can't hang on this" after "I'd keep it out of the migration. ... My suggestion
            // is a Sidekiq job ...": a yes that names the course, when the reply went to a proposal that is dropped
            // for leaning on its context ("Keep it out of the migration") before AcceptedLeanRule could take it.
            Matcher yes = YES.matcher(reply);
            if (reply.length() < 5 || !go && !(yes.lookingAt() && editAfter(t, ordinal))
                    || !go && Contextual.standsOn(earlier, ordinal)) {
                continue;
            }
            String named = go ? "" : reply.substring(yes.end()).split("(?<=[.!?])\\s+|\\n", 2)[0];
            int prev = ordinal - 1;
            if (decided(earlier, prev, ordinal)) {
                continue;
            }
            Sentence laid = null;
            String course = null;
            for (Sentence s : t.sentencesOf(prev)) {
                String text = s.text().strip();
                Matcher m = LAID.matcher(text);
                if (claims.taken(s) || s.isQuestion() || !m.lookingAt()) {
                    continue;
                }
                String c = text.substring(m.end()).replaceAll("\\s*\\([^)]*\\)", "").replaceAll("[.!:]+$", "");
                if (c.split("\\s+").length < 4 || STEP.matcher(c).find()
                        || !go && (GERUND.matcher(c).lookingAt() || !AcceptedLeanRule.shares(named, c))) {
                    continue;
                }
                laid = s;
                course = c;
            }
            if (laid == null || !(GERUND.matcher(course).lookingAt() || editAfter(t, ordinal))) {
                continue;
            }
            Sentence chosen = laid;
            List<Sentence> argued = claims.free(t.sentencesOf(prev), 2, s -> s != chosen
                    && DecisionRule.REASON.matcher(s.text()).find());
            claims.claim(laid);
            argued.forEach(claims::claim);
            t.sentencesOf(ordinal).forEach(claims::claim);
            StringBuilder body = new StringBuilder(laid.text().strip());
            argued.forEach(a -> body.append("\nReason: ").append(a.text().strip()));
            body.append("\nAccepted: ").append(Texts.bound(reply.replace('\n', ' '), 300));
            // "Dropping the python-version axis gives 4 jobs": the change is what comes before its effect.
            String title = GERUND.matcher(course).lookingAt()
                    ? EFFECT.matcher(course.replaceFirst("^\\S+", imperative(course.split("\\s+", 2)[0]))).replaceFirst("")
                    : Texts.capitalize(course);
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                    Texts.asTitle(title, Phrasing.TITLE_MAX), Texts.boundBody(body.toString(), 800),
                    trigger(t, laid, course), 0.6,
                    List.of(Phrasing.span(laid), new Candidate.Span(ordinal, ordinal, null))));
        }
        return out;
    }

    private static final java.util.Map<String, String> BASE = java.util.Map.ofEntries(java.util.Map.entry("adding", "Add"),
            java.util.Map.entry("switching", "Switch"), java.util.Map.entry("dropping", "Drop"),
            java.util.Map.entry("moving", "Move"), java.util.Map.entry("replacing", "Replace"),
            java.util.Map.entry("pinning", "Pin"), java.util.Map.entry("splitting", "Split"),
            java.util.Map.entry("removing", "Remove"), java.util.Map.entry("putting", "Put"),
            java.util.Map.entry("making", "Make"), java.util.Map.entry("changing", "Change"));

    /** "Adding" add, "Dropping" drop, "Making" make. */
    private static String imperative(String ing) {
        return BASE.getOrDefault(ing.toLowerCase(Locale.ROOT), Texts.capitalize(ing));
    }

    /** What the laid-out course names ("when deciding about ECR or Docker Hub"); else what its sentence is about. */
    private static String trigger(Transcript t, Sentence laid, String course) {
        String named = Phrasing.topicTrigger("when deciding about", t.terms(), course);
        return named != null && named.contains("`") ? named : Phrasing.topicTrigger("when deciding about", t, laid);
    }


    /** Whether a decision proposed before already stands on the laid-out message or the reply. */
    private static boolean decided(List<Candidate> earlier, int laid, int reply) {
        for (Candidate c : earlier) {
            if (c.type() == EntryType.DECISION && !Phrasing.leansOnContext(c.title())) {
                for (Candidate.Span a : c.anchors()) {
                    if (a.start() <= reply && laid <= a.end()) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether an edit follows the reply within three messages, the user saying nothing in between. */
    private static boolean editAfter(Transcript t, int ordinal) {
        for (ToolRun r : t.runs()) {
            if (r.ordinal() <= ordinal) {
                continue;
            }
            if (r.ordinal() > ordinal + 3) {
                return false;
            }
            for (int o = ordinal + 1; o < r.ordinal(); o++) {
                if ("user".equals(t.role(o))) {
                    return false;
                }
            }
            return r.kind() == ToolRun.Kind.EDIT;
        }
        return false;
    }
}
