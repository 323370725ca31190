package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How a failure was narrowed down, across turns: the user reports something wrong (or a command just failed), the
 * agent runs looks (logs, a diff of two configs, a count of log lines), says after one of them what causes it, the
 * user may weigh in, and a change to files follows and a run after it passes. What a later session reuses is the
 * look that told the cause, so the entry is titled by the symptom and that command, with the cause and the earlier
 * looks in the body. {@link InvestigationRule} sees the same order inside one turn and only with a fix before the
 * user speaks again; this one lets the user speak between the cause and the fix, and reads symptoms told as what
 * happens ("the audit log shows status updates every ~100ms", "it used to be 6"). Runs last, off messages an earlier
 * debugging method stands on. Not when the change fails to make the check pass (the cause was a guess), nor for a look
 * that found nothing ("passes here too").
 */
final class LookedAndFoundRule implements Rule.Contextual {
    private static final int MAX = 2;
    /** How far back from the explanation the report may be, and how far after it the fix. */
    private static final int BEFORE = 12;
    private static final int AFTER = 8;
    /** What the user reports: the shared problem words, and what happens over and over or no longer works. */
    private static final Pattern SYMPTOM = Pattern.compile("(?i)\\b(?:hammers?|over and over|every ~?\\d+\\s*m?s\\b"
            + "|used to (?:be|take|work)|no longer|not (?:working|ready|listening|starting|running|loading)|doesn't"
            + " (?:work|start|load|run|renew)|won't (?:start|load|run)|keeps? \\w+ing|blank|stale|went up|jumped|doubled"
            + "|died|went red|(?:is|are) red|broke\\w*|(?:isn't|aren't|wasn't|weren't) \\w+ing\\b|old data|out of date|every time|re-?runs?|re-?running"
            + "|since (?:i|we|the|last|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b"
            + "|takes? (?:about |~)?\\d+ ?(?:min|minutes|seconds|hours)\\b|(?:fails?|failing|failed|crash\\w*|hangs?|hanging|panics?|flak\\w+)\\b)");
    /** A look changes nothing; these do (an install, a deploy, a cleanup), so what came before them was a fix. */
    private static final Pattern CHANGES = Pattern.compile("(?i)(?<![\\w/.-])(?:sudo|install|apply|deploy"
            + "|delete|rm|collect-garbage|push|commit|upgrade|scancel|kill|restart|reset|migrate|checkout)(?![\\w/.-])");
    private static final Pattern UPGRADE = Pattern.compile("(?i)^(?:npx expo|npm|pnpm|yarn|pip|uv|poetry|cargo|go|bundle"
            + "|gem|composer)\\b.*\\b(?:install|add|upgrade|update|get)\\b.*@|\\b(?:upgrade|update) \\S+==?");
    /** A log viewer's output carries the failure it shows; the viewer itself did not fail. */
    private static final Pattern VIEWER = Pattern.compile("(?i)\\b(?:view|logs?|download|tail|cat|grep|less|show)\\b");
    /**
     * Reading the failed log or one file is how the cause was seen, not a method of narrowing it down: with nothing
     * else looked at, the entry would only repeat the cause (which the session then fixed).
     */
    private static final Pattern READ_ONE = Pattern.compile("^(?:gh run view|sed -n|cat|tail|head|less|nl)\\b");
    /** "uvicorn listens on 127.0.0.1:8000 while Cloud Run probes $PORT": two things that should agree and don't. */
    private static final Pattern CONTRAST = Pattern.compile("(?i)\\b(?:while|whereas)\\b|, but\\b");
    /** "the screenshot shows the banner covering the button", "each held by a closure", "the scheduling is the problem". */
    private static final Pattern FINDING = Pattern.compile("(?i)\\b(?:shows|showed|reveals?|turns out|held by"
            + "|is the problem|the problem is|the culprit|found it)\\b");
    private static final Pattern ASK = Pattern.compile("(?i)^(?:(?:can|could) you |please )?(?:figure out|find out|look"
            + "|check|see|tell me) (?:why|what|into)\\b");
    /** "so it isn't that": a cause ruled out, not the cause. */
    private static final Pattern RULED_OUT = Pattern.compile("(?i)\\b(?:isn't|is not|wasn't|not) (?:that|it)\\b[.!]?$"
            + "|\\bso (?:that's|that is) not\\b|\\bwhich rules out\\b");
    /** The user's words between the cause and the fix that turn the course down. */
    private static final Pattern CORRECTION = Pattern.compile("(?i)^(?:no\\b|nope\\b|don't\\b|do not\\b|never\\b"
            + "|wait\\b)|\\b(?:don't|do not|never|instead|shouldn't|not \\w+ in)\\b");
    private static final Pattern LOWER_START = Pattern.compile("(?<=[.?!])\\s+(?=[a-z])");
    /** A sentence that says why: a cause, not a plan ("I'll look at the Dockerfile"). */
    private static final Pattern PLAN = Pattern.compile("(?i)^(?:let me|i'll|i will|i'd|i would|checking|looking|next"
            + "|now|first)\\b");
    private static final Pattern NOTHING_FOUND = Pattern.compile("(?i)\\b(?:passes here|works here|can't reproduce"
            + "|cannot reproduce|couldn't reproduce|nothing (?:obvious|unusual|wrong))\\b");

    /** The session's runs by ordinal, its edits' ordinals and each prose message's predecessor, built once. */
    private record Index(java.util.NavigableMap<Integer, ToolRun> runs, java.util.NavigableSet<Integer> edits,
            java.util.Map<Integer, Integer> previous) {
        static Index of(Transcript t) {
            java.util.NavigableMap<Integer, ToolRun> runs = new java.util.TreeMap<>();
            java.util.NavigableSet<Integer> edits = new java.util.TreeSet<>();
            for (ToolRun r : t.runs()) {
                runs.put(r.ordinal(), r);
                if (r.kind() == ToolRun.Kind.EDIT) {
                    edits.add(r.ordinal());
                }
            }
            java.util.Map<Integer, Integer> previous = new java.util.HashMap<>();
            int prev = -1;
            for (int o : t.proseOrdinals()) {
                previous.put(o, prev);
                prev = o;
            }
            return new Index(runs, edits, previous);
        }

        java.util.Collection<ToolRun> between(int from, int to) {
            return from + 1 >= to ? List.of() : runs.subMap(from, false, to, false).values();
        }

        boolean editBetween(int from, int to) {
            Integer e = edits.higher(from);
            return e != null && e < to;
        }
    }

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        // Looks and a fix: a session without a shell run or without an edit has neither.
        if (t.runs().stream().noneMatch(ToolRun::shell) || t.runs().stream().noneMatch(r -> r.kind() == ToolRun.Kind.EDIT)) {
            return out;
        }
        Index ix = Index.of(t);
        Set<Integer> reports = new java.util.HashSet<>();
        for (int a : t.proseOrdinals()) {
            if (out.size() == MAX) {
                break;
            }
            if (!"assistant".equals(t.role(a))) {
                continue;
            }
            List<ToolRun> looks = looksBefore(ix, a);
            if (looks.isEmpty()) {
                continue;
            }
            Sentence cause = cause(t, a);
            if (cause == null) {
                continue;
            }
            int report = report(t, ix, a, looks.getFirst().ordinal());
            if (report < 0 || reports.contains(report)
                    || Candidate.anyOn(earlier, EntryType.DEBUGGING_METHOD, report, a)
                    || Candidate.anyOn(out, EntryType.DEBUGGING_METHOD, report, a)) {
                continue;
            }
            ToolRun fix = fixedAfter(ix, a);
            if (fix == null) {
                continue;
            }
            List<ToolRun> allLooks = ix.between(report, a).stream().filter(ToolRun::shell).toList();
            if (allLooks.stream().anyMatch(r -> CHANGES.matcher(r.command()).find()) || superseded(t, ix, a, fix)
                    || allLooks.size() == 1 && READ_ONE.matcher(allLooks.getFirst().command()).find()) {
                continue;
            }
            reports.add(report);
            out.add(candidate(t, report, allLooks, looks.getLast(), cause, fix));
        }
        return out;
    }

    /** The shell runs right before the message (since the previous prose), none of them an edit. */
    private static List<ToolRun> looksBefore(Index ix, int a) {
        int from = ix.previous().getOrDefault(a, -1);
        java.util.Collection<ToolRun> runs = ix.between(from, a);
        if (runs.isEmpty() || runs.stream().anyMatch(r -> r.kind() == ToolRun.Kind.EDIT)
                || runs.stream().noneMatch(ToolRun::shell)) {
            return List.of();
        }
        return runs.stream().filter(ToolRun::shell).toList();
    }

    /** The message's first sentence that explains a cause (not a plan, not a question, not "nothing found"). */
    private static Sentence cause(Transcript t, int a) {
        for (Sentence s : t.sentencesOf(a)) {
            String text = s.text();
            if (s.isQuestion() || text.split("\\s+").length < 6 || PLAN.matcher(Phrasing.stripLead(text)).find()
                    || NOTHING_FOUND.matcher(text).find() || RULED_OUT.matcher(text.strip()).find()) {
                continue;
            }
            if (DebuggingRule.EXPLAINS.matcher(text).find() || CONTRAST.matcher(text).find()
                    || FINDING.matcher(text).find()) {
                return s;
            }
        }
        return null;
    }

    /**
     * The report the looks answer: the nearest user message before them that states a symptom, or a failed command
     * among the runs since that user message; -1 when a file was edited on the way (the looks follow a change).
     */
    private static int report(Transcript t, Index ix, int a, int firstLook) {
        Integer nearest = null;
        Integer found = null;
        for (int o = firstLook - 1; o >= 0 && a - o <= BEFORE; o--) {
            if (!"user".equals(t.role(o)) || t.sentencesOf(o).isEmpty()) {
                continue;
            }
            if (ix.editBetween(o, a)) {
                break;
            }
            if (nearest == null) {
                nearest = o;
            }
            // "don't install a separate NDK ... mixing NDKs is how we got the crash": a correction, not the report.
            boolean correction = t.sentencesOf(o).stream().anyMatch(x -> CORRECTION.matcher(x.text()).find());
            if (!correction && t.sentencesOf(o).stream().anyMatch(LookedAndFoundRule::symptom)) {
                found = o; // the earliest report of the chain ("failed again", then the pasted log) names the problem
            }
        }
        if (found != null) {
            return found;
        }
        if (nearest == null) {
            return -1;
        }
        // A run's tally is not the symptom (DebuggingRule.runSummary): the debugging rule leaves such a run out too.
        return ix.between(nearest, a).stream().filter(r -> r.shell() && r.failed()
                && !VIEWER.matcher(r.command()).find() && !DebuggingRule.runSummary(r.errorLine())).map(ToolRun::ordinal).findFirst().orElse(-1);
    }

    /**
     * A later look and cause before the fix: the first cause was a guess the session moved past ("points at the NDK",
     * then the user's "check the editor version", a grep, and "That's the mismatch").
     */
    private static boolean superseded(Transcript t, Index ix, int a, ToolRun fix) {
        for (int o = a + 1; o < fix.ordinal(); o++) {
            if ("assistant".equals(t.role(o)) && ix.previous().containsKey(o) && !looksBefore(ix, o).isEmpty()
                    && cause(t, o) != null) {
                return true;
            }
        }
        return false;
    }

    /** The part of a user's message that says what is wrong ("... now the real thing: the controller hammers ..."). */
    private static String symptomText(Sentence s) {
        String best = s.text();
        for (String part : LOWER_START.split(s.text().strip())) {
            if (SYMPTOM.matcher(part).find() || DebuggingRule.PROBLEM.matcher(part).find()) {
                best = part;
                break;
            }
        }
        best = best.replaceFirst("(?i)^.{0,40}?\\b(?:the real thing|real problem|next(?: thing)?|now|another thing"
                + "|one more thing|different thing|other thing)\\s*:\\s*", "");
        // "the simulator tests: PhotoGridTests fails ...": a short label before the report.
        best = best.replaceFirst("^[^:`'\"]{2,30}:\\s+(?=(?:\\S+\\s+){3})", "");
        String text = Phrasing.stripOpeners(best.strip().replaceFirst("(?i)^(?:fwiw|btw|oh|hm+)[,.]?\\s+", ""))
                .replaceAll("[.!?]+$", "");
        // "The build ..." reads on after "When"; "PhotoGridTests fails" keeps its name.
        return text.matches("^[A-Z][a-z]+\\b.*") ? Character.toLowerCase(text.charAt(0)) + text.substring(1) : text;
    }

    private static boolean symptom(Sentence s) {
        return SYMPTOM.matcher(s.text()).find() || DebuggingRule.PROBLEM.matcher(s.text()).find();
    }

    /** An edit after the explanation, and a shell run after that edit that passes; null when either is missing. */
    private static ToolRun fixedAfter(Index ix, int a) {
        ToolRun edit = null;
        for (ToolRun r : ix.runs().tailMap(a, false).values()) {
            if (r.ordinal() - a > AFTER && edit == null) {
                return null;
            }
            if (edit == null) {
                // The change is an edit, or a command that changes the project ("npx expo install pkg@^2.3.1").
                if (r.kind() == ToolRun.Kind.EDIT || r.shell() && !r.failed() && UPGRADE.matcher(r.command()).find()) {
                    edit = r;
                } else if (r.shell() && !r.routine()) {
                    return null; // something else was tried before any change
                }
                continue;
            }
            if (r.shell() && !r.routine()) {
                return r.failed() ? null : edit;
            }
        }
        return null;
    }

    private static Candidate candidate(Transcript t, int report, List<ToolRun> looks, ToolRun told, Sentence cause,
            ToolRun fix) {
        String symptom;
        if ("user".equals(t.role(report))) {
            // What is wrong, not the request to look ("Figure out why."): the symptom words first.
            List<Sentence> said = t.sentencesOf(report);
            Sentence s = said.stream().filter(x -> SYMPTOM.matcher(x.text()).find() && !ASK.matcher(x.text()).find())
                    .findFirst().orElse(said.stream().filter(x -> symptom(x) && !ASK.matcher(x.text()).find())
                            .findFirst().orElse(said.getFirst()));
            symptom = symptomText(s);
        } else {
            ToolRun failed = t.runs().stream().filter(r -> r.ordinal() == report).findFirst().orElseThrow();
            symptom = "`" + DebuggingRule.mainKey(failed) + "` fails with "
                    + DebuggingRule.shortError(failed.errorLine());
        }
        Set<String> commands = new LinkedHashSet<>();
        looks.stream().limit(4).forEach(r -> commands.add("`" + Texts.bound(r.command(), 160) + "`"));
        StringBuilder body = new StringBuilder("Symptom: ").append(Texts.bound(symptom, 200));
        body.append("\nLooked with: ").append(String.join(", then ", commands));
        body.append("\nWhat told the cause: ").append(cause.text());
        body.append("\nFixed in: ").append(String.join(", ", fix.files())).append(", and the check after it passed.");
        List<Candidate.Span> spans = new ArrayList<>();
        spans.add(Candidate.Span.of(report, null));
        spans.add(Candidate.Span.of(told.ordinal(), null));
        spans.add(Phrasing.span(cause));
        String title = "When " + Texts.bound(symptom, 80) + ", look with `" + Texts.bound(told.command(), 70) + "`";
        return new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body.toString()),
                Texts.asTitle(title, Phrasing.TITLE_MAX), body.toString(), "when " + Texts.bound(symptom, 120), 0.45,
                spans);
    }
}
