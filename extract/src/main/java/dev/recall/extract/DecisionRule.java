package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decisions: a decision cue ("we decided", "go with", "rather than", "the rule going forward") together with its
 * reason. The reason may sit in the same sentence, the next ones, or in the other party's message just before
 * (an assistant's argument that the user then accepts). A cue without any reason is not proposed.
 */
final class DecisionRule implements Rule {
    /**
     * A decision someone else made, reported by the user: "Priya answered the dictionary question: one global
     * dictionary", "Finance decided: no refunds after 30 days", "security signed off on mTLS everywhere".
     */
    private static final String REPORTED_SOURCE = "\\b[\\w'-]+ (?:has |have )?(?:decided|signed off)(?: on\\b| that\\b|:)"
            + "|\\banswered the [\\w -]{1,40}question:|\\bcame back (?:on|about) the [\\w -]{1,40}question:";
    private static final Pattern ANSWERED_QUESTION = Pattern.compile("(?i)\\b(?:answered|came back (?:on|about)) the"
            + " ([\\w -]{1,40}) question:");
    private static final Pattern REPORTED = Pattern.compile("(?i)(?:" + REPORTED_SOURCE + ")");
    private static final Pattern CUE = Pattern.compile("(?i)(?:\\b(?:we|i) (?:have |had )?(?:decided|chose|opted"
            + "|settled)\\b|\\bdecided to\\b|\\bdecision(?: is| then| now| for [\\w ./-]{1,30})?:|\\bthat's the rule\\b|\\b(?:let's|lets|we'll|we will|we're going to"
            + "|we are going to) (?:go with|use|keep|stick with|stay on|stay with|switch to|move to|standardi[sz]e on)\\b"
            + "|\\bgo(?:ing)? with\\b|\\bpin(?:ned|ning)? (?:it|them|the|this|that|to)\\b|\\bthe rule(?: going forward| from now on| is)?:|\\bthe rule"
            + " going forward\\b|\\binstead of\\b|\\brather than\\b|\\bstandardi[sz]e on\\b|\\bsource of truth\\b"
            + "|\\bfor now,? (?:we|treat|keep|use|leave)\\b|\\bwe keep\\b|\\bwe (?:always|only) use\\b"
            + "|\\bwe agreed (?:to|on|that)\\b|\\bas agreed\\b|\\blet's not\\b|\\bdecided against\\b|\\bruled out\\b|\\b(?:we|i) (?:picked|went with|settled on)\\b"
            + "|^[\\w .-]{1,30}\\bit is[.!]?$|\\bwe(?:'re| are) not (?:supporting|using|doing|adding|shipping|building|taking)\\b"
            + "|\\bwe(?:'re| are) (?:keeping|sticking with|staying (?:on|with)|going with|switching to|moving to|dropping"
            + "|standardi[sz]ing on)\\b|\\bwe(?:'ll| will) (?:drop|stay on|stay with)\\b|" + REPORTED_SOURCE + ")");
    /** The user's "I think we should keep X behind a flag": their call, which stands with its reason. */
    private static final Pattern USER_SHOULD = Pattern.compile("(?i)^(?:i think |i'd say )?we should (?:keep|use|stay"
            + "|stick|go with|move|switch|drop|store|put|make|split|default|pin|not)\\b");
    static final Pattern REASON = Pattern.compile("(?i)\\b(?:because|since|so that|due to|given that|otherwise"
            + "|to avoid|to prevent|to keep|the reason|which means|that way|precisely|on purpose|i'd rather"
            + "|so (?:we|nobody|people|the|it|that|callers|every|no|they|a|an|one|each|any|only)|then (?:the|we|it|nobody|every)"
            + "|has no|have no|doesn't|does not|can't|cannot|won't|would (?:be|have)|covers|safer|simpler"
            + "|faster|cheaper|already|nobody|no one|we want|we need|isn't|aren't"
            + "|would (?:double|break|cost|need|mean|make|add|slow|lose))\\b");
    /** Cues that state a decision outright: it stands without a stated reason (one is added when nearby). */
    private static final Pattern DECLARED = Pattern.compile("(?i)(?:\\b(?:we|i) (?:have |had )?decided\\b|\\bdecision"
            + "(?: is| then| now| for [\\w ./-]{1,30})?:|\\bthat's the rule\\b|\\bthe rule(?: going forward| from now on"
            + "| is)?:|\\bdecided against\\b|\\bruled out\\b|\\bwe agreed (?:to|on|that)\\b|^[\\w .-]{1,30}\\bit is[.!]?$|"
            + REPORTED_SOURCE + ")");
    private static final Pattern CONTRAST = Pattern.compile("(?i)\\b(?:instead of|rather than)\\b");
    /** An assistant's "rather than" is a decision only when someone decides: "we", "let's", "I'll use". */
    private static final Pattern DECIDING = Pattern.compile("(?i)\\b(?:we'll|we will|we're going to|let's|i'll|i will"
            + "|going with|switch(?:ed|ing)? to|decided|chose|we use|we keep|we want|go with)\\b"
            + "|^(?:switched|replaced|moved|changed)\\b");
    private static final Pattern NOT_DECISION = Pattern.compile("(?i)\\b(?:(?<!has |have |had )asked|asks|wondering|wonder"
            + "|why)\\b");
    private static final Pattern PROPOSAL = Pattern.compile("(?i)^(?:proposal|plan|suggestion|recommendation)\\s*:"
            + "|\\b(?:i propose|i suggest|i'd suggest|i recommend|my recommendation)\\b");
    private static final Pattern ACCEPT = Pattern.compile("(?i)^(?:ok(?:ay)?,? |yes,? |yep,? |sure,? |good,? )?(?:do it"
            + "|go ahead|sounds good|sounds right|agreed|let's do (?:it|that)|ship it|go for it|please do|makes sense"
            + "|works for me|that works|do that|yes,? please)\\b"
            // "ok, targeted it is.": the option the assistant recommended, named back.
            + "|^(?:ok(?:ay)?|yes|yep|sure|fine|right|good|alright),? [\\w'. -]{1,30}\\bit is[.!]?$");
    /** A reply that takes a proposal on: the explicit accepts above, "do X and Y", "X is fine for now". */
    private static final Pattern TAKES_ON = Pattern.compile("(?i)^(?:ok(?:ay)?,? |yes,? |good,? )?(?:do \\S+"
            + "|let's (?:go with|use|keep|do)\\b)|\\b(?:is|are) fine(?: for now)?[.!]?$");
    /** An assistant sentence that puts a course of action forward, for a reply that accepts it explicitly. */
    private static final Pattern SUGGESTS = Pattern.compile("(?i)\\bshould\\b|\\bbetter to\\b|\\bi'd (?!like|love|need"
            + "|be|have|say|guess|think|expect|imagine|assume|agree|prefer to know)[a-z]+\\b|\\bthe (?:cleanest|simplest|safest|right) (?:fix|option|way|approach)\\b");
    private static final Pattern YES = Pattern.compile("(?i)^(?:yes|yep|yeah|sure|ok|okay|right|agreed|exactly)\\b");
    /** A directive that settles how something is set up, not a request for work ("fix", "run", "add a test"). */
    private static final Pattern DIRECTIVE = Pattern.compile("(?i)^(?:(?:ah|ok(?:ay)?|good|yes|yeah|right|fine"
            + "|then)[,.!]?\\s+(?:right[,.]?\\s+)?)?(?:keep|stay on|stick (?:with|to)|turn (?:it |this |that |them )?(?:on|off)"
            + "|turn on|turn off|enable|disable|bump|pin|switch|move (?:\\w+ )?(?:to|into)|set|upgrade|downgrade|drop"
            + "|go with|adopt|let's (?:enable|disable|turn|bump|pin|switch|move|use|set|keep|go with|drop|adopt|stay"
            + "|stick|make)|we can (?:finally )?(?:bump|switch|move|drop|enable|use|upgrade|turn)"
            + "|use [^.,;]{2,60},? (?:not|instead of|rather than)"
            // How something is built, said as an order: "Store amounts as integer cents", "Cap retries at 5",
            // "Make the timeout configurable", "Default to UTC". ("Put X in Y" is more often a one-off instruction.)
            + "|store (?:\\S+ ){1,5}?as|cap (?:\\S+ ){1,4}?at|limit (?:\\S+ ){1,4}?to|make (?:\\S+ ){1,4}?(?:configurable"
            + "|optional|the default|required|idempotent|explicit|opt-in|opt-out|read-only)|default (?:\\S+ ){0,3}?to"
            + "|replace (?:\\S+ ){1,5}?with"
            + "|prefer (?:\\S+ ){1,5}?over)\\b");
    /** A directive for this run only ("this time", "just for now") is an instruction, not a decision. */
    static final Pattern ONE_OFF = Pattern.compile("(?i)\\b(?:this time|for this run|just this once|for now"
            + "|temporarily|for the moment|see (?:what|if|whether)|try)\\b");
    /**
     * A directive for this run only. "For now" is one only for work ("try the cache for now"); "Stick with the fixed
     * window for now; sliding windows ... we don't need that yet" keeps a setup until further notice.
     */
    private static boolean oneOff(String sentence, String lead) {
        String s = KEEPS.matcher(lead).lookingAt() ? sentence.replaceAll("(?i)\\bfor now\\b", "") : sentence;
        return ONE_OFF.matcher(s).find();
    }

    /** Why a setup stays as it is: what the alternative would buy is not needed. */
    private static final Pattern NO_NEED = Pattern.compile("(?i)\\b(?:don't|do not) need\\b|\\bno need\\b|\\bnot needed\\b"
            + "|\\boverkill\\b");
    private static final Pattern KEEPS = Pattern.compile("(?i)(?:keep|stick (?:with|to)|stay (?:on|with))\\b");
    /** "Turn it on", "Keep that": the object is named elsewhere, so the directive alone makes no title. */
    private static final Pattern ANAPHORIC = Pattern.compile("(?i)^\\S+(?: \\S+)? (?:it|that|this|them|those)\\b");
    private static final Pattern HOW = Pattern.compile("(?i)^(?:so,? )?(?:how (?:do|should|can|would) (?:we|i)"
            + "|what(?:'s| is) the (?:best|right|cleanest) way|should we|do we)\\b");
    private static final Pattern RECOMMENDS = Pattern.compile("(?i)\\bbetter to\\b|\\bi'd (?:rather|go with|suggest)\\b"
            + "|\\bthe (?:cleanest|simplest|safest|right) (?:fix|option|way|approach)\\b|\\binstead of\\b"
            + "|\\brather than\\b|\\bin the first place\\b");
    private static final Pattern ASSISTANT_ROUTINE = Pattern.compile("(?i)^(?:i'll|i will|let me|i'm going to"
            + "|now|next|running|checking|reading|looking)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        t.eachSentence(null, claims, (ordinal, ss, i) -> {
            Sentence s = ss.get(i);
            if (!isCue(s) || s.isQuestion() && !answeredYes(t, ordinal)) {
                return 0;
            }
            List<Sentence> reasons = reasons(t, ss, i, claims);
            if (reasons.isEmpty() && !s.fromUser() && DESIGN_CHOICE.matcher(s.text()).find()) {
                reasons = List.of(s); // the reason is in the sentence ("so existing clients keep working")
            }
            // A user's choice that names the alternative it beat ("We're keeping REST rather than moving to
            // GraphQL") is declared: the alternative is the point, a reason is added when one is near.
            if (reasons.isEmpty() && !(s.fromUser() && (DECLARED.matcher(s.text()).find()
                    || CONTRAST.matcher(s.text()).find()))) {
                return 0;
            }
            claims.claim(s);
            List<Candidate.Span> spans = new ArrayList<>();
            String picked = s.fromUser() ? option(t, ordinal, Phrasing.stripLead(s.text())) : null;
            StringBuilder body = new StringBuilder(s.text());
            if (picked != null) {
                body.append(" (").append(picked).append(')');
            }
            List<Sentence> anchored = new ArrayList<>(List.of(s));
            // The sentences that follow a decision usually argue it: they belong to the entry.
            for (int j = i + 1; j < Math.min(ss.size(), i + 3); j++) {
                Sentence f = ss.get(j);
                if (!claims.taken(f) && !f.isQuestion() && !reasons.contains(f)) {
                    body.append(' ').append(f.text());
                    claims.claim(f);
                }
            }
            for (Sentence r : reasons) {
                if (r != s) {
                    body.append(r.ordinal() == s.ordinal() ? " " : "\nReason: ").append(r.text());
                    anchored.add(r);
                    claims.claim(r);
                }
            }
            anchored.sort(java.util.Comparator.comparingInt(Sentence::ordinal));
            for (Sentence a : anchored) {
                if (spans.stream().noneMatch(x -> x.start() == a.ordinal())) {
                    spans.add(Phrasing.span(a));
                }
            }
            Phrasing.Split split = Phrasing.split(s.text());
            Matcher question = ANSWERED_QUESTION.matcher(s.text());
            String trigger = split.condition() != null ? split.condition()
                    : question.find() ? "when the " + question.group(1).strip() + " question comes up" : trigger(t, s);
            String option = picked;
            double confidence = (s.fromUser() ? 0.65 : 0.5) + (reasons.contains(s) ? 0.05 : 0);
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                    option != null ? Texts.asTitle(option, Phrasing.TITLE_MAX) : answered(t, s, title(split.rest())),
                    body.toString(), trigger, confidence, spans));
            return 0;
        });
        accepted(t, claims, out);
        directed(t, claims, out);
        recommended(t, claims, out);
        chosen(t, claims, out);
        corrected(t, claims, out);
        return out;
    }

    /** A question that weighs alternatives for the project, not for the next few minutes. */
    private static final Pattern ALTERNATIVES_ASKED = Pattern.compile("(?i)\\S \\S*\\s*\\bor\\b \\S|\\bvs\\.?\\s|\\beither\\b"
            + "|\\boption\\b|\\(a\\)|\\b(?:two|three|a few) (?:ways|options|choices|approaches)\\b");
    private static final Pattern ABOUT_SETUP = Pattern.compile("(?i)\\b(?:we|use|using|keep|switch|choose|pick|go with"
            + "|adopt|stay|move|store|backend|library|crate|package|dependency|approach|version|format|key|model)\\b");
    private static final Pattern MOMENT = Pattern.compile("(?i)\\b(?:first|now|next|today|right away|this time|again"
            + "|show|print|summar\\w*|table|list)\\b");
    /** Why a choice was made, as people say it in a reply ("We wanted to get rid of OpenSSL anyway"). */
    static final Pattern REPLY_REASON = Pattern.compile("(?i)\\b(?:anyway|get rid of|we(?:'ve)? wanted|we want"
            + "|one less|no more|fewer|less|easier|simpler|smaller|lighter|avoids?|means|keeps?|matches|already)\\b");
    private static boolean replyReason(Sentence r) {
        return REASON.matcher(r.text()).find() || REPLY_REASON.matcher(r.text()).find();
    }

    private static final Pattern ACK = Pattern.compile("(?i)(?:ok(?:ay)?|right|sure|yes|yeah|yep|good|fine|alright"
            + "|got it|thanks)[.!,]*");
    private static final Pattern DISSENT = Pattern.compile("(?i)^(?:no|nope|neither|not|don't|do not|hmm|wait|why"
            + "|what|maybe|i don't know|not sure)\\b");

    /**
     * "Go rustls. We wanted to get rid of OpenSSL anyway." in answer to the assistant's "rustls or native-tls?": a
     * short reply that picks one of the alternatives the question named, with its reason: the decision, titled by
     * the question and the choice.
     */
    private static void chosen(Transcript t, Claims claims, List<Candidate> out) {
        for (int ordinal : t.proseOrdinals()) {
            List<Sentence> reply = t.sentencesOf(ordinal);
            Integer prev = t.previousProse(ordinal);
            if (!"user".equals(t.role(ordinal)) || reply.isEmpty() || claims.taken(reply.getFirst()) || prev == null
                    || ordinal - prev > 4 || !"assistant".equals(t.role(prev))) {
                continue;
            }
            // "OK. Go rustls.": an acknowledgement before the pick is skipped.
            Sentence pick = reply.size() > 1 && ACK.matcher(reply.getFirst().text().strip()).matches() ? reply.get(1)
                    : reply.getFirst();
            Matcher labelFirst = LABEL_FIRST.matcher(pick.text().strip());
            String choice = labelFirst.lookingAt() ? labelFirst.group(1)
                    : Phrasing.stripLead(pick.text()).replaceAll("[.!]+$", "").split("[,;:\u2014]| - ", 2)[0].strip();
            if (pick.isQuestion() || words(choice) > 6 || DISSENT.matcher(choice).find()
                    || ONE_OFF.matcher(choice).find()) {
                continue;
            }
            Matcher letter = BARE_OPTION.matcher(choice);
            if (letter.matches()) {
                pickedByLabel(t, claims, out, ordinal, reply, pick, letter.group(1) != null ? letter.group(1)
                        : letter.group(2) != null ? letter.group(2) : letter.group(3));
                continue;
            }
            // The alternatives: a question ("rustls or native-tls?") or options laid out ("Two ways: ..., or ...").
            // The options may have been laid out one assistant message earlier ("... Which one do you want?").
            Sentence q = null;
            Integer before = t.previousProse(prev);
            for (Integer m : before != null && ordinal - before <= 8 && "assistant".equals(t.role(before))
                    ? List.of(prev, before) : List.of(prev)) {
                List<Sentence> asked = t.sentencesOf(m);
                String laidOut = t.message(m).text();
                if (q != null || !ALTERNATIVES_ASKED_GATED.find(laidOut) || !ABOUT_SETUP.matcher(laidOut).find()) {
                    continue;
                }
                for (int j = asked.size() - 1; j >= 0 && q == null; j--) {
                    Sentence c = asked.get(j);
                    if (!MOMENT.matcher(c.text()).find() && sharesWord(choice, c.text())) {
                        q = c;
                    }
                }
            }
            if (q == null) {
                continue;
            }
            List<Sentence> reasons = claims.free(reply.subList(0, Math.min(3, reply.size())), 3,
                    DecisionRule::replyReason);
            if (reasons.isEmpty()) {
                continue;
            }
            claims.claim(pick);
            reasons.forEach(claims::claim);
            StringBuilder body = new StringBuilder(pick.text());
            reasons.stream().filter(r -> r != pick).forEach(r -> body.append(' ').append(r.text()));
            body.append("\nAsked: ").append(q.text());
            String question = Phrasing.stripLead(q.text()).replaceAll("\\?+$", "");
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                    Texts.asTitle(question + ": " + lowerFirst(choice), Phrasing.TITLE_MAX), body.toString(),
                    "when deciding " + Texts.bound(lowerFirst(question), 110), 0.6,
                    List.of(Phrasing.span(q), Phrasing.span(pick))));
        }
    }

    /** A reply that opens with an option's label and goes on with its reason: "b. The CI check only tells you ...". */
    private static final Pattern LABEL_FIRST = Pattern.compile("(?i)^(\\(?[a-d1-4]\\)?)[.,:;]\\s+(?=\\S)");

    /** A reply that is only an option's label: "a", "(b)", "Option 2". */
    private static final Pattern BARE_OPTION = Pattern.compile("(?i)^(?:(?:let's do |go with |do )?(?:\\(?([a-d1-4])\\)?"
            + "|option ([a-d1-4]))|(?:let's do |go with )?the (first|second|third)(?: one| option)?)(?: please)?$");

    /**
     * "a, keep it simple." in answer to "Two options: (a) replay a recorded payload ..., or (b) ...": the pick is
     * titled by the option's own words, with the reason the reply gives.
     */
    private static void pickedByLabel(Transcript t, Claims claims, List<Candidate> out, int ordinal,
            List<Sentence> reply, Sentence pick, String label) {
        Integer prev = t.previousProse(ordinal);
        String laidOutText = prev == null ? "" : t.message(prev).text();
        // A bare pick stands without a reason of its own when the options are about how things are set up: the
        // options message argued them. A pick of what to look at or do first is no decision.
        if (!ABOUT_SETUP.matcher(laidOutText).find() || MOMENT.matcher(laidOutText).find() && !REASON.matcher(
                laidOutText).find()) {
            return;
        }
        String option = labelled(t, ordinal, label);
        List<Sentence> reasons = claims.free(reply.subList(0, Math.min(3, reply.size())), 3,
                DecisionRule::replyReason);
        if (option == null) {
            return;
        }
        claims.claim(pick);
        reasons.forEach(claims::claim);
        Integer laidOut = t.previousProse(ordinal);
        StringBuilder body = new StringBuilder(Texts.capitalize(option)).append(".\nChosen: ").append(pick.text());
        reasons.stream().filter(r -> r != pick).forEach(r -> body.append(' ').append(r.text()));
        String asked = null;
        for (int o = laidOut - 1; o >= 0 && asked == null && laidOut - o <= 4; o--) {
            if ("user".equals(t.role(o))) {
                asked = t.sentencesOf(o).stream().filter(Sentence::isQuestion).map(q -> Phrasing.stripLead(q.text())
                        .replaceAll("\\?+$", "")).reduce((a, b) -> b).orElse(null);
            }
        }
        out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                Texts.asTitle(Texts.capitalize(option), Phrasing.TITLE_MAX), body.toString(),
                asked != null ? "when choosing: " + Texts.bound(lowerFirst(asked), 110) : trigger(t, pick), 0.6,
                List.of(new Candidate.Span(laidOut, laidOut, null), Phrasing.span(pick))));
    }

    private static final java.util.Map<String, String> ORDINALS = java.util.Map.of("first", "1", "second", "2",
            "third", "3");

    /** The text of option {@code label} in the assistant's message: "(a) ...", "Option a: ...", or a list item "1. ...". */
    static String labelled(Transcript t, int ordinal, String label) {
        String l = ORDINALS.getOrDefault(label.toLowerCase(java.util.Locale.ROOT), label);
        String inline = option(t, ordinal, "(" + l + ")");
        if (inline != null) {
            return inline;
        }
        Integer prev = t.previousProse(ordinal);
        if (prev == null || ordinal - prev > 2 || !"assistant".equals(t.role(prev))) {
            return null;
        }
        String alt = l.matches("[1-4]") ? String.valueOf((char) ('a' + l.charAt(0) - '1')) : String.valueOf(l.charAt(0) - 'a' + 1);
        Matcher m = Pattern.compile("(?im)^\\s*(?:[-*]\\s*)?(?:\\*\\*)?(?:option\\s+)?(?:" + Pattern.quote(l) + "|"
                + Pattern.quote(alt) + ")(?:[.):]|\\*\\*)+\\s*(?:\\*\\*)?\\s*([^\\n]{8,}?)(?:[.;]\\s|\\n|$)").matcher(t.message(prev).text());
        return m.find() ? m.group(1).replaceAll("\\*\\*", "").replaceAll("[:\\s]+$", "").strip() : null;
    }

    private static final Pattern CORRECTION = Pattern.compile("(?i)^(?:no|nope|not quite|not really|actually)\\b[,.:;!]?\\s*");
    /** What the assistant put forward that a "No, ..." answers: a question, a plan or an assumption. */
    private static final Pattern PUT_FORWARD = Pattern.compile("(?i)\\?$|\\b(?:i'll|i will|i'm going to|i plan to"
            + "|i assume|assuming|i'd|should|plan:|proposal:)\\b");
    /** How something is to be built, said as an order: "Key it on the Stripe event id", "Store amounts in cents". */
    private static final Pattern DESIGN_ORDER = Pattern.compile("(?i)^(?:(?:so|then|just|instead),? )?(?:key|use|store"
            + "|keep|make|treat|dedupe|deduplicate|index|partition|model|split|group|name|route|record|track|persist"
            + "|cache|retry|match|base|tie|scope|pin|set|put|default|charge|round|sum|sort|compare|look (?:it|them) up"
            + "|count|allow|accept|reject|block|limit|cap|switch|move|drop|send|emit|return|raise|fail|skip|ignore"
            + "|queue|batch|wrap|flag|mark|handle|validate|derive|compute|hash|sign|encrypt|lock|expire|go with"
            + "|stick with|stay on|do it|do that|leave (?:it|them|that))\\b");

    /**
     * "No, invoices can be paid in parts, so one invoice gets several events. Key it on the Stripe event id." in
     * answer to the assistant's plan or question: the user corrects an assumption and says how it is to be done
     * instead. The correction is the reason; the title carries both, so the order reads on its own.
     */
    private static void corrected(Transcript t, Claims claims, List<Candidate> out) {
        for (int ordinal : t.proseOrdinals()) {
            List<Sentence> reply = t.sentencesOf(ordinal);
            Integer prev = t.previousProse(ordinal);
            if (!"user".equals(t.role(ordinal)) || reply.isEmpty() || prev == null || ordinal - prev > 6
                    || !"assistant".equals(t.role(prev))) {
                continue;
            }
            Sentence first = reply.getFirst();
            Matcher no = CORRECTION.matcher(first.text().replaceFirst("(?i)^(?:wait|hmm|hold on|ah)[,.!]*\\s+", ""));
            if (claims.taken(first) || first.isQuestion() || !no.lookingAt()) {
                continue;
            }
            int skip = first.text().length() - first.text().replaceFirst("(?i)^(?:wait|hmm|hold on|ah)[,.!]*\\s+", "")
                    .length() + no.end();
            // The correction: the rest of "No, ..." or, after a bare "No.", the next sentence.
            Sentence stated = Texts.words(first.text().substring(skip)) >= 4 ? first
                    : reply.size() > 1 ? reply.get(1) : null;
            String statement = stated == first ? first.text().substring(skip) : stated == null ? "" : stated.text();
            Sentence order = claims.firstFree(reply, r -> r != first && r != stated
                    && DESIGN_ORDER.matcher(Phrasing.stripLead(r.text())).find() && words(r.text()) >= 3);
            // "No, invoices can be paid in parts, so key it on the event id": the order may be the statement's last clause.
            String ordered = order == null ? null : Phrasing.stripLead(order.text());
            if (order == null && stated != null) {
                Matcher so = SO_CLAUSE.matcher(statement);
                while (so.find()) {
                    if (DESIGN_ORDER.matcher(statement.substring(so.end())).find()) {
                        order = stated;
                        ordered = statement.substring(so.end());
                        statement = statement.substring(0, so.start());
                        break;
                    }
                }
            }
            Sentence forward = t.sentencesOf(prev).stream().filter(p -> PUT_FORWARD.matcher(p.text()).find())
                    .reduce((a, b) -> b).orElse(null);
            if (stated == null || order == null || forward == null || words(statement) < 4
                    || DESIGN_ORDER.matcher(statement).find() || ONE_OFF.matcher(ordered).find()) {
                continue;
            }
            claims.claim(first);
            claims.claim(stated);
            claims.claim(order);
            java.util.LinkedHashSet<Sentence> said = new java.util.LinkedHashSet<>(List.of(first, stated, order));
            String body = String.join(" ", said.stream().map(Sentence::text).toList()) + "\nInstead of: "
                    + forward.text();
            String title = Texts.capitalize(statement.strip().replaceAll("[.!,;]+$", "")) + ", so "
                    + lowerFirst(ordered.strip().replaceAll("[.!]+$", ""));
            List<Candidate.Span> spans = new ArrayList<>(List.of(Phrasing.span(forward), Phrasing.span(first)));
            if (order.ordinal() != first.ordinal()) {
                spans.add(Phrasing.span(order));
            }
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body), Texts.asTitle(title,
                    Phrasing.TITLE_MAX), body, Phrasing.topicTrigger("when deciding about", t, order), 0.6, spans));
        }
    }

    /** The choice names something the options named ("rustls" in "the `rustls-tls` feature"). */
    private static boolean sharesWord(String choice, String options) {
        String laid = options.toLowerCase(java.util.Locale.ROOT);
        for (String w : NOT_WORD.split(choice.toLowerCase(java.util.Locale.ROOT))) {
            if (w.length() >= 3 && !dev.recall.sessions.Stopwords.contains(w) && !GENERIC_CHOICE.contains(w)) {
                for (int at = laid.indexOf(w); at >= 0; at = laid.indexOf(w, at + 1)) {
                    if (at == 0 || !Character.isLetterOrDigit(laid.charAt(at - 1))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static final java.util.Set<String> GENERIC_CHOICE = java.util.Set.of("use", "keep", "with", "go", "let's",
            "option", "the", "one", "first", "second", "that", "this", "way", "approach", "fine", "good", "yes");

    private static String lowerFirst(String s) {
        return Texts.lowerFirst(s);
    }

    /**
     * A user's directive about how things are set up ("Keep highp for filters.", "Turn it on for everyone in
     * gradle.properties.", "we can finally bump rust-toolchain.toml to 1.84") that the session then carries out by
     * editing a file, or that answers the argument just made: a decision, with the argument as its reason and the
     * change as its outcome. A directive nobody acts on and nobody argued for is only a request.
     */
    private static void directed(Transcript t, Claims claims, List<Candidate> out) {
        for (int ordinal : t.userProse()) {
            List<Sentence> ss = t.sentencesOf(ordinal);
            // A message an earlier rule already drew on (a preference, a warning, a stated decision) is covered:
            // its closing "Keep it that way." would only repeat that entry.
            if (ss.stream().anyMatch(claims::taken)) {
                continue;
            }
            for (int i = 0; i < ss.size(); i++) {
                Sentence s = ss.get(i);
                String lead = directive(Phrasing.stripLead(s.text()));
                if (claims.taken(s) || s.isQuestion() || lead == null || oneOff(s.text(), lead)) {
                    continue;
                }
                boolean clause = !lead.equals(Phrasing.stripLead(s.text()));
                ToolRun edit = editAfter(t, ordinal);
                String added = edit == null ? null : added(t, edit);
                boolean anaphoric = ANAPHORIC.matcher(lead).find();
                if (anaphoric && added == null && words(lead) < 10) {
                    continue;
                }
                // The argument: the user's own reasons, else the assistant's just before, which the directive
                // answers; a short directive ("Keep the fallback.") also takes the sentence it follows as context.
                List<Sentence> reasons = new ArrayList<>(claims.free(ss, 2, r -> r != s
                        && REASON.matcher(r.text()).find()));
                Integer prev = t.previousProse(ordinal);
                if (reasons.isEmpty() && prev != null && ordinal - prev <= 2 && "assistant".equals(t.role(prev))) {
                    reasons.addAll(claims.free(t.sentencesOf(prev), 2, p -> REASON.matcher(p.text()).find()));
                }
                if (reasons.isEmpty() && i > 0 && words(lead) <= 6 && !claims.taken(ss.get(i - 1))
                        && !ss.get(i - 1).isQuestion()) {
                    reasons.add(ss.get(i - 1));
                }
                boolean argued = clause || REASON.matcher(s.text()).find()
                        || KEEPS.matcher(lead).lookingAt() && NO_NEED.matcher(s.text()).find()
                        || reasons.stream().anyMatch(r -> REASON.matcher(r.text()).find());
                if (edit == null && !argued) {
                    continue;
                }
                claims.claim(s);
                reasons.forEach(claims::claim);
                StringBuilder body = new StringBuilder(s.text());
                String option = option(t, ordinal, lead);
                if (option != null) {
                    body.append(" (").append(option).append(')');
                }
                List<Sentence> anchored = new ArrayList<>(List.of(s));
                for (Sentence r : reasons) {
                    body.append(r.ordinal() == s.ordinal() ? " " : "\nReason: ").append(r.text());
                    anchored.add(r);
                }
                anchored.sort(java.util.Comparator.comparingInt(Sentence::ordinal));
                List<Candidate.Span> spans = new ArrayList<>();
                for (Sentence a : anchored) {
                    if (spans.stream().noneMatch(x -> x.start() == a.ordinal())) {
                        spans.add(Phrasing.span(a));
                    }
                }
                if (edit != null) {
                    body.append("\nDone: edited ").append(String.join(", ", edit.files()))
                            .append(added != null ? " (" + added + ")" : "").append('.');
                    spans.add(Candidate.Span.of(edit.ordinal(), null));
                }
                Phrasing.Split split = Phrasing.split(s.text());
                Matcher question = ANSWERED_QUESTION.matcher(s.text());
            String trigger = split.condition() != null ? split.condition()
                    : question.find() ? "when the " + question.group(1).strip() + " question comes up" : trigger(t, s);
                String title = clause ? Texts.asTitle(lead, Phrasing.TITLE_MAX) : Phrasing.title(split.rest());
                if (option != null) {
                    title = Texts.asTitle(option, Phrasing.TITLE_MAX);
                } else if (anaphoric && words(lead) < 10) {
                    title = Texts.bound(title + ": " + added, Phrasing.TITLE_MAX);
                }
                out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()), title,
                        body.toString(), trigger, 0.55, spans));
            }
        }
    }

    /** "the cross image got updated to 1.84, so we can finally bump rust-toolchain.toml": the clause after the reason. */
    private static final Pattern SO_CLAUSE = Pattern.compile("(?i)(?:,|;|:|\\.\\.\\.)\\s+(?:so|which means|and so|then)\\s+");

    /** The directive of a sentence: the whole (lead) sentence, or a clause that follows its reason; null if none. */
    private static String directive(String lead) {
        if (DIRECTIVE.matcher(lead).find()) {
            return lead;
        }
        Matcher so = SO_CLAUSE.matcher(lead);
        while (so.find()) {
            String rest = lead.substring(so.end());
            if (DIRECTIVE.matcher(rest).find()) {
                return rest;
            }
        }
        return null;
    }

    /**
     * The assistant's answer to a user's "how do we ..." that recommends one way over another ("Better to avoid
     * premultiplication in the first place: ..."), when the session goes on to edit files: the course taken.
     */
    private static void recommended(Transcript t, Claims claims, List<Candidate> out) {
        for (int ordinal : t.proseOrdinals()) {
            if (!"user".equals(t.role(ordinal)) || t.sentencesOf(ordinal).stream().noneMatch(q -> q.isQuestion()
                    && HOW.matcher(Phrasing.stripLead(q.text())).find())) {
                continue;
            }
            Integer reply = t.nextProse(ordinal);
            if (reply == null || reply - ordinal > 3 || !"assistant".equals(t.role(reply))
                    || carriedOut(t, reply) == null) {
                continue;
            }
            List<Sentence> ss = t.sentencesOf(reply);
            Sentence head = claims.firstFree(ss, p -> RECOMMENDS.matcher(p.text()).find());
            if (head == null) {
                continue;
            }
            List<Sentence> reasons = claims.free(ss, 2, p -> p != head && REASON.matcher(p.text()).find());
            if (reasons.isEmpty() && !REASON.matcher(head.text()).find()) {
                continue;
            }
            claims.claim(head);
            reasons.forEach(claims::claim);
            StringBuilder body = new StringBuilder(head.text());
            reasons.forEach(r -> body.append(' ').append(r.text()));
            ToolRun edit = carriedOut(t, reply);
            body.append("\nDone: edited ").append(String.join(", ", edit.files())).append('.');
            Sentence q = t.sentencesOf(ordinal).stream().filter(Sentence::isQuestion).findFirst().orElseThrow();
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                    Phrasing.title(head.text()), body.toString(), "when asking "
                            + Texts.bound(Phrasing.stripLead(q.text()).replaceFirst("^(\\w)", "$1").toLowerCase(
                                    java.util.Locale.ROOT), 100), 0.5,
                    List.of(Phrasing.span(q), Phrasing.span(head), Candidate.Span.of(edit.ordinal(), null))));
        }
    }

    private static final Pattern OBJECTS = Pattern.compile("(?i)^(?:no\\b|nope|wait|hold on|don't|do not|actually|hmm"
            + "|instead|rather|but)");

    /**
     * The edit that carries a recommendation out: right after it, or after the user's next message when that one
     * does not object ("Before you fix it: add a regression test first" still takes the recommendation).
     */
    private static ToolRun carriedOut(Transcript t, int reply) {
        ToolRun edit = editAfter(t, reply);
        if (edit != null) {
            return edit;
        }
        Integer user = t.nextProse(reply);
        if (user == null || user - reply > 4 || !"user".equals(t.role(user)) || t.sentencesOf(user).isEmpty()
                || OBJECTS.matcher(t.sentencesOf(user).getFirst().text()).find()) {
            return null;
        }
        Integer answer = t.nextProse(user);
        int from = answer != null && answer - user <= 2 && "assistant".equals(t.role(answer)) ? answer : user;
        return editAfter(t, from);
    }

    /** The first edit of files within the next few messages, before the user speaks again. */
    static ToolRun editAfter(Transcript t, int ordinal) {
        for (ToolRun r : t.runs()) {
            if (r.ordinal() <= ordinal) {
                continue;
            }
            if (r.ordinal() - ordinal > 4) {
                return null;
            }
            boolean userSpoke = false;
            for (int o = ordinal + 1; o < r.ordinal(); o++) {
                userSpoke |= "user".equals(t.role(o));
            }
            if (userSpoke) {
                return null;
            }
            if (r.kind() == ToolRun.Kind.EDIT && !r.files().isEmpty()) {
                return r;
            }
        }
        return null;
    }

    /** The first line an edit added ("org.gradle.configuration-cache=true"), as the change in a few words. */
    static String added(Transcript t, ToolRun edit) {
        dev.recall.store.Message m = t.message(edit.ordinal());
        if (m == null) {
            return null;
        }
        for (String line : m.text().split("\n")) {
            String l = line.strip();
            if (l.startsWith("+") && !l.startsWith("+++") && l.length() > 4) {
                String code = l.substring(1).strip();
                if (code.length() >= 4 && !code.startsWith("#") && !code.startsWith("//")
                        && code.matches(".*(?:=|: )\\S.*")) {
                    return "`" + Texts.bound(code, 80) + "`";
                }
            }
        }
        return null;
    }

    /** "Let's not add a retry loop", "we decided against a separate worker binary": the course not taken. */
    private static final Pattern NOT_TAKEN = Pattern.compile("(?i)\\b(let's not|decided against|ruled out|we won't"
            + "|we will not|we're not going to|we are not going to|we're not|we are not)\\s+(.{6,80}?)(?=[,;:]|\\.(?:\\s|$)|\\s+(?:because"
            + "|since|as|so)\\b|$)");
    /** "I chose `pgx` over `database/sql`", "keeping REST rather than moving to GraphQL": the two alternatives. */
    private static final Pattern ALTERNATIVES = Pattern.compile("(?i)\\b(?:chose|choose|picked|pick|keeping|keep"
            + "|going with|go with|went with|use|using|prefer|switch(?:ing)? to|moving to|move to|settled on|stick with"
            + "|sticking with)\\s+(.{2,50}?)\\s+(?:over|rather than|instead of)\\s+(.{2,50}?)(?=[,;:]|\\.(?:\\s|$)"
            + "|\\s+(?:for|because|since|as|so|in|on|here|now|this|until)\\b|$)");

    /**
     * The situation a decision applies to, from its own words: the course not taken ("when deciding whether to add a
     * retry loop in the client"), the alternatives weighed ("when choosing between `pgx` and `database/sql`"), else
     * what the sentence names, else the task at hand.
     */
    private static String trigger(Transcript t, Sentence s) {
        Matcher not = NOT_TAKEN.matcher(s.text());
        if (not.find()) {
            String what = not.group(2).strip();
            boolean verb = not.group(1).toLowerCase(java.util.Locale.ROOT).matches("let's not|we.*")
                    && !what.matches("\\w+ing\\b.*");
            return Texts.bound((verb ? "when deciding whether to " : "when considering ") + what, 120);
        }
        Matcher alt = ALTERNATIVES.matcher(s.text());
        if (alt.find()) {
            return Texts.bound("when choosing between " + alt.group(1).strip() + " and " + alt.group(2).strip(), 120);
        }
        return Phrasing.topicTrigger("when deciding about", t, s);
    }

    private static final Pattern IT_IS = Pattern.compile("(?i)^(?:(?:ok(?:ay)?|fine|then|right)[,.]?\\s+)?([\\w .-]{1,30}?)"
            + "\\s+it is[.!]?$");

    /** "Schedule it is.": the answer to the question just asked, titled by the question and the choice. */
    private static String answered(Transcript t, Sentence s, String title) {
        Matcher m = IT_IS.matcher(s.text().strip());
        Integer prev = t.previousProse(s.ordinal());
        if (!m.matches() || prev == null || s.ordinal() - prev > 2 || t.role(prev).equals(s.role())) {
            return title;
        }
        List<Sentence> ps = t.sentencesOf(prev);
        for (int i = ps.size() - 1; i >= 0; i--) {
            if (ps.get(i).isQuestion()) {
                return Texts.asTitle(Phrasing.stripLead(ps.get(i).text()).replaceAll("\\?+$", "") + ": "
                        + m.group(1).strip().toLowerCase(java.util.Locale.ROOT), Phrasing.TITLE_MAX);
            }
        }
        return title;
    }

    private static final Pattern OPTION_PICK = Pattern.compile("(?i)(?:\\boption |\\()([a-z1-9])\\b\\)?");

    /**
     * "Go with (a).": the option the assistant laid out just before ("(a) mock the payment provider ..., or (b) ..."),
     * in its words, so the title says what was chosen. Null when the directive names no option.
     */
    private static String option(Transcript t, int ordinal, String directive) {
        Matcher pick = OPTION_PICK.matcher(directive);
        Integer prev = t.previousProse(ordinal);
        if (!pick.find() || prev == null || ordinal - prev > 2 || !"assistant".equals(t.role(prev))) {
            return null;
        }
        String label = Pattern.quote(pick.group(1));
        Matcher m = Pattern.compile("(?i)(?:\\(" + label + "\\)|\\boption " + label + "\\b)[:.)]?\\s+([^;.?!]{8,}?)"
                + "(?=,? (?:or|and)?\\s*(?:\\([a-z1-9]\\)|option [a-z1-9]\\b)|[;.?!]|$)").matcher(t.message(prev).text());
        return m.find() ? m.group(1).strip() : null;
    }

    /**
     * "We decided against a separate worker binary: the API process runs the workers" is titled by what was decided,
     * the part before the colon, when that part holds the decision; otherwise by the sentence without its label.
     */
    private static String title(String sentence) {
        Matcher reported = REPORTED.matcher(sentence);
        if (reported.find() && reported.group().endsWith(":") && sentence.length() - reported.end() > 12) {
            return Texts.asTitle(sentence.substring(reported.end()).strip(), Phrasing.TITLE_MAX);
        }
        int colon = sentence.indexOf(": ");
        if (colon > 0) {
            String head = sentence.substring(0, colon);
            if (words(head) >= 3 && (NOT_TAKEN.matcher(head).find() || ALTERNATIVES.matcher(head).find())) {
                return Texts.asTitle(Phrasing.stripLead(head), Phrasing.TITLE_MAX);
            }
        }
        return Phrasing.title(sentence);
    }

    private static int words(String s) {
        return Texts.words(s);
    }

    /**
     * "I kept the old endpoint as a thin wrapper so existing clients keep working": the assistant's account of a
     * design choice, with the reason in the same sentence. Without that reason it is only a report of work done.
     */
    private static final Pattern DESIGN_CHOICE = Pattern.compile("(?i)^(?:i |we )?(?:kept|used|made|left|put|chose|picked|went (?:with|for)"
            + "|opted for|settled on|stored)\\b"
            + ".*\\b(?:because|since|so that|so (?:existing|callers|old|nothing|we|the old|every|no)|to avoid|to keep"
            + "|rather than|instead of)\\b");

    private static boolean isCue(Sentence s) {
        if (!s.fromUser() && DESIGN_CHOICE.matcher(s.text()).find()
                || s.fromUser() && USER_SHOULD.matcher(Phrasing.stripLead(s.text())).find()) {
            return true;
        }
        String lower = s.text().toLowerCase(java.util.Locale.ROOT);
        if (!cue(s.text(), lower) || NOT_DECISION_GATED.find(s.text(), lower)) {
            return false;
        }
        // "I'll box the payload rather than allow the lint, since snapshots are rare": a plan that weighs an
        // alternative and says why is the assistant's decision, not routine narration.
        if (!s.fromUser() && ASSISTANT_ROUTINE.matcher(s.text()).find()
                && !(CONTRAST.matcher(s.text()).find() && REASON.matcher(s.text()).find())) {
            return false;
        }
        // Only "instead of"/"rather than" matched: a description unless someone decides in it.
        String withoutContrast = CONTRAST.matcher(s.text()).replaceAll(" ");
        return cue(withoutContrast, withoutContrast.toLowerCase(java.util.Locale.ROOT))
                || DECIDING.matcher(s.text()).find();
    }

    /** An assistant's proposal that the user accepts ("Proposal: ..." then "Do it."). */
    private static void accepted(Transcript t, Claims claims, List<Candidate> out) {
        for (int ordinal : t.proseOrdinals()) {
            List<Sentence> reply = t.sentencesOf(ordinal);
            if (!"user".equals(t.role(ordinal)) || reply.isEmpty() || claims.taken(reply.getFirst())) {
                continue;
            }
            String first = reply.getFirst().text();
            boolean explicit = ACCEPT.matcher(first).find();
            Integer prev = t.previousProse(ordinal);
            if (prev == null || ordinal - prev > 3 || !"assistant".equals(t.role(prev))) {
                continue;
            }
            List<Sentence> proposal = t.sentencesOf(prev);
            // "Bundle them." after "bundling them in the api image removes the outside dependency": the order repeats
            // the verb of the course the assistant argued for, which is what it takes on.
            Sentence ordered = explicit || TAKES_ON.matcher(first).find() ? null : echoedOrder(first, proposal, claims);
            // "OK: keep date-fns for arithmetic, and from now on all formatting goes through Intl" after "I'd keep
            // date-fns for arithmetic and format with Intl": an ack, then the recommendation said back in its words.
            if (ordered == null && (TAKES_ON.matcher(first).find() || ACKED_ORDER.matcher(first).lookingAt()
                    && PreferenceRule.instruction(ACKED_ORDER.matcher(first).replaceFirst("")))) {
                ordered = claims.firstFree(proposal, p -> (SUGGESTS.matcher(p.text()).find()
                        || PreferenceRule.instruction(p.text())) && sharedWords(first, p.text()) >= 2);
            }
            if (!explicit && !TAKES_ON.matcher(first).find() && ordered == null) {
                continue;
            }
            explicit |= ordered != null;
            Sentence head = ordered != null ? ordered : proposal.stream().filter(p -> !claims.taken(p)
                    && PROPOSAL.matcher(p.text()).find()).findFirst().orElse(null);
            if (head == null && explicit && ACCEPT.matcher(first).lookingAt()) {
                head = claims.firstFree(proposal, p -> SUGGESTS.matcher(p.text()).find());
                if (head == null) {
                    // "Agreed, explicit schema." names what it agrees to: the order of the assistant that says it.
                    String agreed = ACCEPT.matcher(first).replaceFirst("");
                    head = claims.firstFree(proposal, p -> PreferenceRule.instruction(p.text())
                            && sharesWord(agreed, p.text()));
                }
            }
            if (head == null) {
                continue;
            }
            Sentence proposed = head;
            List<Sentence> reasons = claims.free(proposal, Integer.MAX_VALUE, p -> p != proposed
                    && REASON.matcher(p.text()).find());
            if (reasons.isEmpty() && !REASON.matcher(head.text()).find() && !explicit) {
                continue;
            }
            claims.claim(head);
            claims.claim(reply.getFirst());
            StringBuilder body = new StringBuilder(head.text());
            reasons.forEach(r -> {
                body.append(' ').append(r.text());
                claims.claim(r);
            });
            body.append("\nAccepted: ").append(reply.getFirst().text());
            // The user's own reason after the yes ("We're not rewriting the capture pipeline before the release").
            for (Sentence r : claims.free(reply.subList(1, Math.min(3, reply.size())), 2, r -> words(r.text()) >= 4
                    && !PreferenceRule.instruction(r.text()))) {
                body.append(' ').append(r.text());
                claims.claim(r);
            }
            // "I'd keep Swift 5 mode for now" is the assistant's voice; the decision reads "Keep Swift 5 mode for now".
            String recommended = head.text().strip().replaceFirst("^I'd (?!rather\\b)(?=[a-z])", "");
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                    Phrasing.title(Texts.capitalize(recommended)), body.toString(),
                    Phrasing.topicTrigger("when deciding about", t, head), 0.6,
                    List.of(Phrasing.span(head), Phrasing.span(reply.getFirst()))));
        }
    }

    private static final Pattern ACKED_ORDER = Pattern.compile("(?i)^(?:ok(?:ay)?|yes|yep|sure|fine|right|good|alright"
            + "|agreed)[:,.!]?\\s+");

    /** What separates words for sharedWords and sharesWord, compiled once (they run per sentence of a reply). */
    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}_.-]+");

    /** How many content words of a also stand in b (as words). */
    private static int sharedWords(String a, String b) {
        String laid = " " + NOT_WORD.matcher(b.toLowerCase(java.util.Locale.ROOT)).replaceAll(" ") + " ";
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String w : NOT_WORD.split(a.toLowerCase(java.util.Locale.ROOT))) {
            if (w.length() >= 4 && !dev.recall.sessions.Stopwords.contains(w) && !GENERIC_CHOICE.contains(w)
                    && laid.contains(" " + w + " ")) {
                seen.add(w);
            }
        }
        return seen.size();
    }

    /** What a course buys, said of it: "bundling them ... removes the outside dependency". */
    private static final Pattern ARGUED = Pattern.compile("(?i)\\b(?:removes|avoids|fixes|solves|prevents|saves|keeps"
            + "|means|gives|makes (?:it|the|sure))\\b");

    /** Verbs too general to tie an order to the course argued for ("Do it", "Check again"). */
    private static final java.util.Set<String> GENERIC_VERBS = java.util.Set.of("do", "go", "try", "look", "check", "run",
            "show", "tell", "give", "get", "let", "see", "make", "find", "fix", "keep", "leave", "stop", "wait", "use");

    /** The assistant's argued sentence whose verb the user's short order repeats, or null. */
    private static Sentence echoedOrder(String first, List<Sentence> proposal, Claims claims) {
        String order = Phrasing.stripLead(first).replaceAll("[.!]+$", "").strip();
        String[] words = order.split("\\s+");
        if (words.length > 6 || !PreferenceRule.instruction(order)) {
            return null;
        }
        String verb = words[0].toLowerCase(java.util.Locale.ROOT);
        if (GENERIC_VERBS.contains(verb) || verb.length() < 4) {
            return null;
        }
        Pattern forms = Pattern.compile("(?i)\\b(?:" + Pattern.quote(verb) + "(?:s|d|ed)?|" + Pattern.quote(Texts.gerund(verb))
                + ")\\b");
        return claims.firstFree(proposal, p -> forms.matcher(p.text()).find() && words(p.text()) >= 6
                && (REASON.matcher(p.text()).find() || SUGGESTS.matcher(p.text()).find() || ARGUED.matcher(p.text()).find()));
    }

    /** A question-shaped proposal ("rather than X, can we Y?") counts once the other side says yes. */
    private static boolean answeredYes(Transcript t, int ordinal) {
        Integer next = t.nextProse(ordinal);
        if (next == null || next - ordinal > 3 || t.role(next).equals(t.role(ordinal))) {
            return false;
        }
        List<Sentence> reply = t.sentencesOf(next);
        return !reply.isEmpty() && YES.matcher(reply.getFirst().text()).find();
    }

    /** Reason sentences: this one, the next two of the message, or the other party's message just before. */
    private static List<Sentence> reasons(Transcript t, List<Sentence> ss, int i, Claims claims) {
        List<Sentence> out = new ArrayList<>();
        for (int j = i; j < Math.min(ss.size(), i + 3); j++) {
            if (REASON.matcher(ss.get(j).text()).find() && (j == i || !claims.taken(ss.get(j)))) {
                out.add(ss.get(j));
            }
        }
        if (!out.isEmpty()) {
            return out;
        }
        Integer prev = t.previousProse(ss.get(i).ordinal());
        if (prev != null && ss.get(i).ordinal() - prev <= 3 && !t.role(prev).equals(ss.get(i).role())) {
            out.addAll(claims.free(t.sentencesOf(prev), 2, p -> REASON.matcher(p.text()).find()));
        }
        return out;
    }

    /**
     * CUE cut into its alternatives (a few together where they share words), in order, each gated by the words it
     * spells out: CUE finds a match exactly when one of them does, and most sentences pass only one or two gates,
     * so the one long alternation is not tried at every offset of every sentence. The parts are checked to join back
     * to CUE's own expression (GatedTest).
     */
    static final List<Gated> CUE_PARTS = List.of(
            new Gated(Pattern.compile("(?i)(?:\\b(?:we|i) (?:have |had )?(?:decided|chose|opted|settled)\\b|\\bdecided to\\b|\\bdecision(?: is| then| now| for [\\w ./-]{1,30})?:)"), "decid", "chose", "opted", "settled", "decision"),
            new Gated(Pattern.compile("(?i)(?:\\bthat's the rule\\b)"), "the rule"),
            new Gated(Pattern.compile("(?i)(?:\\b(?:let's|lets|we'll|we will|we're going to|we are going to) (?:go with|use|keep|stick with|stay on|stay with|switch to|move to|standardi[sz]e on)\\b)"), "let's", "lets", "we'll", "we will", "we're going to", "we are going to"),
            new Gated(Pattern.compile("(?i)(?:\\bgo(?:ing)? with\\b)"), "go with", "going with"),
            new Gated(Pattern.compile("(?i)(?:\\bpin(?:ned|ning)? (?:it|them|the|this|that|to)\\b)"), "pin ", "pinned ", "pinning "),
            new Gated(Pattern.compile("(?i)(?:\\bthe rule(?: going forward| from now on| is)?:|\\bthe rule going forward\\b)"), "the rule"),
            new Gated(Pattern.compile("(?i)(?:\\binstead of\\b|\\brather than\\b)"), "instead of", "rather than"),
            new Gated(Pattern.compile("(?i)(?:\\bstandardi[sz]e on\\b|\\bsource of truth\\b)"), "standardi", "source of truth"),
            new Gated(Pattern.compile("(?i)(?:\\bfor now,? (?:we|treat|keep|use|leave)\\b)"), "for now"),
            new Gated(Pattern.compile("(?i)(?:\\bwe keep\\b|\\bwe (?:always|only) use\\b)"), "we keep", "we always", "we only"),
            new Gated(Pattern.compile("(?i)(?:\\bwe agreed (?:to|on|that)\\b|\\bas agreed\\b)"), "agreed"),
            new Gated(Pattern.compile("(?i)(?:\\blet's not\\b)"), "let's not"),
            new Gated(Pattern.compile("(?i)(?:\\bdecided against\\b|\\bruled out\\b)"), "decided against", "ruled out"),
            new Gated(Pattern.compile("(?i)(?:\\b(?:we|i) (?:picked|went with|settled on)\\b)"), "picked", "went with", "settled on"),
            new Gated(Pattern.compile("(?i)(?:^[\\w .-]{1,30}\\bit is[.!]?$)"), "it is"),
            new Gated(Pattern.compile("(?i)(?:\\bwe(?:'re| are) not (?:supporting|using|doing|adding|shipping|building|taking)\\b|\\bwe(?:'re| are) (?:keeping|sticking with|staying (?:on|with)|going with|switching to|moving to|dropping|standardi[sz]ing on)\\b)"), "we're", "we are"),
            new Gated(Pattern.compile("(?i)(?:\\bwe(?:'ll| will) (?:drop|stay on|stay with)\\b)"), "we'll", "we will"),
            new Gated(Pattern.compile("(?i)(?:" + REPORTED_SOURCE + ")"), "decided", "signed off", "answered",
                    "came back"));

    /** Whether CUE finds a match in the text: whether one of its parts does. */
    private static boolean cue(String text, String lower) {
        for (Gated part : CUE_PARTS) {
            if (part.find(text, lower)) {
                return true;
            }
        }
        return false;
    }

    // NOT_DECISION and ALTERNATIVES_ASKED with the words (lower-case) each of their alternatives spells out (see
    // Gated). Declared last, after the patterns they wrap.
    /** ALTERNATIVES_ASKED scans whole messages, from almost every position ("\\S \\S*\\s*\\bor\\b"). */
    private static final Gated ALTERNATIVES_ASKED_GATED = new Gated(ALTERNATIVES_ASKED, "or ", "vs", "either",
            "option", "(a)", "ways", "choices", "approaches");
    private static final Gated NOT_DECISION_GATED = new Gated(NOT_DECISION, "ask", "wonder", "why");
}
