package dev.recall.extract;

import dev.recall.store.EntryType;
import dev.recall.store.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Procedures the project documents: a README, RELEASING or CONTRIBUTING file the agent read that lists numbered
 * steps with commands ("1. `cargo xtask release <version>`: bumps the version ... 3. `git tag -s v<version>`").
 * The steps are the project's own procedure, so a later session should not have to find the file again.
 */
final class DocStepsRule implements Rule {
    /** A prose document, by its name: Markdown, reStructuredText or plain text. */
    private static final Pattern DOC = Pattern.compile("(?i)(?:^|[/\\s\"'])([\\w.-]+\\.(?:md|markdown|rst|txt|adoc))\\b");
    private static final Pattern STEP = Pattern.compile("^\\s*\\d+[.)]\\s+(.+)$");
    /** A command in backticks: a program and its arguments, or a ./script (not a flag or a name alone). */
    private static final Pattern COMMAND = Pattern.compile("`(?:\\./|[a-z][\\w.-]*\\s)[^`]+`");
    private static final Pattern HEADING = Pattern.compile("^#{1,3}\\s+(.{4,80}?)\\s*#*$|^(.{4,80})\\n[=-]{3,}",
            Pattern.MULTILINE);
    private static final int MIN_STEPS = 2;
    private static final int MAX_STEPS = 8;

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (ToolRun r : t.runs()) {
            Message m = t.message(r.ordinal());
            if (r.kind() == ToolRun.Kind.EDIT || r.failed() || m == null || m.toolInput() == null) {
                continue;
            }
            Matcher doc = DOC.matcher(m.toolInput());
            if (!doc.find()) {
                continue;
            }
            List<String> steps = new ArrayList<>();
            int commands = 0;
            boolean inStep = false;
            for (String line : m.text().split("\n")) {
                Matcher s = STEP.matcher(line);
                if (s.matches() && steps.size() < MAX_STEPS) {
                    steps.add(s.group(1).strip());
                    commands += COMMAND.matcher(line).find() ? 1 : 0;
                    inStep = true;
                } else if (inStep && !line.isBlank() && Character.isWhitespace(line.charAt(0))) {
                    steps.set(steps.size() - 1, steps.getLast() + " " + line.strip()); // a step wrapped onto the next line
                } else {
                    inStep = false;
                }
            }
            if (commands < MIN_STEPS) {
                continue;
            }
            String file = doc.group(1);
            Matcher h = HEADING.matcher(m.text());
            String heading = h.find() ? (h.group(1) != null ? h.group(1) : h.group(2)).strip() : null;
            String what = heading != null ? heading : "The steps in " + file;
            StringBuilder body = new StringBuilder(what).append(" (").append(file).append("):");
            for (int i = 0; i < steps.size(); i++) {
                body.append('\n').append(i + 1).append(". ").append(steps.get(i));
            }
            String trigger = heading != null && heading.split("\\s+")[0].toLowerCase(java.util.Locale.ROOT).endsWith("ing")
                    ? "when " + Character.toLowerCase(heading.charAt(0)) + heading.substring(1)
                    : "when you need the steps in " + file;
            out.add(new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), body.toString()),
                    Texts.asTitle(what + " (" + file + ")", Phrasing.TITLE_MAX), Texts.boundBody(body.toString(), 1200),
                    trigger, 0.55, List.of(Candidate.Span.of(r.ordinal(), null))));
        }
        return out;
    }
}
