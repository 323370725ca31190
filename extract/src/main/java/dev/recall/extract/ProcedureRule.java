package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Procedures: commands that ran and succeeded, with what they are for. Three shapes: a command that passed
 * after failing (with the steps that made it pass), a sequence the assistant spelled out ("the sequence is:
 * `make db-up`, then ..."), and a successful chain of real work ("buf lint && buf breaking && buf generate").
 * Lone routine commands (ls, git status, kubectl get) are never procedures.
 */
final class ProcedureRule implements Rule {
    private static final int WINDOW = 40;
    private static final int MAX_PURPOSEFUL = 4;
    private static final int MAX_RERUN = 2;
    private static final Pattern HABIT = Pattern.compile("(?i)\\b(?:i|we) (?:usually|always|normally|typically)"
            + " (?:run|use)\\b|\\b(?:always|first) run\\b|\\buse `[^`]+` (?:to|for|when|instead)\\b");
    /**
     * A how-to, from either side: "To regenerate the client, run `buf generate`", "If you need fresh fixtures, run
     * `make fixtures` first", "You have to run `make deps` before `make build`".
     */
    private static final String HOW_TO = "^(?:to|if you (?:need|want) to|whenever you|when you (?:need|want) to)"
            + " [^,]{3,80}, (?:just )?(?:run|use)\\b|\\byou (?:have|need) to run `|\\brun `[^`]+` (?:first|before|after)\\b";
    /** "To regenerate the client, run ...": the situation is the purpose. */
    private static final Pattern PURPOSE = Pattern.compile("(?i)^(?:to|if you (?:need|want) to|when you (?:need|want)"
            + " to) ([^,]{3,80}), (?:just )?(?:run|use)\\b");
    private static final Pattern HOW_TO_PATTERN = Pattern.compile("(?i)(?:" + HOW_TO + ")");
    private static final Pattern CODE = Pattern.compile("`([^`\\n]{3,160})`");
    private static final Pattern SEQUENCE = Pattern.compile(
            "(?i)\\b(?:sequence|steps?|workflow|procedure|recipe|then|followed by|first,?)\\b|^(?:the )?(?:\\w+ )?flow\\b[^:`]{0,40}:");
    /** A sequence said to be needed no more ("`make db-up` and `make migrate-test` are no longer part of the flow"). */
    private static final Pattern NO_LONGER = Pattern.compile("(?i)\\b(?:no longer|not needed|isn't needed|aren't needed"
            + "|not part of|unnecessary)\\b");
    /** A how-to's frame: a time that recurs ("later runs", "after any bump"), or the way a thing was done ("Deployed with"). */
    private static final Pattern HOW_TO_FRAME = Pattern.compile("(?i)(?:\\b(?:later runs?|next time|from now on|in (?:the )?future"
            + "|every time|each time|whenever|after (?:any|every|each)|before (?:any|every|each))\\b|^(?:deployed|released"
            + "|published|uploaded|flashed|provisioned|rotated|restored|reloaded) (?:\\S+ ){0,3}?with(?= `))[^`]{0,60}`");
    /** Every {@link #HOW_TO_FRAME} holds one of these (lower-cased): a cheap check before the expressions. */
    private static final String[] FRAME_WORDS = {"later run", "next time", "from now on", "future", "every time",
        "each time", "whenever", "after any", "after every", "after each", "before any", "before every", "before each",
        "deployed", "released", "published", "uploaded", "flashed", "provisioned", "rotated", "restored", "reloaded"};
    /** What may come before a how-to's frame: "So after any bump, ...". */
    private static final Pattern LEAD_IN = Pattern.compile("(?i)(?:so|and|then|also|remember:?|note:?),?\\s+");
    /** Plans, offers and rules are not how-tos: "I'll run ...", "should I ...", "never run `x`" (a warning's). */
    private static final Pattern PLAN_OR_RULE = Pattern.compile("(?i)^(?:i'll|i will|let me|i'd|shall|should|could"
            + "|would|we could)\\b|\\b(?:never|don't|do not|must not|shouldn't)\\b");
    /** A command line as prose quotes it: a program and arguments, placeholders ("<version>") and chains allowed. */
    private static final Pattern COMMAND_LINE = Pattern.compile("^(?:\\./|[a-z][\\w.-]*\\s)[-\\w./@=:'\"$<>&|*,{}\\s%+~]+$");
    private static final Pattern COMMANDISH = Pattern.compile(
            "^(?:\\./|[a-z][\\w.-]*(?:\\s+[-\\w./@=:'\"$]+)+$)");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        Set<String> covered = new HashSet<>();
        spelledOut(t, claims, out, covered);
        afterFailure(t, out, covered);
        reranUntilPassed(t, out, covered);
        chains(t, out, covered);
        told(t, claims, out, covered);
        howTo(t, claims, out, covered);
        purposeful(t, out, covered);
        return out;
    }

    /**
     * "For just the core crate I usually run `cargo nextest run -p sync-core`": a user's own recipe; and a how-to
     * either side states ("To regenerate the client, run `buf generate`").
     */
    private void told(Transcript t, Claims claims, List<Candidate> out, Set<String> covered) {
        for (Sentence s : t.sentences()) {
            if (claims.taken(s) || s.isQuestion() || !Texts.mentions(s.text(), "run", "use")
                    || !(s.fromUser() && HABIT.matcher(s.text()).find()
                            || HOW_TO_PATTERN.matcher(Phrasing.stripLead(s.text())).find())) {
                continue;
            }
            Matcher m = CODE.matcher(s.text());
            String command = null;
            while (m.find() && command == null) {
                String c = m.group(1).strip();
                if (COMMANDISH.matcher(c).find() && c.contains(" ")) {
                    command = c;
                }
            }
            if (command == null) {
                continue;
            }
            Matcher purpose = PURPOSE.matcher(Phrasing.stripLead(s.text()));
            propose(t, s, command, purpose.find() ? "when you need to " + purpose.group(1).strip() : null, 0.6,
                    claims, out, covered);
        }
    }

    /** One stated command line as a procedure: the sentence's condition, else its purpose, else its topic, triggers it. */
    private static void propose(Transcript t, Sentence s, String command, String purposeTrigger, double confidence,
            Claims claims, List<Candidate> out, Set<String> covered) {
        claims.claim(s);
        covered.add(command);
        Phrasing.Split split = Phrasing.split(s.text());
        String trigger = split.condition() != null ? split.condition()
                : purposeTrigger != null ? purposeTrigger
                : Phrasing.topicTrigger("when you need to run", t, s);
        out.add(new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), s.text()),
                Phrasing.title(split.rest()), "Run `" + command + "`.\n" + s.text(), trigger, confidence,
                List.of(Phrasing.span(s))));
    }

    /**
     * A way of using a command stated for later, which the fact ranking would otherwise take as a fact: "Later runs
     * compare with `cabal bench --benchmark-options='--baseline ...'`, which fails if ...", "After any major-version
     * bump of the test image, `docker compose ... down -v` once before `up -d`", "Deployed with `gh workflow run
     * deploy-api.yml -f env=production`; the workflow builds, runs migrations, then rolls out". The frame (a time that
     * recurs, or "deployed/released/... with" a command line) is what makes it a how-to rather than a finding.
     */
    private void howTo(Transcript t, Claims claims, List<Candidate> out, Set<String> covered) {
        for (Sentence s : t.sentences()) {
            if (s.text().indexOf('`') < 0 || claims.taken(s) || s.isQuestion() || !Texts.mentions(s.text(), FRAME_WORDS)) {
                continue;
            }
            String lead = Phrasing.stripLead(s.text());
            if (!HOW_TO_FRAME.matcher(lead).find() || PLAN_OR_RULE.matcher(lead).find()) {
                continue;
            }
            // The command the frame leads to: the first backticked command line from the frame on.
            Matcher frame = HOW_TO_FRAME.matcher(lead);
            frame.find();
            if (frame.start() > 0 && !LEAD_IN.matcher(lead.substring(0, frame.start())).matches()) {
                continue; // "Locked; the servers now ... (next time: `x`)": an aside to a status, which is a fact's
            }
            String command = null;
            Matcher m = CODE.matcher(lead);
            if (m.find(frame.end() - 1)) {
                String c = m.group(1).strip();
                List<String> keys = Commands.keys(c);
                if (COMMAND_LINE.matcher(c).matches() && c.contains(" ") && !keys.isEmpty()
                        && (!keys.stream().allMatch(Commands::isRoutine) || ghActs(c))) {
                    command = c;
                }
            }
            if (command == null) {
                continue;
            }
            propose(t, s, command, null, 0.55, claims, out, covered);
        }
    }

    /**
     * A single command that did real work and succeeded, with what it was for: the agent said so before running
     * it ("I'll run cargo-hack over the feature powerset") or gave the tool call a description. At most a few per
     * session, first come first served, and never a bare build or test run without options.
     */
    private void purposeful(Transcript t, List<Candidate> out, Set<String> covered) {
        int added = 0;
        Set<String> keys = new HashSet<>();
        for (ToolRun r : t.runs()) {
            if (added >= MAX_PURPOSEFUL || !r.succeeded() || r.routine() || covered.contains(r.command())
                    || Commands.segments(r.command()).size() > 2 || asksForHelp(r.command())) {
                continue;
            }
            String key = DebuggingRule.mainKey(r);
            String purpose = Purposes.of(t, r);
            if (purpose == null) {
                purpose = Purposes.requested(t, r);
            }
            long options = Commands.tokens(Commands.segments(r.command()).getLast()).stream()
                    .filter(x -> x.startsWith("-")).count();
            if (purpose == null || options < 1 || !keys.add(key) || ranBefore(t, r)) {
                continue;
            }
            covered.add(r.command());
            added++;
            out.add(new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), r.command()),
                    Texts.bound(purpose + ": `" + r.command() + "`", Phrasing.TITLE_MAX),
                    purpose + ":\n`" + r.command() + "`\nIt succeeded in this session.",
                    "when you need to " + Texts.bound(lower(purpose), 100), 0.45,
                    List.of(Candidate.Span.of(r.ordinal(), null))));
        }
    }

    /** "gh workflow run deploy-api.yml", "gh release create v1.2": gh that acts, where gh mostly looks (gh run view). */
    private static boolean ghActs(String command) {
        List<String> tokens = Commands.tokens(command);
        return tokens.size() >= 3 && tokens.getFirst().equals("gh")
                && Set.of("run", "create", "merge", "upload", "deploy", "publish").contains(tokens.get(2));
    }

    /**
     * "uv run dagster job backfill --help | head -20", "pnpm dlx size-limit --version": one command that only asks a
     * program for its usage or version is a look, however purposeful the sentence before it.
     */
    static boolean asksForHelp(String command) {
        List<String> segments = Commands.segments(command);
        return segments.size() == 1 && Commands.tokens(segments.getFirst()).stream()
                .anyMatch(x -> x.equals("--help") || x.equals("-h") || x.equals("--version") || x.equals("-V"));
    }

    /** An earlier run of the same task: the later one is a retry, which afterFailure speaks for. */
    private static boolean ranBefore(Transcript t, ToolRun run) {
        for (ToolRun r : t.runs()) {
            if (r.ordinal() >= run.ordinal()) {
                return false;
            }
            if (r.shell() && r.sameTask(run)) {
                return true;
            }
        }
        return false;
    }

    /** An assistant sentence naming two or more commands in order. */
    private void spelledOut(Transcript t, Claims claims, List<Candidate> out, Set<String> covered) {
        for (Sentence s : t.sentences()) {
            if (!"assistant".equals(s.role()) || claims.taken(s) || !SEQUENCE.matcher(s.text()).find()
                    || NO_LONGER.matcher(s.text()).find()) {
                continue;
            }
            List<String> commands = new ArrayList<>();
            Matcher m = CODE.matcher(s.text());
            while (m.find()) {
                String c = m.group(1).strip();
                if (COMMANDISH.matcher(c).find() && c.contains(" ")) {
                    commands.add(c);
                }
            }
            if (commands.size() < 2) {
                continue;
            }
            claims.claim(s);
            List<Candidate.Span> spans = new ArrayList<>(List.of(Phrasing.span(s)));
            for (ToolRun r : t.runs()) {
                if (r.succeeded() && commands.contains(r.command()) && r.ordinal() < s.ordinal()) {
                    covered.add(r.command());
                    if (spans.size() < 4) {
                        spans.add(Candidate.Span.of(r.ordinal(), null));
                    }
                }
            }
            spans.sort(java.util.Comparator.comparingInt(Candidate.Span::start));
            String head = s.text().contains(":") ? s.text().substring(0, s.text().indexOf(':')) : null;
            String title = head != null && head.split("\\s+").length <= 10
                    ? Phrasing.title(head.replaceFirst("(?i)\\s+(?:is|are)$", "")) + ": "
                            + String.join(" → ", commands)
                    : Phrasing.title(s.text());
            out.add(new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), s.text()),
                    Texts.bound(title, Phrasing.TITLE_MAX), numbered(commands) + "\n" + s.text(),
                    head != null ? "for " + Texts.bound(strip(head), 100) : null, 0.65, spans));
        }
    }

    /** A command that succeeded after it had failed, with the steps run in between. */
    private void afterFailure(Transcript t, List<Candidate> out, Set<String> covered) {
        List<ToolRun> runs = t.runs();
        for (int b = 0; b < runs.size(); b++) {
            ToolRun ok = runs.get(b);
            if (!ok.succeeded() || ok.routine() || covered.contains(ok.command())) {
                continue;
            }
            int first = -1;
            for (int a = b - 1; a >= 0 && ok.ordinal() - runs.get(a).ordinal() <= WINDOW; a--) {
                ToolRun r = runs.get(a);
                if (r.shell() && r.sameTask(ok)) {
                    if (r.succeeded()) {
                        break;
                    }
                    first = a;
                }
            }
            if (first < 0) {
                continue;
            }
            ToolRun failure = runs.get(first);
            List<ToolRun> steps = new ArrayList<>();
            boolean edited = false;
            for (ToolRun r : runs.subList(first + 1, b)) {
                if (r.succeeded() && !r.routine() && !r.sameTask(ok)) {
                    steps.add(r);
                }
                edited |= r.kind() == ToolRun.Kind.EDIT;
            }
            if (steps.isEmpty() && (edited || ok.command().equals(failure.command()))) {
                continue; // what made it pass was a change to files, or nothing a command can repeat
            }
            covered.add(ok.command());
            List<String> commands = new ArrayList<>();
            steps.forEach(s -> commands.add(s.command()));
            commands.add(ok.command());
            String purpose = Purposes.of(t, failure);
            if (purpose == null) {
                purpose = Purposes.of(t, ok);
            }
            String sequence = String.join(" → ", commands.stream().map(c -> "`" + c + "`").toList());
            String title = (purpose != null ? purpose + ": " : "Run ") + sequence;
            String body = numbered(commands) + "\nEarlier `" + failure.command() + "` failed: " + failure.errorLine();
            String why = explanation(t, failure.ordinal(), ok.ordinal());
            if (why != null) {
                body += "\nWhy: " + why;
            }
            String outcome = outcome(t, ok);
            body += "\nThen `" + ok.command() + "` worked" + (outcome != null ? ": " + outcome : ".");
            List<Candidate.Span> spans = new ArrayList<>();
            spans.add(Candidate.Span.of(failure.ordinal(), null));
            steps.stream().limit(3).forEach(s -> spans.add(Candidate.Span.of(s.ordinal(), null)));
            spans.add(Candidate.Span.of(ok.ordinal(), null));
            String trigger = purpose != null ? "when you need to " + Texts.bound(lower(purpose), 100)
                    : "when `" + DebuggingRule.mainKey(failure) + "` fails with "
                            + Texts.bound(DebuggingRule.shortError(failure.errorLine()), 100);
            out.add(new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), body), Texts.bound(title,
                    Phrasing.TITLE_MAX), body, trigger, 0.6, spans));
        }
    }

    /**
     * The check a session settled on: the same command line, with options, failed, files were edited, and it
     * passed. The fix is the debugging method's; how to run the check is the procedure ("pnpm -F editor test"
     * for the editor package). One per program, at most {@link #MAX_RERUN} per session.
     */
    private void reranUntilPassed(Transcript t, List<Candidate> out, Set<String> covered) {
        List<ToolRun> runs = t.runs();
        Set<String> keys = new HashSet<>();
        int added = 0;
        for (int b = 0; b < runs.size() && added < MAX_RERUN; b++) {
            ToolRun ok = runs.get(b);
            if (!ok.succeeded() || ok.routine() || covered.contains(ok.command())
                    || Commands.segments(ok.command()).size() > 2 || options(ok) < 1) {
                continue;
            }
            int first = -1;
            for (int a = b - 1; a >= 0 && ok.ordinal() - runs.get(a).ordinal() <= WINDOW; a--) {
                ToolRun r = runs.get(a);
                if (r.shell() && r.command().equals(ok.command())) {
                    if (r.succeeded()) {
                        break;
                    }
                    first = a;
                }
            }
            if (first < 0 || !keys.add(DebuggingRule.mainKey(ok))) {
                continue;
            }
            Set<String> files = new java.util.LinkedHashSet<>();
            for (ToolRun r : runs.subList(first + 1, b)) {
                if (r.kind() == ToolRun.Kind.EDIT) {
                    files.addAll(r.files());
                }
            }
            if (files.isEmpty()) {
                continue;
            }
            ToolRun failure = runs.get(first);
            covered.add(ok.command());
            added++;
            String purpose = Purposes.of(t, failure);
            if (purpose == null) {
                purpose = Purposes.requested(t, failure);
            }
            String edited = String.join(", ", files.stream().limit(3).map(f -> "`" + f + "`").toList());
            String title = (purpose != null ? purpose : "Check changes") + " with `" + ok.command() + "`";
            String body = "`" + ok.command() + "` is the check this session relied on: it failed with "
                    + failure.errorLine() + ", passed after editing " + edited + ".";
            out.add(new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), body),
                    Texts.bound(title, Phrasing.TITLE_MAX), body, "when checking a change to " + edited, 0.45,
                    List.of(Candidate.Span.of(failure.ordinal(), null), Candidate.Span.of(ok.ordinal(), null))));
        }
    }

    private static long options(ToolRun r) {
        return Commands.tokens(Commands.segments(r.command()).getLast()).stream().filter(x -> x.startsWith("-"))
                .count();
    }

    /** A successful command line that chains two or more real steps. */
    private void chains(Transcript t, List<Candidate> out, Set<String> covered) {
        for (ToolRun r : t.runs()) {
            if (!r.succeeded() || r.routine() || covered.contains(r.command())) {
                continue;
            }
            long real = Commands.segments(r.command()).stream().map(Commands::keys)
                    .filter(k -> !k.isEmpty() && !Commands.isRoutine(k.getFirst())).count();
            String purpose = Purposes.of(t, r);
            // Two steps without a stated purpose ("go build && go test") is routine; three is a recipe.
            if (real < 2 || real < 3 && purpose == null) {
                continue;
            }
            covered.add(r.command());
            String title = (purpose != null ? purpose + ": " : "Run ") + "`" + r.command() + "`";
            List<String> steps = Commands.segments(r.command());
            out.add(new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), r.command()),
                    Texts.bound(title, Phrasing.TITLE_MAX), numbered(steps) + "\nRan successfully as `" + r.command()
                            + "`.", purpose != null ? "when you need to " + Texts.bound(lower(purpose), 100)
                            : "when you need to " + String.join(" and ", r.keys()), 0.45,
                    List.of(Candidate.Span.of(r.ordinal(), null))));
        }
    }

    private static final Pattern SUCCESS_LINE = Pattern.compile("(?i)\\b(?:success\\w*|passed|built|started|healthy"
            + "|ready|done|ok|completed|installed|created|up to date|0 failed|running)\\b|✓|✔");

    /**
     * What the command that finally worked printed to say so ("✔ Container atlas-db-1 Started", "BUILD SUCCESSFUL in
     * 19s"): its last line that reads like a success, so the entry keeps the outcome, not only the command.
     */
    private static String outcome(Transcript t, ToolRun ok) {
        dev.recall.store.Message m = t.message(ok.ordinal());
        if (m == null || m.text() == null) {
            return null;
        }
        String[] lines = m.text().split("\n");
        for (int i = lines.length - 1; i >= 0 && i >= lines.length - 12; i--) {
            String line = lines[i].strip();
            if (line.length() >= 4 && SUCCESS_LINE.matcher(line).find()) {
                return Texts.bound(line, 100);
            }
        }
        return null;
    }

    /** The assistant's first explanation between the failure and the run that worked ("the app imports ..."). */
    private static String explanation(Transcript t, int from, int to) {
        for (int o = from + 1; o < to; o++) {
            if (!"assistant".equals(t.role(o))) {
                continue;
            }
            for (Sentence s : t.sentencesOf(o)) {
                if (!s.isQuestion() && DebuggingRule.CAUSE.matcher(s.text()).find() && s.text().split("\\s+").length >= 6) {
                    return s.text();
                }
            }
        }
        return null;
    }

    private static String numbered(List<String> commands) {
        StringBuilder b = new StringBuilder("Steps:");
        for (int i = 0; i < commands.size(); i++) {
            b.append('\n').append(i + 1).append(". `").append(commands.get(i)).append('`');
        }
        return b.toString();
    }

    private static String lower(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    private static String strip(String head) {
        return lower(Phrasing.stripLead(head).replaceFirst(
                "(?i)^the\\s+(?:sequence|steps|workflow|procedure|recipe)\\s+(?:for|to)\\s+", "")
                .replaceFirst("(?i)\\s+(?:is|are)$", ""));
    }
}
