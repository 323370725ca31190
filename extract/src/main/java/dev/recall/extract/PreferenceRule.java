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
    /** "I'd rather have small commits", "Ask me before adding a dependency": how the user wants the work done. */
    private static final Pattern RATHER = Pattern.compile("(?i)^(?:(?:and|also|but|so|generally|honestly),? )*(?:i'd rather"
            + "|i would rather|(?:please )?(?:ask|check with) me (?:first|before)|(?:please )?wait for me to"
            + "|(?:please )?don't \\w+ (?:anything )?without asking)\\b");
    /** An instruction to the assistant: it starts with a verb, "never"/"always"/"only", or "no X". */
    private static final Pattern IMPERATIVE = Pattern.compile("(?i)^(?:(?:for|when|whenever|if|before|after) [^,]{3,60}, )?(?:(?:and|also|so|just|please|then),? )*(?:run|use"
            + "|keep|write|put|name|format|add|avoid|stop|make|commit|push|open|wait|plan|prefer|stick|always|never"
            + "|only|don't|do not|no|you (?:never|always|only|don't|do not|should))\\b");
    /** What makes an instruction a habit rather than today's task: every time, a style, a standing rule. */
    private static final Pattern HABITUAL = Pattern.compile("(?i)\\bbefore (?:every|each|any) \\w+|\\b(?:every|each)"
            + " time\\b|\\bfor (?:any|all|every) \\w+|\\bwhenever\\b|\\bfor next time\\b|^next time\\b|\\breminder\\b"
            + "|\\bas a rule\\b|\\bthat's the rule\\b|\\bby default\\b|\\bgoing forward\\b|\\bfrom now on\\b|,\\s*ever\\b"
            + "|\\bcommit messages?\\b|\\bcode comments\\b|\\bpr (?:descriptions?|titles?)\\b|\\bemojis?\\b"
            + "|\\bimperative mood\\b|\\bon your own\\b|\\bwithout asking\\b|\\buntil i (?:explicitly )?say\\b"
            + "|\\bwhen(?:ever)? you (?!are\\b|'re\\b|finish|get\\b|have\\b)\\w+");
    /** "Instrumented tests go on the emulator, always.": a norm said with "always" as its last word. */
    private static final Pattern ALWAYS_TAIL = Pattern.compile("(?i)^(?=(?:\\S+\\s+){4}).*?,\\s*always(?:[.!]|$)");
    /**
     * "The export times out on CI, always.": what keeps happening, not how the user wants things done. Asked of the
     * clause that ends in "always" when the message forbids nothing (rules version 14), so that "wait, that happened to
     * run on my phone. instrumented tests go on the emulator, always." still states the norm.
     */
    private static final Pattern HAPPENS = Pattern.compile("(?i)\\b(?:fail(?:s|ed|ing)?|crash(?:es|ed)?|break(?:s)?|broke"
            + "|happen(?:s|ed)?|errors?|flaky|times? out|timed out|hangs?|dies|died)\\b");
    /** A prohibition in the message: a warning rule's to take, with its "always". */
    private static final Pattern FORBIDS = Pattern.compile("(?i)\\b(?:don't|do not|never|no)\\b");

    /** Whether the message tells what keeps happening rather than a norm (see {@link #HAPPENS}). */
    private static boolean happens(String text) {
        return HAPPENS.matcher(text).find() && (FORBIDS.matcher(text).find() || HAPPENS.matcher(always(text)).find());
    }

    private static final Pattern RUN_ON = Pattern.compile("[a-z0-9)][.!]\\s+[a-z]");

    /**
     * The clause of a run-on message ("wait, that ran on my phone. instrumented tests go on the emulator, always. my
     * phone ...") that ends in "always"; when that clause only points back ("that's how it's done here, always"), the
     * one before it.
     */
    private static String always(String text) {
        String[] parts = text.strip().split("(?<=[.!])\\s+(?=[a-z])|(?<=[a-z0-9)])\\.\\s+(?=[a-z])");
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].matches("(?is).*,\\s*always[.!]*")) {
                String p = i > 0 && parts[i].matches("(?i)(?:that's|that is|this is|it's) .*") ? parts[i - 1] : parts[i];
                return Phrasing.stripLead(p.replaceAll("[.!]+$", ""));
            }
        }
        return Phrasing.stripLead(text);
    }

    /** A message that states a rule or decision: its "I'd rather ... than ..." is that rule's reason. */
    private static final Pattern RULE_STATED = Pattern.compile("(?i)\\bthe rule\\b|\\bdecision\\b|\\bdecided\\b"
            + "|\\bgoing forward\\b");

    /** "Next time this happens, check the carrier latency first": a way to debug, not a preference. */
    static final Pattern DEBUG_ADVICE = Pattern.compile("(?i)\\b(?:next time|when(?:ever)? (?:this|that|it) happens"
            + "|if (?:this|that|it) happens)\\b.*\\b(?:check|look at|look for|start with|first)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        t.eachSentence("user", claims, (ordinal, ss, i) -> {
            Sentence s = ss.get(i);
            if (s.isQuestion() || !matches(s.text())) {
                return 0;
            }
            if (RATHER.matcher(Phrasing.stripLead(s.text())).find() && !CUE.matcher(s.text()).find()
                    && ss.stream().anyMatch(x -> x != s && RULE_STATED.matcher(x.text()).find())) {
                return 0;
            }
            StringBuilder body = new StringBuilder(s.text());
            List<Candidate.Span> spans = new ArrayList<>(List.of(Phrasing.span(s)));
            claims.claim(s);
            int used = 0;
            if (i + 1 < ss.size()) {
                Sentence next = ss.get(i + 1);
                if (!claims.taken(next) && (matches(next.text()) || FOLLOW.matcher(next.text()).find())) {
                    body.append(' ').append(next.text());
                    claims.claim(next);
                    used = 1;
                }
            }
            Phrasing.Split split = Phrasing.split(s.text());
            String rest = Phrasing.stripLead(split.rest());
            if (split.rest().matches("No \\w.*")) {
                rest = split.rest(); // "No emojis in commit messages": the "No" is the preference
            }
            if (ALWAYS_TAIL.matcher(s.text()).find() && RUN_ON.matcher(rest).find()) {
                rest = always(s.text());
            }
            rest = PREFER_LEAD.matcher(rest).replaceFirst("Prefer ");
            rest = PLEASE_LEAD.matcher(rest).replaceFirst("");
            String trigger = split.condition() != null ? split.condition()
                    : Phrasing.topicTrigger("when working with", t, s);
            double confidence = STANDING.matcher(s.text()).find() ? 0.7 : 0.55;
            out.add(new Candidate(EntryType.PREFERENCE, Phrasing.preferenceScope(t.session(), body.toString()),
                    Texts.asTitle(rest, Phrasing.TITLE_MAX), body.toString(), trigger, confidence, spans));
            return used;
        });
        return out;
    }

    /** Whether the sentence is an instruction to the assistant ("Find another way."), not a statement. */
    static boolean instruction(String text) {
        String lead = Phrasing.stripLead(text);
        return IMPERATIVE.matcher(lead).find() || IMPERATIVE.matcher(text.strip()).find()
                || INSTRUCTION_VERB.matcher(lead).lookingAt() || VERB_THEN_OBJECT.matcher(lead).lookingAt()
                && !NOT_A_VERB.matcher(lead).lookingAt();
    }

    /** Any verb with its object: "Inject the image pipeline", "Bundle them", "Map `x` to ...". */
    private static final Pattern VERB_THEN_OBJECT = Pattern.compile("(?i)(?:please )?[a-z]{3,}(?<![^s]s|ed|ing|ly) (?:the|a|an"
            + "|it|them|this|that|these|those|all|every|each|our|my|your|its|`)\\b?");
    /** Words that start a statement, not an order. */
    private static final Pattern NOT_A_VERB = Pattern.compile("(?i)(?:then|and|but|also|because|since|when|where|what"
            + "|which|while|after|before|with|without|from|into|about|for|all|both|only|just|here|there|maybe|perhaps"
            + "|yes|not|now|once|even|still|again|over|under|until|like|via|per|one|two|three|some|any|many|most|each"
            + "|every|this|that|these|those|our|your|their|his|her|its|the|you|we|they|she|he|who|how|why|can|could"
            + "|would|should|will|shall|may|might|must|did|does|had|has|have|was|were|are|is|been|being|so|thanks|sorry"
            + "|great|good|fine|okay|right|sure|well|actually|really|probably|definitely)\\b");

    private static final Pattern INSTRUCTION_VERB = Pattern.compile("(?i)(?:please )?(?:find|fix|try|do|get|go|look|check"
            + "|figure|leave|revert|undo|remove|delete|change|rename|move|set|turn|switch|ask|tell|show|give)\\b");

    private static boolean matches(String text) {
        String lead = Phrasing.stripLead(text);
        if (DEBUG_ADVICE.matcher(text).find()) {
            return false;
        }
        boolean imperative = IMPERATIVE.matcher(lead).find() || IMPERATIVE.matcher(text.strip()).find();
        if (RATHER.matcher(lead).find() || imperative && HABITUAL.matcher(text).find() || ALWAYS_TAIL.matcher(text).find() && !happens(text)) {
            return true;
        }
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
