package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An open thread the user raises and puts off in the same message: a question or a named topic ("one thing I'm not
 * sure about: should the nightly job run on every instance or just one?", "the bigger question I keep putting off:
 * iceberg instead of delta", "at some point I want staged rollouts for prod updates") followed, in that sentence or a
 * later one of the message, by a postponement ("not today", "think about it, no action", "don't build it yet", "no
 * idea who still has v1beta1 objects"). Titled by the question or topic without its label. Runs last, on user
 * messages no earlier open question stands on. A postponement before the question ("run it tonight, not now. and -j
 * 4, is that safe?") puts off something else, and a request to the assistant ("can you ...?") is answered, not open.
 */
final class RaisedAndPutOffRule implements Rule.Contextual {
    /** A postponement of the user's own: a later time, "not now", thinking it over, a question nobody can answer yet. */
    private static final Pattern PUT_OFF = Pattern.compile("(?i)\\bnot (?:today|now|yet|in this pr|this (?:pr|release"
            + "|sprint|week|round|time))\\b|\\bnot deciding\\b|\\bno need to decide\\b|\\b(?:for|figure (?:it )?out|look"
            + " at|decide|check|think about) (?:it |that |this )?later\\b|^later\\b|\\beventually\\b|\\bat some point\\b"
            + "|\\bsome ?day\\b|\\bnext (?:week|release|sprint|quarter)\\b|\\bthink about it\\b|\\bno action\\b"
            + "|\\bdon't (?:build|fix|change|touch|do|implement|add|start) (?:it|that|this|them|the \\w+) (?:yet|now|today)\\b"
            + "|\\bpark (?:it|that|this)\\b|\\bkeep it on the list\\b|\\bwrite (?:it|that|this|the question) down\\b"
            + "|\\bno idea (?:who|whether|if|what|how|which)\\b|\\bhaven't decided\\b|\\blet me (?:talk to|ask) \\w+ first\\b");
    private static final String[] GATE = {"not ", "later", "eventually", "some", "next ", "think", "no action", "don't",
        "park", "list", "down", "no idea", "decided", "let me"};
    /** "one thing I'm not sure about:", "something to figure out later:": a label before the topic. */
    private static final Pattern LABEL = Pattern.compile("(?i)^(?:(?:and|also|but|ok|okay|good|hm+|so)[,.]?\\s+)*"
            + "([^:`?]{0,60}\\b(?:thing|question|something|item)\\b[^:`?]{0,50}):\\s+(.{8,})$");
    /** "at some point I want staged rollouts ...", "that's something we want eventually": the topic is wanted. */
    private static final Pattern WANTED = Pattern.compile("(?i)^(?:(?:and|also|but|ok|okay|good)[,.]?\\s+)*(?:at some"
            + " point|eventually|some ?day),? (?:i|we) (?:want|need|'d like)(?: to)? (.{8,})$");
    private static final Pattern SOMETHING_WANTED = Pattern.compile("(?i)^(.{8,}?),? (?:that's|that is|it's) something"
            + " (?:we|i) (?:want|need|should (?:do|look at))(?: \\w+)?[.!]?$");
    /** A question to the assistant, answered in the next message: not a thread left open. */
    private static final Pattern REQUEST = Pattern.compile("(?i)^(?:can|could|would|will|won't|can't) you\\b|^(?:did|have"
            + " you|is (?:that|it|this)|are (?:you|they)|what's|how do i)\\b|,? (?:right|correct|ok)\\?$");
    private static final Pattern OPENER = Pattern.compile("(?i)^(?:(?:and|also|but|ok|okay|good|hm+|so|actually|well)"
            + "[,.]?\\s+)+");
    private static final Pattern LOWER_START = Pattern.compile("(?<=[.?!])\\s+(?=[a-z])");
    /** A topic whose object is "it" or "them" names nothing without what came before. */
    private static final Pattern PRONOUN = Pattern.compile("(?i)\\b(?:it|them)\\b");
    private static final int MAX = 2;

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new java.util.ArrayList<>();
        for (int ordinal : t.proseOrdinals()) {
            if (out.size() == MAX) {
                break;
            }
            if (!"user".equals(t.role(ordinal)) || Candidate.anyOn(earlier, EntryType.OPEN_QUESTION, ordinal, ordinal)) {
                continue;
            }
            List<Sentence> ss = t.sentencesOf(ordinal);
            if (ss.stream().noneMatch(x -> Texts.mentions(x.text(), GATE) && PUT_OFF.matcher(x.text()).find())) {
                continue; // nothing put off in this message
            }
            List<Sentence> parts = new java.util.ArrayList<>();
            List<String> texts = new java.util.ArrayList<>();
            for (Sentence s : ss) {
                // Users type in lower case: "...already know? think about it but don't build it yet" is two sentences.
                for (String part : LOWER_START.split(s.text().strip())) {
                    parts.add(s);
                    texts.add(part.strip());
                }
            }
            for (int i = 0; i < texts.size(); i++) {
                Sentence s = parts.get(i);
                if (claims.taken(s)) {
                    continue;
                }
                String topic = topic(texts.get(i), texts.get(i).endsWith("?"));
                if (topic == null || !putOffFrom(texts, i)) {
                    continue;
                }
                if (PRONOUN.matcher(topic).find()) {
                    // "the x64 build. do we still need it?": the short phrase before names what "it" is.
                    String named = i == 0 ? "" : OPENER.matcher(texts.get(i - 1)).replaceFirst("")
                            .replaceFirst("[.!]$", "");
                    int words = named.split("\\s+").length;
                    if (named.isEmpty() || words > 5 || named.endsWith("?") || parts.get(i - 1) != s) {
                        continue;
                    }
                    topic = named + ": " + topic;
                }
                claims.claim(s);
                String title = Texts.asTitle(Texts.capitalize(topic), Phrasing.TITLE_MAX);
                String body = String.join(" ", texts.subList(i, texts.size()));
                out.add(new Candidate(EntryType.OPEN_QUESTION, Phrasing.scope(t.session(), body), title,
                        "Raised and put off by the user: " + body,
                        "when revisiting " + Texts.bound(Texts.lowerFirst(topic.replaceAll("[?.!]+$", "")), 100), 0.45,
                        List.of(Phrasing.span(s))));
                break;
            }
        }
        return out;
    }

    /** The topic the sentence raises, without its label and postponement; null when it raises none. */
    private static String topic(String sentence, boolean question) {
        String text = OPENER.matcher(sentence).replaceFirst("");
        Matcher label = LABEL.matcher(text);
        String topic = null;
        if (label.matches()) {
            topic = label.group(2);
        } else if (question) {
            topic = text;
        } else {
            Matcher wanted = WANTED.matcher(text);
            Matcher something = SOMETHING_WANTED.matcher(text);
            topic = wanted.matches() ? wanted.group(1) : something.matches() ? something.group(1) : null;
        }
        if (topic == null) {
            return null;
        }
        topic = topic.replaceFirst("(?i),? (?:not today|not now|later|for later|eventually|at some point)[.!]?$", "")
                .strip();
        if (topic.split("\\s+").length < 3 || REQUEST.matcher(topic).find() || Phrasing.leansOnContext(topic)) {
            return null;
        }
        return topic;
    }

    /** A postponement in the sentence after its label, or in a later sentence of the message. */
    private static boolean putOffFrom(List<String> texts, int i) {
        for (int j = i; j < texts.size(); j++) {
            String text = texts.get(j);
            if (Texts.mentions(text, GATE) && PUT_OFF.matcher(text).find()) {
                return true;
            }
        }
        return false;
    }
}
