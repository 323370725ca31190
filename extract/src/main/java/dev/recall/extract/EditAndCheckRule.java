package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A procedure shown in the work rather than written as steps: the assistant names the way to do something ("The
 * usual way in tests is to alias it to an empty module in vitest.config.ts", "The fix is a `setup()` hook in
 * preview.ts that installs a fresh Pinia"), edits a project's setup file (a tool's config, a dot-directory's file,
 * a build file) to do it, runs a real check that passes, and reports it done before the user speaks again. The way
 * is what a later session repeats, so it is the title; the body keeps the lines the edit wrote (off the edit, or
 * off the look that printed them) and the check with its outcome. Not for an edit of the program's own code (a
 * bug's fix there is a debugging method's or a decision's), nor when the check failed, the report says it is not
 * done, or the user turned the edit down. Runs after the other procedure rules, on edits none of them stands on.
 */
final class EditAndCheckRule implements Rule.Contextual {
    /** Setup files: a tool's config, anything under a dot-directory, build and container files, a page's shell. */
    private static final Pattern SETUP_FILE = Pattern.compile("(?i)(?:\\.(?:toml|ya?ml|json|jsonc|ini|cfg|conf"
            + "|properties|editorconfig|cabal|sbt|gradle|kts)|\\.config\\.[cm]?[jt]s|(?:^|/)\\.[\\w-]+/[^/]+(?:/[^/]+)*"
            + "|(?:^|/)(?:Makefile|Dockerfile|Justfile|Podfile|Gemfile|BUILD(?:\\.bazel)?|MODULE\\.bazel|CMakeLists\\.txt"
            + "|pom\\.xml|index\\.html|\\.env\\.example|conftest\\.py)"
            + "|(?:^|/)(?:scripts?|bin|jobs|deploy|ops)/[^/]+\\.(?:sh|bash|ya?ml)"
            + "|/(?:test|tests|integrationTest|testing)/(?:[^/]+/)*(?:support|setup|fixtures?)/[^/]+)$");
    private static final Pattern GENERATED = Pattern.compile("(?i)(?:lock|-lock\\.json|\\.lock)$");
    /**
     * The sentence that names the way: "the usual way ... is to", "the fix is", "I'll add/point/alias ...", "... is
     * enough".
     */
    private static final Pattern METHOD = Pattern.compile("(?i)^(?:so,? |then,? )?(?:(?:the|a) (?:usual|standard"
            + "|simplest|cleanest|clean|right|proper|easy|easiest|common|supported|documented) (?:way|fix|approach"
            + "|place)\\b[^.:;]{0,60}?\\b(?:is|are)\\s+(?:to\\s+)?|the fix is\\s+(?:to\\s+)?|the way to [^,]{3,60}? is"
            + "\\s+(?:to\\s+)?|I'll\\s+(?=(?:add|alias|point|put|set|wire|register|install|pin|enable|configure|map"
            + "|mount|declare|move|write|generate|create)\\b)|(?:it|this|that|[\\w-]+ reuse) needs\\s+(?=[^.]*`)"
            + "|(?=(?:adding|setting|pinning|wiring|pointing|switching|enabling|registering|aliasing) (?!it\\b|them\\b"
            + "|that\\b|this\\b|all\\b|both\\b)))(.{8,200})$");
    /** The user's question or request that set the goal: "Can we reuse containers between runs?". */
    private static final Pattern GOAL = Pattern.compile("(?i)^(?:(?:great|good|ok(?:ay)?|thanks|nice)[.!,]?\\s+)?(?:(?:can|could)"
            + " (?:we|you|i) (?:also |just )?|how (?:do|can|should) (?:i|we) |(?:please )?(?=(?:make|get|set up|speed up)\\b))"
            + "([^?]{8,80}?)[?.!]?$");
    /** The user's word on the outcome, in place of the assistant's report. */
    private static final Pattern APPROVAL = Pattern.compile("(?i)^(?:much better|great|perfect|nice|works|that works"
            + "|good|ok(?:ay)?,? good)\\b");
    /** A report's first sentence that is not a success. */
    private static final Pattern NOT_DONE = Pattern.compile("(?i)\\b(?:still|fails?|failed|failing|error|however"
            + "|instead|wrong|not|but|doesn't|don't|can't|couldn't|won't|should)\\b|\\?");
    /** A report that says something passed, built, ran or works. */
    private static final Pattern DONE = Pattern.compile("(?i)\\b(?:pass(?:es|ed)?|green|builds?|built|works?|worked"
            + "|renders?|runs?|clean|succeed(?:s|ed)?|resolves?|loads?|starts?|ok)\\b");
    /** The edit's own text: a diff's added line or a Claude Code snippet line ("    11→  alias: {...}"). */
    private static final Pattern NUMBERED = Pattern.compile("^\\s*\\d+(?:→|\\t)(.*)$");
    private static final int MAX_LINES = 6;
    private static final Pattern GERUND = Pattern.compile("(?i)^(\\w+ing)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        List<ToolRun> runs = t.runs();
        for (int i = 0; i < runs.size(); i++) {
            ToolRun edit = runs.get(i);
            if (edit.kind() != ToolRun.Kind.EDIT || edit.files().isEmpty()
                    || !edit.files().stream().allMatch(EditAndCheckRule::setupFile)) {
                continue;
            }
            Candidate c = episode(t, claims, runs, i, earlier);
            // Two edits after one stated way (Cargo.toml, then pyproject.toml) are one procedure, not two.
            if (c != null && out.stream().noneMatch(o -> o.anchors().getFirst().equals(c.anchors().getFirst()))) {
                out.add(c);
            }
        }
        return out;
    }

    static boolean setupFile(String path) {
        return SETUP_FILE.matcher(path).find() && !GENERATED.matcher(path).find();
    }

    private Candidate episode(Transcript t, Claims claims, List<ToolRun> runs, int index, List<Candidate> earlier) {
        ToolRun edit = runs.get(index);
        Integer said = t.previousProse(edit.ordinal());
        if (said == null || !"assistant".equals(t.role(said))) {
            return null;
        }
        Sentence method = null;
        Matcher way = null;
        for (Sentence s : t.sentencesOf(said)) {
            Matcher m = METHOD.matcher(s.text().strip());
            if (!s.isQuestion() && m.matches()) {
                method = s;
                way = m;
                break;
            }
        }
        if (method == null) {
            return null;
        }
        Integer report = t.nextProse(edit.ordinal());
        if (report == null) {
            return null;
        }
        boolean approved = "user".equals(t.role(report)) && !t.sentencesOf(report).isEmpty()
                && APPROVAL.matcher(t.sentencesOf(report).getFirst().text().strip()).find();
        if (!"assistant".equals(t.role(report)) && !approved) {
            return null;
        }
        // The check: the last real run before the report, after the edit; every run between passed.
        ToolRun check = null;
        for (int k = index + 1; k < runs.size() && runs.get(k).ordinal() < report; k++) {
            ToolRun r = runs.get(k);
            if (r.shell() && (r.failed() || failedOutput(t, r))) {
                return null;
            }
            if (r.shell() && !r.routine()) {
                check = r;
            }
        }
        if (check == null || Candidate.anyOn(earlier, EntryType.PROCEDURE, edit.ordinal(), check.ordinal())) {
            return null;
        }
        List<Sentence> reported = t.sentencesOf(report);
        if (reported.isEmpty() || !approved && (NOT_DONE.matcher(reported.getFirst().text()).find()
                || !DONE.matcher(reported.getFirst().text()).find())) {
            return null;
        }
        String title = title(goal(t, said), way.group(1));
        if (title == null) {
            return null;
        }
        List<String> lines = written(t, runs, index, report);
        StringBuilder body = new StringBuilder();
        List<String> files = edit.files().stream().map(EditAndCheckRule::shortPath).toList();
        body.append("Steps that worked:\n1. Edit ").append(String.join(", ", files.stream().map(f -> "`" + f + "`")
                .toList()));
        if (!lines.isEmpty()) {
            body.append(":");
            for (String l : lines) {
                body.append("\n   ").append(l);
            }
        }
        body.append("\n2. Check: `").append(Texts.bound(check.command(), 160)).append('`');
        String why = String.join(" ", t.sentencesOf(said).stream().map(Sentence::text).toList());
        body.append("\nWhy: ").append(Texts.bound(why, 300));
        body.append("\nOutcome: ").append(Texts.bound(reported.getFirst().text(), 200));
        claims.claim(method);
        List<Candidate.Span> spans = List.of(Phrasing.span(method), Candidate.Span.of(edit.ordinal(), null),
                Candidate.Span.of(check.ordinal(), null), Candidate.Span.of(report, null));
        String goal = goal(t, said);
        String trigger = goal != null ? "when you need to " + Texts.lowerFirst(goal) : trigger(t, said);
        return new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), body.toString()), title,
                body.toString(), trigger, 0.5, spans);
    }

    private static boolean failedOutput(Transcript t, ToolRun r) {
        dev.recall.store.Message m = t.message(r.ordinal());
        return m != null && m.text() != null && Outcomes.classify(m.text()).failed();
    }

    /** "alias it to an empty module in vitest.config.ts" -> "Alias it to ..."; "a `setup()` hook ..." -> "Add a ...". */
    static String title(String goal, String way) {
        String w = way.strip().replaceAll("[.!]+$", "");
        if (w.split("\\s+").length < 4) {
            return null; // "Updating all three": the way is in the sentences before, not here
        }
        Matcher gerund = GERUND.matcher(w);
        if (gerund.lookingAt()) {
            w = Texts.baseOf(gerund.group(1)) + w.substring(gerund.end(1));
        } else if (w.matches("(?i)^(?:a|an)\\s.*")) {
            w = "add " + w;
        }
        String title = goal != null ? Texts.capitalize(goal) + ": " + Texts.lowerFirst(w) : Texts.capitalize(w);
        if (title.length() > Phrasing.TITLE_MAX) {
            // An aside in parentheses ("(a per-user opt-in)") is the first thing a title cut to length can spare.
            title = title.replaceAll("\\s+\\([^()`]*\\)", "");
        }
        return Texts.bound(title, Phrasing.TITLE_MAX);
    }

    /** What the user asked for just before the way was named, when it is a question or request of a goal. */
    private static String goal(Transcript t, int said) {
        for (int o = said - 1; o >= 0; o--) {
            if (!"user".equals(t.role(o))) {
                continue;
            }
            for (Sentence s : t.sentencesOf(o)) {
                Matcher m = GOAL.matcher(s.text().strip());
                if (m.matches()) {
                    return m.group(1).strip();
                }
            }
            return null;
        }
        return null;
    }

    /** The situation: the user's request that started the work, as a trigger. */
    private static String trigger(Transcript t, int said) {
        for (int o = said - 1; o >= 0; o--) {
            if (!"user".equals(t.role(o))) {
                continue;
            }
            for (Sentence s : t.sentencesOf(o)) {
                String lead = Phrasing.stripLead(s.text()).replaceFirst("(?i)^(?:next|now|ok(?:ay)?|also)[:,]?\\s+", "");
                if (lead.split("\\s+").length >= 4) {
                    return Phrasing.situation(Texts.bound(lead.replaceAll("[.!?]+$", ""), 120));
                }
            }
            break;
        }
        return "when setting up the same";
    }

    /**
     * The lines the edit wrote: a diff's added lines or a snippet's lines; when the edit shows none (Codex's
     * "Success. Updated the following files"), the lines a look or check after it printed from the file.
     */
    private static List<String> written(Transcript t, List<ToolRun> runs, int index, int before) {
        ToolRun edit = runs.get(index);
        List<String> out = new ArrayList<>();
        String text = t.message(edit.ordinal()).text();
        boolean diff = false;
        for (String raw : text.split("\n")) {
            if (raw.startsWith("+") && !raw.startsWith("+++")) {
                diff = true;
                add(out, raw.substring(1));
            }
        }
        if (!diff) {
            for (String raw : text.split("\n")) {
                Matcher n = NUMBERED.matcher(raw);
                if (n.matches()) {
                    add(out, n.group(1));
                }
            }
        }
        if (!out.isEmpty()) {
            return out;
        }
        String base = edit.files().getFirst();
        base = base.substring(base.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        for (int k = index + 1; k < runs.size() && runs.get(k).ordinal() < before; k++) {
            ToolRun r = runs.get(k);
            if (r.shell() && r.command().toLowerCase(Locale.ROOT).contains(base)) {
                for (String raw : t.message(r.ordinal()).text().split("\n")) {
                    if (raw.startsWith("info") || raw.startsWith("...") || raw.matches("^\\s*\\d+:.*")
                            && out.size() >= MAX_LINES) {
                        break;
                    }
                    add(out, raw);
                }
                break;
            }
        }
        return out;
    }

    private static void add(List<String> out, String raw) {
        String l = raw.strip();
        if (out.size() < MAX_LINES && !l.isEmpty() && !l.matches("[{}()\\[\\],;]+") && l.length() <= 160) {
            out.add(l);
        }
    }

    private static String shortPath(String path) {
        String[] parts = path.split("/");
        return parts.length <= 2 ? path : parts[parts.length - 2] + "/" + parts[parts.length - 1];
    }
}
