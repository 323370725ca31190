package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user says where a kind of thing goes, often while undoing what the agent just did: "undo that. config goes in
 * application.properties with a %staging. / %prod. prefix, QUARKUS_PROFILE already selects it", "not in .wp-env.json,
 * that's shared and CI uses it. personal stuff goes in .wp-env.override.json, it's gitignored". A standing rule about
 * the project's layout: a preference. The clause must start a sentence (or follow "and"), name its subject in one to
 * four words (not a pronoun: "it goes through" points back) and say "goes in/into/on/through/under"; a "not in X"
 * sentence just before it joins the title as what not to do. Only on a user message no earlier proposal stands on (most
 * such sentences are already a warning's or a preference's), and not a question. Runs after the other rules.
 */
final class PlaceNormRule implements Rule.Contextual {
    /** "config goes in application.properties ...": the subject and the place. */
    private static final Pattern GOES = Pattern.compile("(?:^|[.;!]\\s+|,\\s+and\\s+)((?:[\\w%@/-]+(?:\\.[\\w%@/-]+)*\\s+){1,4}?)(?:goes"
            + "|go|belongs?) (?:in|into|on|through|under) \\S");
    /** Subjects that point back or speak of the speaker: no rule about a kind of thing. */
    private static final Pattern POINTER = Pattern.compile("(?i)^(?:it|this|that|these|those|they|them|i|we|you|he"
            + "|she|everything|nothing|something|all|which|what|where|and|but|so|then)\\b");
    /** "not in .wp-env.json, that's shared": where it does not go, said just before. */
    private static final Pattern NOT_THERE = Pattern.compile("(?i)^(?:(?:no|nope|undo that)[,.!]?\\s+)?not (?:in|into|on"
            + "|through|under) .{3,100}$");
    /** The end of the clause: a full stop before a lower-case word (the user's run-on messages). */
    private static final Pattern END = Pattern.compile("(?<=[a-z0-9)`])[.!?](?=\\s+[a-z]|\\s*$)");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.userProse()) {
            String text = t.message(ordinal).text();
            if (!text.contains(" go") && !text.contains(" belong")) {
                continue;
            }
            Matcher m = GOES.matcher(text);
            if (!m.find() || POINTER.matcher(m.group(1)).lookingAt() || Contextual.standsOn(earlier, ordinal)
                    || t.sentencesOf(ordinal).stream().anyMatch(claims::taken)) {
                continue;
            }
            int start = m.start(1);
            int stop = end(text, start + m.group(1).length());
            String clause = text.substring(start, stop).strip();
            if (clause.contains("?") || stop < text.length() && text.charAt(stop) == '?'
                    || clause.split("\\s+").length < 5) {
                continue;
            }
            String title = Texts.capitalize(clause);
            String before = text.substring(0, m.start()).strip();
            String lastBefore = before.contains(". ") ? before.substring(before.lastIndexOf(". ") + 2) : before;
            Matcher not = NOT_THERE.matcher(lastBefore);
            if (not.lookingAt()) {
                title = title + "; " + Texts.lowerFirst(not.group().replaceFirst("(?i)^(?:no|nope|undo that)[,.!]?\\s+", ""));
            }
            t.sentencesOf(ordinal).forEach(claims::claim);
            String body = Texts.bound(text.strip().replace('\n', ' '), 600);
            Sentence at = t.sentencesOf(ordinal).getFirst();
            for (Sentence s : t.sentencesOf(ordinal)) {
                if (s.start() <= start) {
                    at = s;
                }
            }
            out.add(new Candidate(EntryType.PREFERENCE, Phrasing.preferenceScope(t.session(), body),
                    Texts.asTitle(title, Phrasing.TITLE_MAX), body, Phrasing.topicTrigger("when working with", t, at), 0.6,
                    List.of(Phrasing.span(at))));
        }
        return out;
    }

    /** Where the clause ends: a full stop before a lower-case word, not the dot of "%prod." or ".env.". */
    private static int end(String text, int from) {
        Matcher end = END.matcher(text);
        while (end.find(from)) {
            int word = text.lastIndexOf(' ', end.start()) + 1;
            char first = text.charAt(word);
            if (first != '%' && first != '.') {
                return end.start();
            }
            from = end.end();
        }
        return text.strip().length();
    }
}
