package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A naming convention stated as how things are: "integration test classes are named *IT, otherwise the
 * integrationTest source set won't pick them up", "Topics are named "berth:&lt;id&gt;".", "release tags are prefixed
 * with v". What a name must look like is what a later session gets wrong without it (a class that is silently
 * skipped, a subscription to the wrong topic), and no output shows it. A clause whose subject is a plural kind of
 * thing ("classes", "topics", "branches") and whose verb is "are named", "are called", "are prefixed/suffixed with",
 * "must be named", "end in", followed by a pattern: something with a wildcard, a placeholder, quotes, inline code or
 * punctuation inside a word. Not a single thing's name ("the file is named config.yaml": a fact rule's), not a
 * question, and not a request ("name it ..."). Runs last, on sentences no other rule used; at most two a session.
 */
final class NamingConventionRule implements Rule {
    private static final int MAX = 2;
    private static final String[] CUES = {" named ", " called ", " prefixed ", " suffixed ", " end in ", " end with "};
    private static final Pattern CLAUSE = Pattern.compile("(?i)^(?:and |also,? |btw,? |fwiw,? |careful:? )?"
            + "((?:the |our |all |every )?(?:[\\w-]+ ){0,3}(?!(?:is|was|has|this|its|his|us|yes)\\b)[\\w-]+s)"
            + " (?:(?:are|must be|have to be|should be) (?:named|called|prefixed with|suffixed with)"
            + "|(?:must |always |should )?(?:end in|end with)) (\\S.*)$");
    /** A pattern rather than a plain word: a wildcard, a placeholder, quotes, inline code, inner punctuation. */
    private static final Pattern PATTERN = Pattern.compile("[*<>\"`]|\\{\\w+}|\\b\\w+[-_:/.]\\w*|[-_:/.]\\w+|\\b[A-Z]{2,}\\b");
    /** Where the clause ends: the consequence or a second statement. */
    private static final Pattern CLAUSE_END = Pattern.compile(",\\s|;|\\s+(?:so|otherwise|and|because|since)\\s+");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (Sentence s : t.sentences()) {
            if (out.size() == MAX) {
                break;
            }
            if (claims.taken(s) || s.isQuestion()) {
                continue;
            }
            if (!Texts.containsAny(s.text(), CUES)) { // the cue words are written in lower case
                continue;
            }
            String clause = clause(s.text());
            if (clause == null) {
                continue;
            }
            claims.claim(s);
            out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), s.text()),
                    Texts.asTitle(Texts.capitalize(clause), Phrasing.TITLE_MAX), context(t, s),
                    "when naming " + Texts.lowerFirst(subject(clause)), 0.5, List.of(Phrasing.span(s))));
        }
        return out;
    }

    /** The sentence with its neighbours in the same message: what the names are of, and what follows from them. */
    private static String context(Transcript t, Sentence s) {
        List<Sentence> all = t.sentencesOf(s.ordinal());
        StringBuilder b = new StringBuilder();
        for (int i = Math.max(0, s.index() - 1); i <= Math.min(all.size() - 1, s.index() + 1); i++) {
            b.append(all.get(i).text().strip()).append(' ');
        }
        return Texts.boundBody(b.toString().strip(), 600);
    }

    /** The kind of thing the clause names ("integration test classes"). */
    private static String subject(String clause) {
        Matcher m = CLAUSE.matcher(clause);
        return m.matches() ? m.group(1).replaceFirst("(?i)^(?:the|our|all|every) ", "") : clause;
    }

    /** The convention's clause, or null. */
    static String clause(String sentence) {
        String text = sentence.strip().replaceAll("[.!]+$", "");
        // The clause may follow a lead ("Update it, but careful: snapshots are named ...").
        int colon = text.lastIndexOf(": ");
        String[] starts = colon > 0 ? new String[] {text, text.substring(colon + 2)} : new String[] {text};
        for (String from : starts) {
            Matcher m = CLAUSE.matcher(from);
            if (!m.matches()) {
                continue;
            }
            String rest = m.group(2);
            Matcher end = CLAUSE_END.matcher(rest);
            String pattern = end.find() ? rest.substring(0, end.start()) : rest;
            if (pattern.split("\\s+").length > 6 || !PATTERN.matcher(pattern).find()) {
                continue;
            }
            String c = m.group(1) + " " + from.substring(m.start(1) + m.group(1).length(), m.start(2)).strip() + " "
                    + pattern;
            return c.replaceAll("\\s+", " ").strip();
        }
        return null;
    }
}
