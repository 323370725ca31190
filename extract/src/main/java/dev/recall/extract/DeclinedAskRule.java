package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The assistant declines what the user asked for and says why: "I'd rather not: staging.env.example is committed, so
 * the key would be in git history" after "Can't you just put the key in deploy/staging.env.example?", "I'll add the
 * repository to deps.edn, but not the credentials: deps.edn is committed" after "can you add the repo to deps.edn with
 * the credentials?". The request is read from the user's message clause by clause (it is often the last clause of a
 * lower-case run), its "it" from the name the message gave before it. Titled as the advice: "Don't put the key in
 * deploy/staging.env.example: <why>". Runs after the other rules, on messages none of them used.
 */
final class DeclinedAskRule implements Rule {
    /** "can't you just put X", "should I just commit it", "can you add X": the action asked for. */
    private static final Pattern ASK = Pattern.compile("(?i)(?:^|[.,;:!]\\s+|\\b(?:also|and|so|ok|then)\\s+)(?:can't you"
            + "|can you|could you|couldn't you|should i|shall i|should we|why not|why don't you|can we) (?:just |simply )?"
            + "([a-z][^?]{4,120}?)(?:,? (?:so (?:that )?|to make |because )[^?]*)?\\?");
    /** "I'd rather not", "I won't", "Better not", "I'd advise against it", at the start of the reply. */
    private static final Pattern DECLINE = Pattern.compile("(?i)^(?:(?:sorry|hmm|honestly),? )?(?:i'd rather not|i would rather"
            + " not|i won't(?! be able| have)|i will not(?! be able)|better not|i'd advise against(?: it| that)?|i'd not|i wouldn't)\\b[.,:;!\u2014-]*\\s*");
    /** "I'll add the repository to deps.edn, but not the credentials: <why>". */
    private static final Pattern BUT_NOT = Pattern.compile("(?i)^i(?:'ll| will) ([^,:;]{3,80}),? but not ([^:;,]{3,60})[:;,]\\s*(.+)$");
    /** Where the rest goes: "add the repository to deps.edn" puts it "to deps.edn". */
    private static final Pattern PLACE = Pattern.compile("(?i)\\b(?:to|in|into) (\\S+)$");
    private static final Pattern NAMED = Pattern.compile("`[^`\\s]{2,60}`|\\b[A-Za-z][\\w-]*[_.][\\w.-]*[A-Za-z]\\b");
    private static final Pattern WHY = Pattern.compile("(?i)\\b(?:because|since|so|would|could|is committed|are committed"
            + "|public|leak|expose|secret|history|production|prod|break|breaks|binds|everyone|anyone)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.proseOrdinals()) {
            List<Sentence> reply = t.sentencesOf(ordinal);
            Integer prev = t.previousProse(ordinal);
            if (!"assistant".equals(t.role(ordinal)) || reply.isEmpty() || prev == null || ordinal - prev > 2
                    || !"user".equals(t.role(prev)) || claims.taken(reply.getFirst())) {
                continue;
            }
            String asked = t.message(prev).text().strip();
            Matcher ask = ASK.matcher(asked);
            String action = null;
            int askedAt = -1;
            while (ask.find()) {
                action = ask.group(1).strip();
                askedAt = ask.start(1);
            }
            if (action == null) {
                continue;
            }
            // "should I just commit it": it is what the message named before the question.
            if (action.matches("(?i)\\S+ (?:it|them)\\b.*")) {
                String before = asked.substring(0, askedAt);
                Matcher named = NAMED.matcher(before);
                String last = null;
                while (named.find()) {
                    last = named.group();
                }
                if (last == null) {
                    continue;
                }
                action = action.replaceFirst("(?i)^(\\S+) (?:it|them)\\b", "$1 " + last);
            }
            Sentence first = reply.getFirst();
            String text = first.text().strip();
            String why;
            String title;
            Matcher decline = DECLINE.matcher(text);
            Matcher butNot = BUT_NOT.matcher(text);
            if (decline.lookingAt()) {
                String rest = text.substring(decline.end()).strip();
                why = words(rest) >= 4 ? rest : reply.size() > 1 && !claims.taken(reply.get(1)) ? reply.get(1).text() : null;
                title = "Don't " + action;
            } else if (butNot.matches()) {
                why = butNot.group(3);
                String verb = action.split("\\s+", 2)[0];
                Matcher place = PLACE.matcher(butNot.group(1).strip());
                title = "Don't " + verb + " " + butNot.group(2).strip() + (place.find() ? " " + place.group() : "");
            } else {
                continue;
            }
            if (why == null || !WHY.matcher(why).find() || words(why) < 5) {
                continue;
            }
            claims.claim(first);
            reply.stream().filter(s -> s.text().equals(why)).forEach(claims::claim);
            String body = first.text() + (why.equals(reply.size() > 1 ? reply.get(1).text() : null) ? " " + why : "")
                    + "\nAsked: " + Texts.bound(asked, 300);
            out.add(new Candidate(EntryType.WARNING, Phrasing.scope(t.session(), body),
                    Texts.asTitle(title + ": " + Texts.lowerFirst(why.replaceAll("[.!]+$", "")), Phrasing.TITLE_MAX),
                    body, "before you " + Texts.bound(title.substring("Don't ".length()), 100), 0.6,
                    List.of(new Candidate.Span(prev, prev, null), Phrasing.span(first))));
        }
        return out;
    }

    private static int words(String s) {
        return s.strip().isEmpty() ? 0 : s.strip().split("\\s+").length;
    }
}
