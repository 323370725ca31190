package dev.recall.extract;

import dev.recall.store.Scope;
import dev.recall.store.Session;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns a sentence into a title, a trigger and a scope; shared by the prose rules. */
final class Phrasing {
    /**
     * Where a reply's clause ends: after a sentence's mark or at a line break. Rules that read a reply clause by clause
     * split on it, because users often write one lower-case run that the sentence splitter keeps whole.
     */
    static final Pattern CLAUSE_END = Pattern.compile("(?<=[.!;?])\\s+|\\n+");
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
        if (m.matches() && Texts.words(m.group(2).strip()) <= 8) {
            return new Split(m.group(1).toLowerCase(Locale.ROOT) + " " + m.group(2).strip(), m.group(3).strip());
        }
        return new Split(null, sentence.strip());
    }

    /** Drops discourse openers ("Also,", "Okay") but keeps a label ("Still to do: ..."). */
    static String stripOpeners(String text) {
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
            if (lead.lookingAt()) { // LEAD is anchored at the start: find() would only try the other offsets in vain
                t = t.substring(lead.end());
                continue;
            }
            // LABEL's colon is the text's first one, at offset 2 to 48: without one there, no need to try it.
            int colon = t.indexOf(':');
            Matcher label = LABEL.matcher(t);
            if (colon >= 2 && colon <= 48 && label.matches() && Texts.words(label.group(1)) <= 7
                    && !CONDITION.matcher(t).matches()) {
                t = label.group(2);
                continue;
            }
            break;
        }
        return t;
    }

    /** "it"/"them" among a title's first words: the object is named elsewhere. */
    private static final Pattern OBJECT_PRONOUN = Pattern.compile("(?i)^(?:\\S+\\s+){0,2}(?:it|them)\\b");
    private static final Pattern NAMES_SOMETHING = Pattern.compile("`|\\b[A-Za-z][\\w-]*[_./:][\\w./:-]*[A-Za-z]\\b"
            + "|\\b[a-z]+[A-Z]\\w*|\\b[A-Z][a-z]+[A-Z]\\w*|\\b[A-Z]{2,}\\b|\\d+\\.\\d+");

    /**
     * A short title whose object is a pronoun and that names nothing one could search for ("Don't run it", "Park
     * it, I'll talk to finance", "Pin it to 1.83 then"): a fragment that means nothing without the messages
     * around it, so no entry.
     */
    static boolean leansOnContext(String title) {
        String t = stripLead(title);
        return Texts.words(t) <= 8 && OBJECT_PRONOUN.matcher(t).find() && !NAMES_SOMETHING.matcher(t).find();
    }

    static String title(String text) {
        return Texts.asTitle(stripLead(text), TITLE_MAX);
    }

    /**
     * "when working with `sqlc.yaml` or `db/migrations`": what a sentence is about, for entries without a stated
     * condition. Named things (inline code, paths, identifiers) are kept in backticks and preferred; plain words
     * are the fallback, since a list of common words reads like an index, not a situation.
     */
    static String topicTrigger(String prefix, Terms terms, String text) {
        List<String> topics = terms.topics(text, 3);
        if (topics.isEmpty()) {
            return null;
        }
        List<String> named = topics.stream().filter(Phrasing::named).limit(2).toList();
        return format(prefix, topics, named);
    }

    /**
     * Like {@link #topicTrigger(String, Terms, String)}, but when the sentence names nothing one could search for,
     * the situation is the task the user had asked for ("when working on: add idempotency to PostTransaction").
     */
    static String topicTrigger(String prefix, Transcript t, Sentence s) {
        List<String> topics = t.terms().topics(s.text(), 3);
        List<String> named = topics.stream().filter(Phrasing::named).limit(2).toList();
        if (named.isEmpty()) {
            String task = task(t, s);
            if (task != null) {
                return situation(task);
            }
        }
        return topics.isEmpty() ? null : format(prefix, topics, named);
    }

    /**
     * The request of the last user message before the sentence's own message, as a short phrase: its first
     * sentence of some length (short replies such as "Good." or "Do it." say nothing about the work).
     */
    private static String task(Transcript t, Sentence s) {
        for (int o = s.ordinal() - 1; o >= 0; o--) {
            if (!"user".equals(t.role(o))) {
                continue;
            }
            for (Sentence first : t.sentencesOf(o)) {
                String lead = stripLead(first.text());
                if (Texts.words(lead) >= 5 && !lead.contains("[REDACTED")) {
                    String phrase = Texts.bound(lead.replaceAll("[.!?]+$", ""), 90);
                    boolean keepCase = phrase.startsWith("I ") || phrase.startsWith("I'") || named(phrase.split(" ")[0]);
                    return keepCase ? phrase : Character.toLowerCase(phrase.charAt(0)) + phrase.substring(1);
                }
            }
        }
        return null;
    }

    private static final Pattern ASKING = Pattern.compile("(?i)^(?:(?:can|could|would|will) you (?:please )?|please |let's "
            + "|i (?:want|need|would like|'d like) (?:you )?to |we (?:need|have|want) to |time to |now |next,? |ok(?:ay)?,? "
            + "|so,? |also,? )+");
    private static final Pattern TASK_VERB = Pattern.compile("(?i)^(add|fix|make|write|run|set|update|change|remove|delete"
            + "|build|deploy|upgrade|migrate|move|rename|refactor|implement|create|debug|investigate|look|check|find"
            + "|figure|clean|speed|split|convert|port|wire|hook|bump|release|publish|review|test|profile|benchmark"
            + "|document|configure|install|enable|disable|switch|replace|support|cut|ship|prepare|get|bring|trace|track"
            + "|reproduce|diagnose|optimi[sz]e|tune|extract|generate|import|export|backfill|rotate|restore|roll)\\b(.*)$");
    /** A statement of what is wrong ("The integration tests don't start on my new laptop"): the situation itself. */
    private static final Pattern STATEMENT = Pattern.compile("(?i)^(?:the|our|my|this|these|a|an|some|every|all|ci|[\\w.-]+"
            + " (?:is|are|was|were|keeps?|fails?|fail|breaks?|crash(?:es)?|hangs?|times? out|doesn't|don't|won't|can't))\\b");
    private static final Pattern HAS_VERB = Pattern.compile("(?i)\\b(?:is|are|was|were|keeps?|fails?|failing|breaks?"
            + "|broke|crash(?:es|ed)?|hangs?|time[sd]? out|doesn't|don't|won't|can't|cannot|isn't|aren't|stopped|started"
            + "|shows?|returns?|takes?|has|have|need|needs|got|gets)\\b");

    /** "Support says ...", "Release notes are ...": the verb-like first word is the subject of a statement. */
    private static final Pattern NOUN_SUBJECT = Pattern.compile("(?i)\\s+(?:is|are|was|were|says|said|has|have|had|keeps"
            + "|kept|fails|failed|asked|wants|team|notes|job|jobs|doesn't|don't|isn't|won't)\\b");

    /** "can we just allow X", "should we upgrade": a choice, so the trigger is deciding it. */
    private static final Pattern WHETHER = Pattern.compile("(?i)^(?:so,? |ok(?:ay)?,? |and |also,? )?((?:can|could|should|shall"
            + "|do)) (we|i)\\s+(?:just |maybe |also |still )?");

    /** Openers that make the message no description of a situation: thanks, acks, opinions, questions. */
    private static final Pattern NOT_A_SITUATION = Pattern.compile("(?i)(?:thanks|thank you|ok|okay|good|great|yes|no"
            + "|hmm|wait|sorry|i think|i guess|i want|i'd|maybe|what|why|how|which|where|who|when|should|could|can"
            + "|would|do|does|is|are|did|don't|do not|never|no|and|but|also|please|let's|keep|use|run|make|let)\\b");
    /** A finite verb in the first words: "Jonas and I both added V27", "Xcode 16 also nags about Swift 6". */
    private static final Pattern PAST_OR_PRESENT = Pattern.compile("(?i)^(?:\\S+\\s+){1,5}?(?:also |still |now |suddenly"
            + " |both |just |keeps? )?(?:\\w+ed|\\w+s|broke|blew|went|got|ran|threw|gave|took|fell|won't|can't|doesn't"
            + "|don't|isn't|aren't)\\b");

    /**
     * The situation a task describes, as a trigger: "add idempotency to PostTransaction" is "when adding idempotency to
     * PostTransaction", "The integration tests don't start on my new laptop" is "when the integration tests don't start
     * on the new laptop"; anything else stays "when working on: ...".
     */
    static String situation(String task) {
        Matcher whether = WHETHER.matcher(task);
        if (whether.lookingAt()) {
            return "when " + (whether.group(1).equalsIgnoreCase("do") ? "checking" : "deciding") + " whether "
                    + whether.group(2).toLowerCase(Locale.ROOT) + " " + task.substring(whether.end())
                    .replaceAll("[?.!]+$", "").strip();
        }
        String rest = ASKING.matcher(task).replaceFirst("").strip().split("(?<=\\w)[.!] ", 2)[0];
        Matcher verb = TASK_VERB.matcher(rest);
        if (verb.matches() && !NOUN_SUBJECT.matcher(verb.group(2)).lookingAt()) {
            return "when " + Texts.gerund(verb.group(1)) + verb.group(2);
        }
        if (STATEMENT.matcher(rest).lookingAt() && HAS_VERB.matcher(rest).find()
                || !NOT_A_SITUATION.matcher(rest).lookingAt() && PAST_OR_PRESENT.matcher(rest).find()) {
            return "when " + Texts.lowerFirst(rest).replaceAll("\\bmy\\b", "the");
        }
        return "when working on: " + task;
    }

    private static String format(String prefix, List<String> topics, List<String> named) {
        List<String> shown = named.isEmpty() ? topics : named;
        List<String> quoted = shown.stream().map(x -> named.isEmpty() ? x : "`" + x + "`").toList();
        return prefix + " " + (quoted.size() == 1 ? quoted.getFirst()
                : String.join(", ", quoted.subList(0, quoted.size() - 1)) + (named.isEmpty() ? ", " : " or ")
                        + quoted.getLast());
    }

    private static final Pattern NAMED_TOPIC = Pattern.compile(".*[._/=\\d:-].*|.*[a-z][A-Z].*|[A-Z]{2,}\\w*");

    /** An identifier, a path, a version or a command: something one would search for verbatim. */
    private static boolean named(String topic) {
        return topic.contains(" ") || NAMED_TOPIC.matcher(topic).matches();
    }

    /**
     * The situation a tool result puts the reader in: "when `go test` fails with connection refused", "when
     * running `make db-up`", "when working on `Makefile`".
     */
    static String situation(Transcript t, int toolOrdinal) {
        for (ToolRun r : t.runs()) {
            if (r.ordinal() != toolOrdinal) {
                continue;
            }
            if (r.shell() && !r.keys().isEmpty()) {
                String key = DebuggingRule.mainKey(r);
                return r.failed() ? "when `" + key + "` fails with " + Texts.bound(DebuggingRule.shortError(
                        r.errorLine()), 100) : "when running `" + key + "`";
            }
            if (!r.files().isEmpty()) {
                return "when working on `" + shortPath(r.files().getFirst()) + "`";
            }
        }
        dev.recall.store.Message m = t.message(toolOrdinal);
        if (m != null && m.toolInput() != null && !m.toolInput().isBlank() && m.toolInput().length() < 200
                && !m.toolInput().contains("\n")) {
            return "when working on `" + shortPath(m.toolInput().strip()) + "`";
        }
        return null;
    }

    private static String shortPath(String path) {
        String[] parts = path.split("/");
        return parts.length <= 2 ? path : parts[parts.length - 2] + "/" + parts[parts.length - 1];
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
