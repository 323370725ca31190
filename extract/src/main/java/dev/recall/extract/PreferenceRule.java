package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Preferences: what the user says they want done their way ("I prefer", "please always", "from now on"). */
final class PreferenceRule implements Rule {
    private static final Pattern CUE = Pattern.compile("(?i)\\b(?:i|we) (?:really |strongly |never |always |also |just |generally |usually |do not |don't )?(?:prefer|'d prefer"
            + "|would prefer|like|'d like|would like|want|always want|don't want|do not want|don't like|hate|dislike)\\b"
            + "|\\bplease (?:always|never|use|don't|do not|avoid|keep|stick to|stop|make sure)\\b"
            + "|\\balways (?:use|run|write|add|put|keep|commit|pass|prefer|include|format|name|call|ask|quote)\\b"
            + "|\\bfrom now on\\b|\\bmy preference\\b|\\bi(?:'m| am) (?:a fan|not a fan)\\b");
    /** What makes "I want" a standing preference rather than today's request. */
    private static final Pattern STANDING = Pattern.compile("(?i)\\b(?:prefer|preference|always|never|from now on"
            + "|going forward|in general|every time|whenever|fan of|in this repo|for commits|style)\\b");
    private static final Pattern WEAK = Pattern.compile("(?i)\\b(?:i|we) (?:really |strongly |never |always )?(?:like|'d like"
            + "|would like|want|always want|don't want|do not want|don't like)\\b");
    private static final Pattern FOLLOW = Pattern.compile(
            "(?i)^(?:please|use|don't|do not|not|so|because|since|otherwise|it's|that's|this)\\b");
    private static final Pattern PREFER_LEAD = Pattern.compile("(?i)^(?:i|we) (?:really |strongly |also |just |generally |usually )?(?:prefer"
            + "|'d prefer|would prefer)\\s+");
    private static final Pattern PLEASE_VERB = Pattern.compile(
            "(?i)\\bplease (?:always|never|use|don't|do not|avoid|keep|stick to|stop|make sure)\\b");
    private static final Pattern PLEASE_LEAD = Pattern.compile("(?i)^please\\s+");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.proseOrdinals()) {
            if (!"user".equals(t.role(ordinal))) {
                continue;
            }
            List<Sentence> ss = t.sentencesOf(ordinal);
            for (int i = 0; i < ss.size(); i++) {
                Sentence s = ss.get(i);
                if (claims.taken(s) || s.isQuestion() || !matches(s.text())) {
                    continue;
                }
                StringBuilder body = new StringBuilder(s.text());
                List<Candidate.Span> spans = new ArrayList<>(List.of(Phrasing.span(s)));
                claims.claim(s);
                if (i + 1 < ss.size()) {
                    Sentence next = ss.get(i + 1);
                    if (!claims.taken(next) && (matches(next.text()) || FOLLOW.matcher(next.text()).find())) {
                        body.append(' ').append(next.text());
                        claims.claim(next);
                        i++;
                    }
                }
                Phrasing.Split split = Phrasing.split(s.text());
                String rest = Phrasing.stripLead(split.rest());
                rest = PREFER_LEAD.matcher(rest).replaceFirst("Prefer ");
                rest = PLEASE_LEAD.matcher(rest).replaceFirst("");
                String trigger = split.condition() != null ? split.condition()
                        : Phrasing.topicTrigger("when working with", t, s);
                double confidence = STANDING.matcher(s.text()).find() ? 0.7 : 0.55;
                out.add(new Candidate(EntryType.PREFERENCE, Phrasing.preferenceScope(t.session(), body.toString()),
                        Texts.asTitle(rest, Phrasing.TITLE_MAX), body.toString(), trigger, confidence, spans));
            }
        }
        return out;
    }

    private static boolean matches(String text) {
        if (!Texts.mentions(text, "prefer", "like", "want", "hate", "please", "always", "from now on", "fan")
                || !CUE.matcher(text).find()) {
            return false;
        }
        // "I want you to fix the test" is a request for today; only a standing cue makes it a preference.
        return STANDING.matcher(text).find() || !onlyWeak(text);
    }

    private static boolean onlyWeak(String text) {
        return WEAK.matcher(text).find() && !PREFER_LEAD.matcher(text).find() && !PLEASE_VERB.matcher(text).find();
    }
}
