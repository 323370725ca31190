package dev.recall.extract;

import dev.recall.store.Scope;
import dev.recall.store.Session;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns a sentence into a title, a trigger and a scope; shared by the prose rules. */
final class Phrasing {
    static final int TITLE_MAX = 140;

    private static final Pattern CONDITION = Pattern.compile(
            "(?i)^(when|whenever|if|before|after|once)\\s+([^:;,?]{3,80})[:,]\\s*(.{8,})$");
    private static final Pattern LEAD = Pattern.compile(
            "(?i)^(?:also|and|but|so|ok|okay|yes|no|fine|good|great|sure|right|note|fyi|btw|last thing"
                    + "|one more thing|important|understood|noted|heads up)\\b[,:.!]?\\s+");
    private static final Pattern LABEL = Pattern.compile("^([^:`]{2,48}):\\s+(.{12,})$");
    private static final Pattern REPO = Pattern.compile(
            "(?i)\\b(?:this|our|the) (?:repo|repository|project|codebase)\\b|\\bin here\\b");

    private Phrasing() {}

    /** "When you write the tests: I prefer X" is the condition "when you write the tests" and the rest. */
    record Split(String condition, String rest) {}

    static Split split(String sentence) {
        String s = stripOpeners(sentence.strip());
        Matcher m = CONDITION.matcher(s);
        if (m.matches() && m.group(2).strip().split("\\s+").length <= 8) {
            return new Split(m.group(1).toLowerCase(Locale.ROOT) + " " + m.group(2).strip(), m.group(3).strip());
        }
        return new Split(null, sentence.strip());
    }

    private static String stripOpeners(String text) {
        String t = text;
        for (int i = 0; i < 3; i++) {
            Matcher lead = LEAD.matcher(t);
            if (!lead.find()) {
                break;
            }
            t = t.substring(lead.end());
        }
        return t;
    }

    /** Drops discourse openers ("Also,", "Last thing:", "To be clear:") that say nothing about the content. */
    static String stripLead(String text) {
        String t = text.strip();
        for (int i = 0; i < 4; i++) {
            Matcher lead = LEAD.matcher(t);
            if (lead.find()) {
                t = t.substring(lead.end());
                continue;
            }
            Matcher label = LABEL.matcher(t);
            if (label.matches() && label.group(1).split("\\s+").length <= 7
                    && !CONDITION.matcher(t).matches()) {
                t = label.group(2);
                continue;
            }
            break;
        }
        return t;
    }

    static String title(String text) {
        return Texts.asTitle(stripLead(text), TITLE_MAX);
    }

    /** "when working with X, Y": the topic words of a sentence, for entries without a stated condition. */
    static String topicTrigger(String prefix, Terms terms, String text) {
        List<String> topics = terms.topics(text, 3);
        return topics.isEmpty() ? null : prefix + " " + String.join(", ", topics);
    }

    /**
     * The narrowest scope the text supports: the branch when it names the session's branch (other than the
     * default one), else the project, else the working directory's repository, else global.
     */
    static Scope scope(Session s, String text) {
        String branch = s.gitBranch();
        if (branch != null && !branch.equals("main") && !branch.equals("master") && text.contains(branch)) {
            return Scope.BRANCH;
        }
        return s.project() != null ? Scope.PROJECT : s.cwd() != null ? Scope.REPOSITORY : Scope.GLOBAL;
    }

    /** A preference is the person's, so it holds everywhere unless it names this repository. */
    static Scope preferenceScope(Session s, String text) {
        if (REPO.matcher(text).find()) {
            return s.cwd() != null ? Scope.REPOSITORY : Scope.PROJECT;
        }
        return Scope.GLOBAL;
    }

    static Candidate.Span span(Sentence s) {
        return Candidate.Span.of(s.ordinal(), s.text());
    }
}
