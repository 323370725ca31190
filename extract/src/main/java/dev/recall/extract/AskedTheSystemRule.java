package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A cause found by asking the system a question and reading its answer: a message says what is to be found out,
 * as a which/why/whether/where question ("Checking which ingress class the issuer uses.", "The question is which
 * binary Python actually loads.", "I'd like to confirm which file defines the class when both plugins are active.",
 * "Which MSVC does the runner use?", the user's "ask the cluster why instead of waiting"), one to three looks run
 * right after it, and the assistant's next message reads the answer out of their output ("The ClusterIssuer solves
 * through ingress class `nginx`, which no longer exists ..."). The question and the look that answered it are what a
 * later session reuses when the symptom comes back, so the entry is titled by the question and the program, with the
 * symptom, the commands and the reading in the body. The shape recurs across sets written by different authors
 * (cert-manager, maturin, WordPress, systemd, MSVC in CI, Elasticsearch). Keyed on the order of events and on a
 * distinctive word of the output quoted by the reading, not on a project's words. Not when a look failed, when an edit
 * is among the looks (that is a fix being tried), when the reading is a plan or a question or quotes nothing of the
 * output, or on messages an earlier debugging method or procedure stands on. Runs last; at most two a session.
 */
final class AskedTheSystemRule implements Rule.Contextual {
    private static final int MAX = 2;
    /** "checking which", "the question is which", "confirm which", "ask the cluster why", "to see whether". */
    private static final Pattern ASK = Pattern.compile("(?i)\\b(?:checking|check|to see|confirm|confirming|find out"
            + "|finding out|let me see|the question is|ask(?: the \\w+| it)?|asking(?: the \\w+| it)?)\\s+"
            + "(which|why|whether|where|what)\\b");
    /** An assistant asking itself before it looks: "Which MSVC does the runner use?". */
    private static final Pattern SELF_QUESTION = Pattern.compile("^(?:Which|Where) \\S+(?: \\S+){1,8}\\?$");
    private static final Pattern PLAN = Pattern.compile("(?i)^(?:let me|i'll|i will|i'd|i would|checking|looking|next"
            + "|now|first|then|can you|could you|should)\\b");
    /** Reading a file or grepping the tree is a look at the setup (a fact), not a question asked of the system. */
    private static final Pattern FILE_LOOK = Pattern.compile("^\\s*(?:cat|sed|head|tail|less|nl|grep|rg|ls|find|git (?:log|show|diff|grep))\\b");
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9][\\w./:@-]*[A-Za-z0-9]");
    /** Words too common to show that a reading quotes the output. */
    private static final Set<String> COMMON = Set.of("error", "errors", "false", "true", "status", "about", "there",
            "which", "where", "their", "these", "those", "after", "before", "other", "still", "value", "values",
            "failed", "warning", "could", "would", "should", "being", "since", "while", "every", "found", "state");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        if (t.runs().isEmpty()) {
            return out;
        }
        for (int p : t.proseOrdinals()) {
            if (out.size() == MAX) {
                break;
            }
            String role = t.role(p);
            String text = t.message(p).text();
            // The cheap gate: a question word, before any expression runs.
            if (!Texts.mentions(text, "which", "why", "whether", "where", "what")) {
                continue;
            }
            Sentence ask = ask(t.sentencesOf(p), "assistant".equals(role));
            if (ask == null) {
                continue;
            }
            Integer q = t.nextProse(p);
            if (q == null || q - p < 2 || q - p > 4 || !"assistant".equals(t.role(q))) {
                continue;
            }
            List<ToolRun> looks = new ArrayList<>();
            boolean clean = true;
            for (ToolRun r : t.runs()) {
                if (r.ordinal() > p && r.ordinal() < q) {
                    clean &= r.kind() != ToolRun.Kind.EDIT;
                    if (r.shell()) {
                        looks.add(r);
                    }
                }
            }
            if (!clean || looks.isEmpty() || looks.size() > 3 || FILE_LOOK.matcher(looks.getFirst().command()).find()) {
                continue;
            }
            List<Sentence> reading = t.sentencesOf(q);
            if (reading.isEmpty() || reading.getFirst().isQuestion() || PLAN.matcher(reading.getFirst().text()).find()) {
                continue;
            }
            StringBuilder output = new StringBuilder();
            looks.forEach(r -> output.append(t.message(r.ordinal()).text()).append('\n'));
            Sentence symptom = symptom(t, p, ask);
            int from = symptom == null ? p : Math.min(p, symptom.ordinal());
            if (Texts.words(question(ask)) < 5 || !quotes(reading.getFirst().text(), output.toString())
                    || Candidate.anyOn(earlier, EntryType.DEBUGGING_METHOD, from, q)
                    || sameCommandProcedure(earlier, looks)
                    || Candidate.anyOn(out, EntryType.DEBUGGING_METHOD, p, q)) {
                continue;
            }
            List<Sentence> found = reading.subList(0, Math.min(2, reading.size()));
            String question = question(ask);
            String program = DebuggingRule.mainKey(looks.getFirst()).replaceAll("\\s+\\S*[<>&|]\\S*", "");
            StringBuilder body = new StringBuilder();
            if (symptom != null) {
                body.append("Symptom: ").append(symptom.text()).append('\n');
            }
            body.append("Asked: ").append(ask.text());
            for (ToolRun r : looks) {
                body.append("\nLooked with: `").append(Texts.bound(r.command(), 300)).append('`');
            }
            body.append("\nFound: ");
            found.forEach(s -> body.append(s.text()).append(' '));
            List<Candidate.Span> anchors = new ArrayList<>();
            if (symptom != null) {
                anchors.add(Phrasing.span(symptom));
            }
            anchors.add(Phrasing.span(ask));
            looks.forEach(r -> anchors.add(Candidate.Span.of(r.ordinal(), null)));
            anchors.add(Phrasing.span(reading.getFirst()));
            String trigger = symptom != null
                    ? "when " + Texts.bound(Texts.lowerFirst(Phrasing.stripLead(symptom.text()).replaceAll("[.!]+$", "")), 120)
                    : "when looking into " + Texts.bound(Texts.lowerFirst(question), 120);
            out.add(new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body.toString()),
                    Texts.asTitle(Texts.bound(question, Phrasing.TITLE_MAX - 30) + ", with `" + program + "`",
                            Phrasing.TITLE_MAX),
                    body.toString().strip(), trigger, 0.5, anchors));
            claims.claim(ask);
            found.stream().filter(s -> !claims.taken(s)).forEach(claims::claim);
        }
        return out;
    }

    /** A procedure already standing on one of the looks and naming its command: the same command twice. */
    private static boolean sameCommandProcedure(List<Candidate> earlier, List<ToolRun> looks) {
        for (ToolRun r : looks) {
            String head = Texts.bound(r.command().strip(), 24).replace("…", "");
            if (earlier.stream().anyMatch(c -> c.type() == EntryType.PROCEDURE && c.title().contains(head)
                    && c.anchors().stream().anyMatch(a -> a.start() <= r.ordinal() && r.ordinal() <= a.end()))) {
                return true;
            }
        }
        return false;
    }

    /** The sentence that says what is to be found out. */
    private static Sentence ask(List<Sentence> sentences, boolean assistant) {
        for (Sentence s : sentences) {
            if (ASK.matcher(s.text()).find() || assistant && SELF_QUESTION.matcher(s.text().strip()).matches()) {
                return s;
            }
        }
        return null;
    }

    /** "Check which ingress class the issuer uses", "Ask the cluster why instead of waiting", "Which MSVC ...?". */
    private static String question(Sentence ask) {
        String s = ask.text().strip().replaceAll("[.!]+$", "");
        Matcher m = ASK.matcher(s);
        if (!m.find()) {
            return "Check " + Texts.lowerFirst(s.replaceAll("\\?$", ""));
        }
        String verb = m.group().substring(0, m.start(1) - m.start()).strip().toLowerCase(Locale.ROOT);
        String rest = s.substring(m.start(1));
        if (verb.startsWith("ask")) {
            return "Ask" + verb.substring(verb.startsWith("asking") ? 6 : 3) + " " + rest;
        }
        return (verb.startsWith("confirm") ? "Confirm " : verb.startsWith("find") ? "Find out " : "Check ") + rest;
    }

    /** What prompted the question: its message's first sentence, else the message before's first one. */
    private static Sentence symptom(Transcript t, int p, Sentence ask) {
        if (ask.index() > 0) {
            return t.sentencesOf(p).getFirst();
        }
        Integer before = t.previousProse(p);
        if (before == null || p - before > 3) {
            return null;
        }
        List<Sentence> ss = t.sentencesOf(before);
        return ss.isEmpty() || ss.getFirst().isQuestion() ? null : ss.getFirst();
    }

    /**
     * Whether the reading quotes a distinctive token of the output ("nginx", "os-data-1", "2026-11-21", "19.29" of
     * "19.29.30154.0"): a word of five letters or more, or a token of four characters or more with a digit or a sign.
     */
    private static boolean quotes(String reading, String output) {
        String shown = output.toLowerCase(Locale.ROOT);
        Matcher r = TOKEN.matcher(reading.toLowerCase(Locale.ROOT));
        while (r.find()) {
            String w = r.group();
            boolean word = w.chars().allMatch(Character::isLetter);
            if ((word ? w.length() >= 5 : w.length() >= 4) && !COMMON.contains(w) && shown.contains(w)) {
                return true;
            }
        }
        return false;
    }
}
