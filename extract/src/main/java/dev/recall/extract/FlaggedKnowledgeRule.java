package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fact the speaker marks as worth keeping: "One thing to know: the id in settings.xml has to be exactly the repo key
 * in deps.edn", "Worth knowing: electron-updater on macOS updates from the -mac.zip files, not the DMGs", "Note that
 * Postgres only runs the init scripts when the data volume is empty", "for the record, we have 2 machines in ams".
 * The marker is the speaker's own judgement that a later reader needs the statement, in words that recur in every
 * project. Only a statement of how things are: not an instruction or a rule of conduct ("for the record: never ...",
 * the prohibition and preference rules' material), not a moment ("currently", "still", "right now"), not the
 * speaker narrating their own work ("for the record, I ran it twice"), not a sentence that leans on the one before
 * ("it's mounted with ..."). Runs last, on sentences no other rule used; at most two a session.
 */
final class FlaggedKnowledgeRule implements Rule {
    private static final int MAX = 2;
    private static final Pattern MARKER = Pattern.compile("(?i)^(?:(?:and|also|oh|btw),?\\s+)?(?:one (?:more )?thing"
            + " (?:to know|worth knowing)|(?:also )?worth knowing|good to know|for the record|note that|fyi)"
            + "(?:\\s+(?:since|as) [^:,]{1,40})?[,:]?\\s+");
    /** An instruction or a rule of conduct, not a statement of how things are. */
    private static final Pattern CONDUCT = Pattern.compile("(?i)\\b(?:don't|do not|never|always|must not|please"
            + "|make sure|remember to)\\b|^(?:use|run|set|add|keep|avoid|check|ask|call|put|leave)\\b");
    /** The speaker's own work or a plan, a question of the moment, or a sentence that needs the one before. */
    private static final Pattern NOT_KNOWLEDGE = Pattern.compile("(?i)^(?:i|i'm|i've|i'll|i'd|we'll|we've|let|my"
            + "|it|it's|they|they're|this|that|these|those|there|here|so)\\b");
    /** The main clause ends where its consequence or a second statement begins. */
    private static final Pattern CLAUSE = Pattern.compile(";|,\\s+so\\s+|\\s+\\((?:it|they|which) ");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (Sentence s : t.sentences()) {
            if (out.size() == MAX) {
                break;
            }
            if ("tool".equals(s.role()) || claims.taken(s) || s.isQuestion()) {
                continue;
            }
            Matcher m = MARKER.matcher(s.text());
            if (!m.lookingAt()) {
                continue;
            }
            String rest = s.text().substring(m.end()).strip();
            Matcher c = CLAUSE.matcher(rest);
            String main = c.find() ? rest.substring(0, c.start()) : rest;
            int words = main.split("\\s+").length;
            if (words < 6 || rest.split("\\s+").length > 60 || NOT_KNOWLEDGE.matcher(rest).find()
                    || CONDUCT.matcher(rest).find() || FactRule.TRANSIENT.matcher(main).find()
                    || !FactRule.facty(rest)) {
                continue;
            }
            claims.claim(s);
            String body = Texts.capitalize(rest);
            out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), body),
                    Texts.asTitle(Texts.capitalize(main), Phrasing.TITLE_MAX), body,
                    Phrasing.topicTrigger("when working with", t, s), 0.5, List.of(Phrasing.span(s))));
        }
        return out;
    }
}
