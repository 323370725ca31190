package dev.recall.extract;

import dev.recall.sessions.TextRank;
import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Facts: the session's most salient statements, ranked by TextRank over TF-IDF sentence vectors and weighted by
 * each sentence's own TF-IDF mass (specific beats generic). Only declarative sentences about the work compete:
 * no questions, no announcements of what the agent is about to do, no pleasantries.
 */
final class FactRule implements Rule {
    private static final Pattern ROUTINE = Pattern.compile("(?i)^(?:i'll|i will|i'm|i am|let me|let's|now|next"
            + "|ok|okay|sure|sorry|understood|noted|good|great|thanks|thank you|done|checking|looking|reading"
            + "|running|starting|reverting|reproduced|fine|yes|no|all green|passing|builds|can you|could you"
            + "|please|hmm|wait|proposal|summary|plan|i|i'd|i've|my|we'll|we'd|run|add|fix|make|deploy|create|write"
            + "|update|change|remove|delete|implement|use|put|try|check|look|go|do|don't|ship|wrap|revert|rebase"
            + "|pin|support|leave|keep|can|could|would|should|will|did|does|is there|are there|always|never"
            + "|written|added|removed|committed|updated|created|fixed|renamed|moved|switched|reverted|merged)\\b");
    static final Pattern PLAN = Pattern.compile("(?i)\\b(?:i'll|i will|i'm going to|let me|we'll)\\b");
    private static final Pattern FACTY = Pattern.compile("(?i)\\b(?:is|are|was|has|have|uses|use|runs|requires|needs"
            + "|lives|listens|stores|returns|takes|defaults|reads|writes|calls|emits|expects|serves|means|contains"
            + "|points|comes|goes|sits|keeps|applies|starts|depends|holds|maps|wraps|generates|removed|moved"
            + "|publishes|declares|covers|issues|exposes|does|doesn't|cannot|can't|only|never)\\b");
    /** A plural subject with its verb ("the tests read `LEDGERD_TEST_DSN` and default to ..."). */
    private static final Pattern FACTY_PLURAL = Pattern.compile("(?i)\\b\\w+s\\)?\\s+(?:read|default|live|listen"
            + "|store|return|require|need|contain|point|expect|hold|apply|depend|generate|publish|declare|cover"
            + "|expose|emit|serve|map|wrap|take|call|write|keep)\\b");

    static boolean facty(String text) {
        return FACTY.matcher(text).find() || FACTY_PLURAL_GATED.find(text);
    }

    /** A sentence that leans on the one before ("That is now...") says little on its own. */
    private static final Pattern ANAPHORIC = Pattern.compile("(?i)^(?:this|that|these|those)\\s+(?:is|are|was|were"
            + "|has|have|means|will|would|should|can|does|did|isn't|wasn't)\\b|^(?:it|it's|that's|they|there|here|both"
            + "|also|then|so)\\b|^[(\\d]");
    private static final Pattern FLAGGED = Pattern.compile("(?i)^(?:fyi|note|for reference|for context|heads up"
            + "|worth knowing|important)\\b|\\bworth knowing\\b|\\bfor reference\\b");

    /** A user's question about how things are (not a request): "What Python do we target exactly?". */
    private static final Pattern ASKS_HOW_THINGS_ARE = Pattern.compile("(?i)^(?:[\\w ]{0,30}[:,]\\s*)?(?:also,? )?"
            + "(?:(?:remind me )?(?:what|how|where|which|why)\\b|(?:does|do|is|are|can)\\s+(?!you\\b|we\\b|i\\b))");
    /** A question whose answer names something; "why" and "how" answers need their verb (a cause, a way). */
    private static final Pattern NAMING = Pattern.compile("(?i)^(?:[\\w ]{0,30}[:,]\\s*)?(?:also,? )?"
            + "(?:remind me )?(?:what|which|where)\\b");
    private static final Pattern REQUEST = Pattern.compile("(?i)\\b(?:can you|could you|would you|should (?:i|we)"
            + "|shall (?:i|we)|do you want|want me to)\\b");

    /** "Nothing in the history explains the choice, so I can't say": the reply says it has no answer. */
    private static final Pattern NON_ANSWER = Pattern.compile("(?i)\\bi (?:can't|cannot|couldn't) (?:say|tell|find)\\b"
            + "|\\bi don't know\\b|\\bno idea\\b|\\bnot sure\\b|\\bunclear\\b|\\bnothing in [^.]{0,40}\\b(?:explains|says"
            + "|mentions|documents)\\b");

    /** "(a) is faster and has no external dependency": an argument about options laid out, not a fact. */
    private static final Pattern OPTION_LABEL = Pattern.compile("(?i)\\([a-d1-4]\\)\\s|option [a-d1-4]\\b");

    private static final int MAX_OBSERVATIONS = 5;
    /** Names something one can look up: inline code, a path, a version or a number with a unit. */
    private static final Pattern SPECIFIC = Pattern.compile("`[^`]+`|\\b[\\w.-]+/[\\w./-]+|\\b\\d+(?:\\.\\d+)+\\b"
            + "|\\b\\d+\\s?(?:ms|s|MB|GB|KiB|MiB|bytes|rows|%)\\b");
    /** A run's outcome, not knowledge: "All green", "Builds and passes", "41,760 duplicate readings". */
    private static final Pattern STATUS = Pattern.compile("(?i)^(?:all|everything|both|builds?|passes|passed|green"
            + "|done|clean|confirmed|progress|unexpected|still|same|nothing|no (?:changes|errors)|[\\d,.]+\\b)");

    private static final Pattern OUTCOME = Pattern.compile("(?i)\\b(?:is|are) (?:clean|green|live)\\b|\\bpass(?:es|ed)?\\b"
            + "|\\b(?:cleanly|successfully|without (?:errors|issues|warnings))\\b"

            + "|\\b\\d+ (?:\\w+ )?instead of \\d+\\b"
            + "|\\b(?:works now|now works|now pass(?:es)?|(?:is|are) (?:fixed|resolved|back to normal)|went through"
            + "|succeeded|no longer (?:fails|failing|errors|crashes|times out))\\b"
            + "|\\bnow (?:returns|uses|reads|writes|sends|handles|skips|dedupes|retries|runs|shows|logs|accepts"
            + "|rejects|checks|goes|points|loads|waits)\\b");

    /** Where the work stands ("The parser and the validation are in and tested"): a status, not knowledge. */
    private static final Pattern WORK_STATUS = Pattern.compile("(?i)\\b(?:is|are) (?:in and \\w+|merged|implemented"
            + "|committed|wired up)\\b");

    /** Describes a moment: "two hours ago", "currently", "still" (about to change), "20 readings instead of 10". */
    static final Pattern TRANSIENT = Pattern.compile("(?i)\\bago\\b|\\bcurrently\\b|\\bright now\\b|\\bstill\\b"
            + "|\\b(?:is|are) now\\b|\\bat this point\\b|\\b(?:is|are) (?:up(?! to)|running|ready|healthy)\\b|\\bbecomes? ready\\b"
            + "|\\brevision \\d+|\\bahead of (?:main|master)\\b"
            + "|\\b\\d+ (?:\\w+ )?instead of \\d+\\b");
    private static final Pattern FIXING = Pattern.compile("(?i)^(?:adding|fixing|switching|replacing|moving|changing"
            + "|reverting|updating|removing|gating|renaming|registering|setting|converting|bumping|pinning|wrapping"
            + "|fix:)");
    /** A plan after an observation fixes what was observed only when it names the same code or path. */
    private static final Pattern PLANNED = Pattern.compile("(?i)^(?:i'll|i will|let me)\\b");
    private static final Pattern CODE_TERM = Pattern.compile("`([^`]+)`|\\b[\\w.-]+/[\\w./-]+");

    private final int maxFacts;

    FactRule(int maxFacts) {
        this.maxFacts = maxFacts;
    }

    /**
     * The answer to a user's question about the project: the first statements of the assistant's reply (after
     * any tool calls it made to find out). What was asked is what a later session will ask again.
     */
    private static void answers(Transcript t, Claims claims, List<Candidate> out) {
        for (Sentence q : t.sentences()) {
            if (!q.fromUser() || !q.isQuestion() || REQUEST.matcher(q.text()).find()
                    || !ASKS_HOW_THINGS_ARE.matcher(Phrasing.stripLead(q.text())).find()) {
                continue;
            }
            Integer reply = t.nextProse(q.ordinal());
            if (reply == null || reply - q.ordinal() > 4 || !"assistant".equals(t.role(reply))) {
                continue;
            }
            List<Sentence> answer = new ArrayList<>();
            for (Sentence s : t.sentencesOf(reply)) {
                String lead = Phrasing.stripLead(s.text());
                if (answer.size() == 2 || s.isQuestion() || PLAN.matcher(s.text()).find()
                        || ROUTINE.matcher(lead).lookingAt() && answer.isEmpty() && Texts.words(s.text()) < 6) {
                    break;
                }
                // The first sentence of a direct answer to "what/which/where" may have no verb ("Python `~3.12` in the Poetry
                // dependencies, ruff `target-version = "py312"`"): what it names answers the question.
                boolean direct = answer.isEmpty() && s == t.sentencesOf(reply).getFirst() && NAMING.matcher(
                        Phrasing.stripLead(q.text())).find()
                        && SPECIFIC.matcher(s.text()).find() && !ROUTINE.matcher(lead).lookingAt();
                if (OPTION_LABEL.matcher(s.text()).lookingAt()) {
                    continue; // "(a) is faster": an argument for one of the options just laid out
                }
                if (NON_ANSWER.matcher(s.text()).find()) {
                    break; // what follows a non-answer is a guess
                }
                if (!claims.taken(s) && (facty(s.text()) || direct) && Texts.words(s.text()) >= 5
                        && !WORK_STATUS.matcher(s.text()).find()) {
                    answer.add(s);
                }
            }
            if (answer.isEmpty()) {
                continue;
            }
            answer.forEach(claims::claim);
            StringBuilder body = new StringBuilder();
            answer.forEach(s -> body.append(body.isEmpty() ? "" : " ").append(s.text()));
            List<Candidate.Span> spans = new ArrayList<>(List.of(Phrasing.span(q)));
            spans.add(Phrasing.span(answer.getFirst()));
            out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), body.toString()),
                    Phrasing.title(answer.getFirst().text()), body.toString(), asking(t, q), 0.6, spans));
        }
    }

    /**
     * What the assistant found out by looking: the first statement of its message right after a tool result, when
     * it names something specific (code, a path, a number) and is not a status line or a plan. The most specific
     * few of a session, by their TF-IDF mass.
     */
    private void observations(Transcript t, Claims claims, List<Candidate> out) {
        List<Scored> found = new ArrayList<>();
        for (int ordinal : t.proseOrdinals()) {
            if (!"assistant".equals(t.role(ordinal))) {
                continue;
            }
            List<Sentence> ss = t.sentencesOf(ordinal);
            // An echo, or a message an earlier rule already drew on (its open question, the cause of a failure):
            // a fact from it would repeat that entry.
            if (ss.isEmpty() || ECHO.matcher(ss.getFirst().text()).lookingAt() || ss.stream().anyMatch(claims::taken)) {
                continue;
            }
            // The first statement that says something, of the first two: a status line often comes first
            // ("Everything passes, but ...: the Postgres-backed tests are behind a build tag"), its finding after.
            for (int i = 0; i < Math.min(3, ss.size()); i++) {
                Sentence s = observed(ss.get(i));
                if (s != null && fixedLater(t, s)) {
                    break; // the message found a bug that is then fixed: what it says next is the fix, not a finding
                }
                if (s != null && !claims.taken(ss.get(i)) && !fixedRightAway(ss, ss.get(i))) {
                    double mass = t.terms().vector(s.text()).values().stream().mapToDouble(Double::doubleValue).sum();
                    found.add(new Scored(s, mass));
                    claims.claim(ss.get(i));
                    break;
                }
            }
        }
        found.sort(Comparator.comparingDouble(Scored::score).reversed()
                .thenComparingInt(x -> x.sentence().ordinal()));
        for (int i = 0; i < found.size(); i++) {
            Sentence s = found.get(i).sentence();
            if (i >= MAX_OBSERVATIONS) {
                continue;
            }
            boolean afterTool = "tool".equals(t.role(s.ordinal() - 1));
            List<Candidate.Span> spans = List.of(afterTool ? new Candidate.Span(s.ordinal() - 1, s.ordinal(), s.text())
                    : Phrasing.span(s));
            String trigger = afterTool ? Phrasing.situation(t, s.ordinal() - 1) : null;
            out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), s.text()), Phrasing.title(s.text()),
                    s.text(), trigger != null ? trigger : Phrasing.topicTrigger("when working with", t, s), 0.5,
                    spans));
        }
    }

    /**
     * The finding a sentence states, or null: the sentence itself, or the clause after its colon when what comes
     * before the colon is a status line.
     */
    private static Sentence observed(Sentence s) {
        if (isObservation(s)) {
            return s;
        }
        int colon = s.text().indexOf(": ");
        // "Plan: a `SpriteBatcher` that ...": what follows a plan's colon is intended, not found.
        if (colon > 0 && !s.isQuestion() && !ECHO.matcher(Phrasing.stripLead(s.text())).lookingAt()) {
            String rest = s.text().substring(colon + 2);
            Sentence clause = new Sentence(s.ordinal(), s.role(), s.index(), s.start() + colon + 2, rest);
            if (Character.isLowerCase(rest.charAt(0)) || rest.startsWith("`")) {
                clause = new Sentence(s.ordinal(), s.role(), s.index(), clause.start(),
                        rest.startsWith("`") ? rest : rest);
            }
            return isObservation(clause) ? clause : null;
        }
        return null;
    }

    /** Lasting knowledge is stated in the present tense; a past-tense sentence tells what happened once. */
    private static final Pattern PRESENT = Pattern.compile("(?i)\\b(?:is|are|isn't|aren't|has|have|uses|runs"
            + "|requires|needs|lives|listens|stores|returns|takes|defaults|reads|writes|calls|emits|expects|serves"
            + "|means|contains|points|comes|goes|sits|keeps|applies|starts|depends|holds|maps|wraps|generates"
            + "|publishes|declares|covers|exposes|does|doesn't|cannot|can't|won't)\\b");
    private static final Pattern PAST = Pattern.compile("(?i)\\b(?:was|were|had)\\b");

    /** Past tense with nothing in the present: what happened once ("the falloff was changed in c71e0d4"). */
    static boolean narrative(Sentence s) {
        return PAST_GATED.find(s.text()) && !PRESENT.matcher(s.text()).find();
    }

    /** The session's own moment: the agent's doings ("I noticed", "I regenerated") and what it sees right now. */
    static final Pattern NARRATED = Pattern.compile("(?i)\\bI(?:'ve|'d)?\\b|\\bwe (?:see|got|saw)\\b"
            + "|\\b(?:the only|the) problem was\\b|\\b(?:for )?(?:exactly )?(?:that|this|it)[.!]?$");

    /**
     * A message that only echoes: the user's rule acknowledged ("Understood: ..."), a plan, or a summary of what
     * was just changed. The rule itself is the user's entry; a plan or a change list is not yet knowledge.
     */
    private static final Pattern ECHO = Pattern.compile("(?i)^(?:understood|noted|got it|will do|plan|proposal"
            + "|summary|done|changes)\\b");

    private static boolean isObservation(Sentence s) {
        // Pure yes/no tests: the cheap ones first (see statesAFact).
        int words = Texts.words(s.text());
        if (s.isQuestion() || words < 8 || words > 50 || ECHO.matcher(s.text()).lookingAt()
                || ROUTINE.matcher(s.text()).lookingAt()) {
            return false;
        }
        String lead = Phrasing.stripLead(s.text());
        String lower = s.text().toLowerCase(java.util.Locale.ROOT);
        return !(ROUTINE.matcher(lead).lookingAt() || ANAPHORIC.matcher(lead).lookingAt()
                || STATUS.matcher(lead).lookingAt() || NARRATED.matcher(s.text()).find() || narrative(s)
                || PLAN_GATED.find(s.text(), lower) || !SPECIFIC_GATED.find(s.text(), lower)
                || OUTCOME_GATED.find(s.text(), lower) || WORK_STATUS_GATED.find(s.text(), lower)
                || !facty(s.text()) || TRANSIENT_GATED.find(s.text(), lower));
    }

    /**
     * The message goes on to change something because of what it observed: the observation is usually the cause
     * of a bug fixed in the same session, not lasting knowledge. A plan ("I'll ...") fixes it only when it acts on
     * the same code or path; otherwise it is the next step, and the observation stands ("CI builds with
     * `SQLX_OFFLINE=false`, so ... I'll regenerate the cache").
     */
    static boolean fixedRightAway(List<Sentence> message, Sentence observed) {
        java.util.Set<String> observedTerms = codeTerms(observed.text());
        for (int i = message.indexOf(observed) + 1; i < message.size(); i++) {
            String lead = Phrasing.stripLead(message.get(i).text());
            if (FIXING.matcher(lead).find() || PLANNED.matcher(lead).find()
                    && codeTerms(lead).stream().anyMatch(observedTerms::contains)) {
                return true;
            }
        }
        return false;
    }

    /** Says something is wrong or odd: a cause, not a description, when an edit then changes what it names. */
    private static final Pattern AMISS = Pattern.compile("(?i)\\b(?:worse|unconditionally|hard-?coded|stale"
            + "|bug|accidentally|silently)\\b");
    /** A thing one could find in a diff: inline code, a path, a dotted, hyphenated or camel-case identifier. */
    private static final Pattern NAMED = Pattern.compile("`([^`]{3,})`|\\b[A-Za-z][\\w]*[-_./:][\\w./:-]*[A-Za-z0-9]\\b"
            + "|\\b[a-z]+[A-Z]\\w*\\b|\\b[A-Z][a-z]+[A-Z]\\w*\\b");

    /**
     * "The `lake` fixture loads httpfs unconditionally ...", then, a few messages on, an edit that changes the
     * fixture: what was wrong and was fixed in the same session is no longer true, so it is no fact. An observation
     * counts as fixed when it says something is amiss and one of the next edits (before the user speaks twice)
     * takes out a line that holds a thing it names.
     */
    static boolean fixedLater(Transcript t, Sentence s) {
        // Only words that say the code is wrong: "because" or "can't" also explain how a tool works, which stays true.
        if (!AMISS_GATED.find(s.text())) {
            return false;
        }
        java.util.Set<String> named = new java.util.HashSet<>();
        java.util.regex.Matcher m = NAMED.matcher(s.text());
        while (m.find()) {
            named.add((m.group(1) != null ? m.group(1) : m.group()).toLowerCase(java.util.Locale.ROOT));
        }
        if (named.isEmpty()) {
            return false;
        }
        int users = 0;
        for (int o = s.ordinal() + 1; o <= s.ordinal() + 6 && users < 2; o++) {
            String role = t.role(o);
            users += "user".equals(role) ? 1 : 0;
            if (!"tool".equals(role)) {
                continue;
            }
            for (ToolRun r : t.runs()) {
                if (r.ordinal() == o && r.kind() == ToolRun.Kind.EDIT) {
                    String removed = removedLines(t.message(o).text());
                    if (named.stream().anyMatch(removed::contains)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The lines a diff takes out: a fix changes what was there, an addition leaves it true. */
    private static String removedLines(String diff) {
        StringBuilder b = new StringBuilder();
        for (String line : diff.split("\n")) {
            String l = line.strip();
            if (l.startsWith("-") && !l.startsWith("---")) {
                b.append(l.toLowerCase(java.util.Locale.ROOT)).append('\n');
            }
        }
        return b.toString();
    }

    private static java.util.Set<String> codeTerms(String text) {
        java.util.Set<String> out = new java.util.HashSet<>();
        java.util.regex.Matcher m = CODE_TERM.matcher(text);
        while (m.find()) {
            out.add((m.group(1) != null ? m.group(1) : m.group()).toLowerCase(java.util.Locale.ROOT));
        }
        return out;
    }

    /** "when asking how shaders get into the bundle"; a bare "Is that OK?" takes the sentence it refers to. */
    private static String asking(Transcript t, Sentence q) {
        String question = Phrasing.stripLead(q.text()).replaceFirst("(?i)^remind me\\s+", "");
        if (Texts.words(question) < 5) {
            List<Sentence> own = t.sentencesOf(q.ordinal());
            int i = own.indexOf(q);
            if (i > 0) {
                return "when asking about: " + Texts.bound(lowerFirst(own.get(i - 1).text().replaceAll("[.!]+$", "")),
                        120);
            }
        }
        return "when asking " + Texts.bound(lowerFirst(question), 120);
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** "So ...", "Only ...", "Adding ...", "The fix is ...": a conclusion drawn, a step taken or a remedy. */
    private static final Pattern STEP_OR_CONCLUSION = Pattern.compile("(?i)(?:so|only|adding|leaving|making|replacing"
            + "|reproducing|comparing|the fix)\\b");

    private record Scored(Sentence sentence, double score) {}

    /**
     * Whether a sentence states something about the project that holds beyond the moment: a declarative of some length
     * (not a plan, a status, an outcome, a narration or an echo of the request), said by the assistant or flagged by
     * the user, and not the cause of a bug the session fixes.
     */
    private static boolean statesAFact(Transcript t, Sentence s) {
        // Every test below is a pure yes/no, so their order does not change the answer: the cheap ones go first
        // (word counts, the role, patterns anchored at the start) and the scans of the whole sentence after them.
        int words = Texts.words(s.text());
        if (words < 6 || words > 60 || s.fromUser() && !FLAGGED_GATED.find(s.text())
                || ROUTINE.matcher(s.text()).lookingAt()
                || ECHO.matcher(t.sentencesOf(s.ordinal()).getFirst().text()).lookingAt()) {
            return false;
        }
        String lead = Phrasing.stripLead(s.text());
        String lower = s.text().toLowerCase(java.util.Locale.ROOT);
        return !(ROUTINE.matcher(lead).lookingAt() || ANAPHORIC.matcher(lead).lookingAt()
                || PLAN_GATED.find(s.text(), lower) || NARRATED.matcher(s.text()).find() || narrative(s)
                || TRANSIENT_GATED.find(s.text(), lower) || OUTCOME_GATED.find(s.text(), lower) || !facty(s.text())
                || fixedRightAway(t.sentencesOf(s.ordinal()), s) || fixedLater(t, s));
    }

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Sentence> all = t.sentences();
        if (maxFacts == 0) {
            return List.of();
        }
        List<Candidate> out = new ArrayList<>();
        answers(t, claims, out);
        observations(t, claims, out);
        if (all.size() < 3) {
            return out;
        }
        // Which sentences may be facts, before ranking: TextRank over the whole session is only worth its cost
        // when one of them is.
        boolean[] states = new boolean[all.size()];
        boolean any = false;
        for (int i = 0; i < all.size(); i++) {
            Sentence s = all.get(i);
            states[i] = !claims.takenBeyondCause(s) && !s.isQuestion() && statesAFact(t, s);
            any |= states[i];
        }
        if (!any) {
            return out;
        }
        List<Map<String, Double>> vectors = new ArrayList<>();
        for (Sentence s : all) {
            vectors.add(t.terms().vector(s.text()));
        }
        double[] rank = TextRank.scores(vectors);
        List<Scored> eligible = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            Sentence s = all.get(i);
            if (!states[i]) {
                continue;
            }
            double mass = vectors.get(i).values().stream().mapToDouble(Double::doubleValue).sum();
            double score = rank[i] * all.size() * (0.5 + Math.min(mass, 2.0)) * (FLAGGED.matcher(s.text()).find() ? 1.5 : 1);
            eligible.add(new Scored(s, score));
        }
        if (eligible.isEmpty()) {
            return out;
        }
        // Best first; ties go to the earlier sentence, so the order never depends on anything but the session.
        eligible.sort(Comparator.comparingDouble(Scored::score).reversed()
                .thenComparingInt(x -> x.sentence().ordinal()).thenComparingInt(x -> x.sentence().start()));
        int k = Math.min(maxFacts, Math.max(1, eligible.size() / 6));
        double top = eligible.getFirst().score();
        List<Scored> taken = new ArrayList<>();
        for (Scored sc : eligible.subList(0, k)) {
            // "So the package ...", "Adding that to ...", "The fix is ...": a conclusion, a step or a remedy that leans
            // on what came before is no fact on its own, however central it ranks.
            String raw = sc.sentence().text().strip();
            if (!STEP_OR_CONCLUSION.matcher(raw).lookingAt()) {
                taken.add(sc);
            }
        }
        for (Scored sc : taken) {
            if (claims.takenBeyondCause(sc.sentence())) {
                continue;
            }
            Sentence s = sc.sentence();
            claims.claimAsFact(s);
            double confidence = 0.3 + 0.3 * (top == 0 ? 0 : sc.score() / top);
            out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), s.text()), Phrasing.title(s.text()),
                    s.text(), Phrasing.topicTrigger("when working with", t, s), confidence,
                    List.of(Phrasing.span(s))));
        }
        return out;
    }

    // The patterns above that scan a whole sentence, each with the words (lower-case) every match of it spells out
    // (see Gated): most sentences contain none of them, and looking for a word is far cheaper than the scan.
    // Declared last, after the patterns they wrap.
    private static final Gated PLAN_GATED = new Gated(PLAN, "i'll", "i will", "i'm going to", "let me", "we'll");
    private static final Gated FACTY_PLURAL_GATED = new Gated(FACTY_PLURAL, "read", "default", "live", "listen",
            "store", "return", "require", "need", "contain", "point", "expect", "hold", "apply", "depend", "generate",
            "publish", "declare", "cover", "expose", "emit", "serve", "map", "wrap", "take", "call", "write", "keep");
    private static final Gated TRANSIENT_GATED = new Gated(TRANSIENT, "ago", "currently", "still", "now",
            "at this point", "up", "running", "ready", "healthy", "revision", "ahead of", "instead of");
    private static final Gated OUTCOME_GATED = new Gated(OUTCOME, "clean", "green", "live", "pass", "successfully",
            "without", "instead of", "now", "fixed", "resolved", "back to normal", "went through", "succeeded",
            "no longer");
    private static final Gated WORK_STATUS_GATED = new Gated(WORK_STATUS, "in and ", "merged", "implemented",
            "committed", "wired up");
    private static final Gated SPECIFIC_GATED = new Gated(SPECIFIC, "`", "/", "0", "1", "2", "3", "4", "5", "6", "7",
            "8", "9");
    private static final Gated PAST_GATED = new Gated(PAST, "was", "were", "had");
    private static final Gated AMISS_GATED = new Gated(AMISS, "worse", "unconditionally", "hard", "stale", "bug",
            "accidentally", "silently");
    private static final Gated FLAGGED_GATED = new Gated(FLAGGED, "fyi", "note", "for reference", "for context",
            "heads up", "worth knowing", "important");
}
