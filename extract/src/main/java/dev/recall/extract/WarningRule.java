package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Warnings: negative advice ("never", "don't", "must not", "breaks"). "Never" must be advice, not a description
 * ("it never compiles them"); a bare "don't" must come with a reason or a standing cue, or it is just an
 * instruction for the task at hand ("don't implement anything yet").
 */
final class WarningRule implements Rule {
    private static final Pattern NEVER = Pattern.compile("(?i)(?:^|[,:;.(]\\s*|\\b(?:you|we|i|should|must|please"
            + "|just|also|to|but)\\s+)never\\s+(\\S+)");
    private static final Pattern DESCRIPTIVE_NEVER = Pattern.compile(
            "(?i)\\b(?:has|have|had|was|were|is|are|can|could|will|would|might|may|did)\\s+never\\b");
    private static final Pattern STRONG = Pattern.compile("(?i)\\b(?:must not|mustn't|must never|should never"
            + "|is not safe|are not safe|unsafe to|off[- ]limits|do not ever|don't ever|beware|watch out"
            + "|careful with|careful not|warning:|keep in mind|caveat|gotcha)\\b|^careful\\b"
            + "|\\b(?:breaks|will break|would break|can break|could break)\\b");
    /** A refusal states a standing limit: "I won't put a token in the README", given a reason. */
    private static final Pattern REFUSAL = Pattern.compile("(?i)\\b(?:(?:i|we) (?:won't|will not|refuse to|am not going to"
            + "|are not going to|must not|shouldn't|should not|can't ever|'d rather not|would rather not)|i'm not going to"
            + "|we're not going to|i'd rather not|we'd rather not)\\s+(\\S+)");
    /** The user's own refusal in the present: "I'm not turning on -ffast-math." */
    private static final Pattern NOT_DOING = Pattern.compile("(?i)^(?:no[,.]? )?(?:i'm|i am) not (?!sure|seeing|getting"
            + "|finding|aware|going to|asking|saying|talking|convinced|happy|worried|familiar|able)([a-z]+ing)\\s+(\\S.*?)[.!]?$");

    /**
     * A refusal without its object ("I'd rather not: the file is committed ...", "I'd rather not."): what is refused
     * is what the other side just asked or offered, and what follows the colon is the reason.
     */
    private static final Pattern BARE_REFUSAL = Pattern.compile("(?i)^(?:no,? )?(?:(?:i|we)'d rather not|(?:i|we) would"
            + " rather not|(?:i|we) won't|(?:i|we) will not|better not|please don't|please do not)\\s*(?:[:;,.!\u2014-]\\s*(.*))?$");
    /** "Should I put the key in staging.env.example?", "Want me to add ...": the action offered. */
    private static final Pattern OFFER = Pattern.compile("(?i)^(?:(?:so|ok(?:ay)?|also),? )?(?:should|shall|can|could|may)"
            + " (?:i|we) |^(?:(?:so|ok(?:ay)?|also),? )?(?:do you )?want me to |^(?:(?:so|ok(?:ay)?|also),? )?(?:i could|i can"
            + "|i'll|i will|i'm going to) ");
    private static final Pattern REFUSAL_REASON = Pattern.compile("(?i)\\b(?:because|since|otherwise|so that|would"
            + "|could|leak|expose|secret|token|password|credential|prod(?:uction)?|unsafe|risk|break)");
    private static final Pattern DONT = Pattern.compile(
            "(?i)(?:^|[:;,.(]\\s*|\\b(?:and|but|so|please|you|we|just)\\s+)(?:do not|don't|dont|avoid)\\s+(\\S+)");
    private static final Pattern NOT_ADVICE = Pattern.compile("(?i)\\b(?:i|it|that|this|they|he|she) (?:don't|do not)"
            + "\\b|\\b(?:don't|do not) (?:know|need|have to|worry|see|think|remember|care|mind|understand|want)\\b");
    /**
     * "don't fix it now, I need to think about whether ...", "don't change anything, just something to think about":
     * the user holds the agent back for today while a question stays open. Not standing advice; the sentence is left
     * to the rules for open questions and things put off.
     */
    private static final Pattern HELD_FOR_NOW = Pattern.compile("(?i)\\b(?:don't|do not) (?:\\w+ ){1,3}(?:now|yet"
            + "|for now|right now|today)\\b|\\b(?:something to|need to|want to|have to|let me|i'll) think (?:about|it over)"
            + "\\b");
    /**
     * A bad experience cited as the reason ("On CI that left dozens of orphaned containers last spring", "we got burned
     * by that in the payouts module"): what happened once is why the advice stands.
     */
    static final String INCIDENT = "\\blast (?:spring|summer|autumn|fall|winter|year|month|week|quarter|sprint|release"
            + "|time)\\b|\\b(?:got|were|was) (?:burned|bitten)\\b|\\b(?:burned|bit) us\\b|\\btook (?:down|out)\\b"
            + "|\\bblew up\\b|\\bwe lost\\b|\\b(?:left|filled|broke|wiped|corrupted) (?:the |our |a |dozens|hundreds"
            + "|every|all)";

    /** What turns "don't X" into standing advice: a reason, or a word that says it holds beyond today. */
    private static final Pattern STANDING = Pattern.compile("(?i)\\b(?:because|since|so that|otherwise|precisely"
            + "|ever|again|anymore|any more|in general|going forward|for the future|in this repo|breaks?|would"
            + "|will|always|never|is there|are there|it's|it is|last time|once|only makes|until|on this branch"
            + "|in prod|prod|production|every)\\b|" + INCIDENT);
    private static final Pattern PRONOUN = Pattern.compile("(?i)^(?:that|it|this|they|these|those)(?:'s|'re| is| are)?\\b");
    private static final Pattern NOT_WARNING = Pattern.compile("(?i)\\bwhat (?:breaks|would break|will break)\\b");
    private static final java.util.Set<String> IRREGULAR_PAST = java.util.Set.of("been", "wrote", "ran", "went", "got",
            "saw", "took", "made", "came", "did", "had", "broke", "found", "knew", "thought", "became", "left", "kept",
            "held", "brought", "began", "built", "sent", "spent", "stood", "told", "understood", "lost", "meant",
            "paid", "fell", "gave", "grew", "hit", "led", "rose", "said", "sold", "shut", "sat", "woke", "won");
    private static final Pattern ACK = Pattern.compile("(?i)^(?:understood|noted|got it|sorry|ok|okay)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        t.eachSentence(null, claims, (ordinal, ss, i) -> {
            Sentence s = ss.get(i);
            if (s.isQuestion() || ACK.matcher(s.text()).find()) {
                return 0;
            }
            Sentence next = i + 1 < ss.size() ? ss.get(i + 1) : null;
            Candidate refused = s.fromUser() ? notDoing(t, s, next, claims) : null;
            refused = refused != null ? refused : refusedOffer(t, ordinal, s, next);
            if (refused != null) {
                claims.claim(s);
                out.add(refused);
                return 0;
            }
            String advice = advice(s.text(), next == null ? "" : next.text());
            if (advice == null) {
                return 0;
            }
            claims.claim(s);
            StringBuilder body = new StringBuilder(s.text());
            if (next != null && !claims.taken(next) && !next.isQuestion()) {
                body.append(' ').append(next.text());
            }
            Phrasing.Split split = Phrasing.split(s.text());
            String titleText = PRONOUN.matcher(split.rest()).find() ? s.text() : split.rest();
            String trigger = split.condition() != null ? split.condition()
                    : advice.split("\\s+").length < 2 ? Phrasing.topicTrigger("when working with", t, s)
                    : "before you " + Texts.bound(advice, 100);
            double confidence = s.fromUser() ? 0.7 : 0.5;
            out.add(new Candidate(EntryType.WARNING, Phrasing.scope(t.session(), body.toString()),
                    Phrasing.title(titleText), body.toString(), trigger, confidence,
                    List.of(Phrasing.span(s))));
            return 0;
        });
        return out;
    }

    /**
     * "I'd rather not: staging.env.example is committed, so the key would end up in git history." in answer to
     * "Should I put the real key in staging.env.example?": a refusal whose object is the offer just made and whose
     * reason is said after the colon or in the next sentence. Titled by what is refused and why.
     */
    private static Candidate refusedOffer(Transcript t, int ordinal, Sentence s, Sentence next) {
        Matcher bare = BARE_REFUSAL.matcher(Phrasing.stripOpeners(s.text().strip()));
        Integer prev = t.previousProse(ordinal);
        if (!bare.matches() || prev == null || ordinal - prev > 3 || t.role(prev).equals(s.role())) {
            return null;
        }
        String reason = bare.group(1) != null && !bare.group(1).isBlank() ? bare.group(1).strip()
                : next != null && !next.isQuestion() ? next.text() : null;
        String action = null;
        Sentence offer = null;
        List<Sentence> ps = t.sentencesOf(prev);
        for (int j = ps.size() - 1; j >= 0 && action == null; j--) {
            Matcher m = OFFER.matcher(Phrasing.stripLead(ps.get(j).text()));
            if (m.find()) {
                action = offered(Phrasing.stripLead(ps.get(j).text()).substring(m.end()));
                offer = ps.get(j);
            }
        }
        if (action == null || reason == null || reason.split("\\s+").length < 4) {
            return null;
        }
        String body = s.text() + (bare.group(1) == null || bare.group(1).isBlank() ? " " + reason : "")
                + "\nRefused: " + offer.text();
        return new Candidate(EntryType.WARNING, Phrasing.scope(t.session(), body),
                Texts.asTitle("Don't " + action + ": " + reason.replaceAll("[.!]+$", ""), Phrasing.TITLE_MAX), body,
                "before you " + Texts.bound(action, 100), s.fromUser() ? 0.7 : 0.5,
                List.of(Phrasing.span(offer), Phrasing.span(s)));
    }

    /**
     * "I'm not turning on -ffast-math. It makes isnan() always false ...": the user refuses a course and says why in the
     * next sentence (a statement, not the next instruction). Titled as the advice it is: "Don't turn on -ffast-math".
     */
    private static Candidate notDoing(Transcript t, Sentence s, Sentence next, Claims claims) {
        Matcher m = NOT_DOING.matcher(Phrasing.stripOpeners(s.text().strip()));
        if (!m.matches() || next == null || claims.taken(next) || next.isQuestion()
                || next.text().split("\\s+").length < 5 || PreferenceRule.instruction(next.text())) {
            return null;
        }
        claims.claim(next);
        String action = Texts.baseOf(m.group(1)) + " " + m.group(2);
        String reason = next.text().replaceAll("[.!]+$", "");
        String body = s.text() + " " + next.text();
        return new Candidate(EntryType.WARNING, Phrasing.scope(t.session(), body),
                Texts.asTitle("Don't " + action + ": " + Texts.lowerFirst(reason), Phrasing.TITLE_MAX), body,
                "before you " + Texts.bound(action, 100), 0.7, List.of(Phrasing.span(s), Phrasing.span(next)));
    }

    /** The offered action up to its purpose ("put the real key in staging.env.example so the team has it"). */
    private static String offered(String rest) {
        String a = rest.replaceAll("[?.!]+$", "").split("(?i),|;|\\s+(?:so that|so|to make|because|since|for the)\\s+", 2)[0]
                .strip();
        return a.split("\\s+").length >= 2 && a.split("\\s+").length <= 16 ? a : null;
    }

    /**
     * The advised-against action ("run goose down against staging"), "" for a warning with no clear action, or
     * null when the sentence is no warning.
     */
    static String advice(String sentence, String nextSentence) {
        if (!Texts.mentions(sentence, "never", "not", "n't", "avoid", "break", "careful", "beware", "watch out",
                "warning", "unsafe", "off-limit", "off limit", "keep in mind", "caveat", "gotcha", "refuse")) {
            return null;
        }
        String text = Phrasing.stripLead(sentence);
        Matcher never = NEVER.matcher(text);
        if (never.find() && !DESCRIPTIVE_NEVER.matcher(text).find() && !descriptiveVerb(never.group(1))) {
            return clause(text.substring(never.start(1)));
        }
        if (STRONG.matcher(text).find() && !NOT_WARNING.matcher(text).find()) {
            return "";
        }
        Matcher refusal = REFUSAL.matcher(text);
        if (refusal.find() && (REFUSAL_REASON.matcher(text).find() || REFUSAL_REASON.matcher(nextSentence).find())) {
            return clause(text.substring(refusal.start(1)));
        }
        Matcher dont = DONT.matcher(text);
        if (dont.find() && !NOT_ADVICE.matcher(text).find() && !HELD_FOR_NOW.matcher(text).find()
                && (STANDING.matcher(text).find() || STANDING.matcher(nextSentence).find())) {
            return clause(text.substring(dont.start(1)));
        }
        return null;
    }

    /** "never compiles", "never worked": a description of what happens, not advice. */
    private static boolean descriptiveVerb(String word) {
        String w = word.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        return w.endsWith("ed") || w.endsWith("s") && !w.endsWith("ss") && !w.equals("us") || IRREGULAR_PAST.contains(w);
    }

    private static String clause(String text) {
        String c = text.split("[;:,!?(]|\\.(?=\\s|$)", 2)[0].strip();
        if (c.toLowerCase(Locale.ROOT).matches("(?:a|an|the|any|anything|nothing|one|this|that)\\b.*")) {
            return "";
        }
        return c.split("\\s+").length > 14 ? String.join(" ", java.util.Arrays.asList(c.split("\\s+")).subList(0, 14))
                : c;
    }
}
