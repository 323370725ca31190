package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A setting the session put into a configuration file and kept: an edit of a config file (TOML, YAML, JSON, INI,
 * properties, a tool's {@code *.config.ts}, {@code .gitignore}) that adds one to four setting lines, after which the
 * checks the agent ran before the user spoke again passed (or none ran). What a later session needs is the
 * setting itself ("`pyproject.toml` [tool.ruff.lint]: `select = ["E", "F", "I", "B", "UP", "DTZ"]`"), which the prose
 * often never states: it is read off the edit, with the sentence that announced it as the reason. Not when a later
 * edit of the same file takes the line out again. At most two a session, the first in session order.
 */
final class SettingEditRule implements Rule.Contextual {
    private static final int MAX = 2;
    private static final Pattern CONFIG_FILE = Pattern.compile("(?i)(?:\\.(?:toml|ya?ml|json|jsonc|ini|cfg|conf"
            + "|properties|editorconfig)|(?:^|/)\\.gitignore|(?:^|/)\\.dockerignore|\\.config\\.(?:ts|js|mjs|cjs)"
            + "|(?:^|/)\\.env\\.example)$");
    /** Lock files and manifests of installed packages are written by tools, not set by anyone. */
    private static final Pattern GENERATED = Pattern.compile("(?i)(?:lock|-lock\\.json|\\.lock|package\\.json"
            + "|/schemas?/.*\\.json)$");
    /** "key = value", "key: value", "key(...)": a setting, not a bare word or a brace. */
    private static final Pattern SETTING = Pattern.compile("^[\"']?[\\w.$@/*\\[\\]-]+[\"']?\\s*(?:=|:)\\s*\\S");
    private static final Pattern IGNORE_LINE = Pattern.compile("^[!\\w.*/-]+$");
    /** A Claude Code snippet line: "     6\t    setupFiles: [...]". */
    private static final Pattern NUMBERED = Pattern.compile("^\\s*\\d+\\t(.*)$");
    /** A section header that a diff shows as context: " [tool.ruff.lint]". */
    private static final Pattern SECTION = Pattern.compile("^\\s?(\\[[\\w.\"-]+\\])\\s*$");
    private static final Pattern COMMENT = Pattern.compile("^(?:#|//|;|--|/\\*|\\*)");

    /**
     * Skips an edit that an earlier decision already stands on (a choice the edit carries out): the setting would
     * repeat that entry.
     */
    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        List<ToolRun> runs = t.runs();
        for (int i = 0; i < runs.size() && out.size() < MAX; i++) {
            ToolRun r = runs.get(i);
            if (r.kind() != ToolRun.Kind.EDIT || r.files().size() != 1 || standsOn(earlier, r.ordinal())) {
                continue;
            }
            String file = r.files().getFirst();
            if (!CONFIG_FILE.matcher(file).find() || GENERATED.matcher(file).find()) {
                continue;
            }
            boolean ignoreFile = file.endsWith("ignore");
            String text = t.message(r.ordinal()).text();
            List<String> added = new ArrayList<>();
            String section = null;
            boolean diff = false;
            for (String raw : text.split("\n")) {
                Matcher sec = SECTION.matcher(raw);
                if (sec.matches() && added.isEmpty()) {
                    section = sec.group(1);
                }
                String line = null;
                if (raw.startsWith("+") && !raw.startsWith("+++")) {
                    diff = true;
                    line = raw.substring(1).strip();
                } else if (raw.startsWith("-") && !raw.startsWith("---")) {
                    diff = true;
                } else {
                    Matcher n = NUMBERED.matcher(raw);
                    if (n.matches() && !diff) {
                        line = n.group(1).strip();
                    }
                }
                if (line == null || line.isEmpty() || (ignoreFile ? line.startsWith("#") : COMMENT.matcher(line).find())) {
                    continue;
                }
                Matcher sec2 = SECTION.matcher(line);
                if (sec2.matches()) {
                    continue;
                }
                added.add(line.replaceAll("\\s+#\\s.*$", "").replaceAll(",$", ""));
            }
            if (added.isEmpty() || added.size() > 4 || added.stream().anyMatch(l -> l.length() > 120)) {
                continue;
            }
            boolean settings = ignoreFile ? added.stream().allMatch(l -> IGNORE_LINE.matcher(l).matches())
                    : added.stream().allMatch(l -> SETTING.matcher(l).find());
            if (!settings) {
                continue;
            }
            Integer nextUser = nextUser(t, r.ordinal());
            int end = nextUser == null ? Integer.MAX_VALUE : nextUser;
            ToolRun check = null;
            boolean ok = true;
            for (ToolRun x : runs) {
                if (x.ordinal() > r.ordinal() && x.ordinal() < end && x.shell() && !x.routine()) {
                    check = x;
                    ok = !x.failed();
                }
            }
            if (!ok || takenOutLater(t, runs, r, file, added)) {
                continue;
            }
            String shortFile = shortPath(file);
            String lines = String.join(", ", added.stream().map(l -> "`" + l + "`").toList());
            String title = ignoreFile ? "`" + shortFile + "` ignores " + lines
                    : "`" + shortFile + "`" + (section == null ? "" : " " + section) + ": " + lines;
            Sentence reason = reason(t, r.ordinal(), claims);
            StringBuilder body = new StringBuilder("In `").append(file).append("`")
                    .append(section == null ? "" : " " + section).append(": ").append(String.join("; ", added))
                    .append('.');
            List<Candidate.Span> spans = new ArrayList<>();
            if (reason != null) {
                body.append("\nWhy: ").append(reason.text());
                spans.add(Phrasing.span(reason));
                claims.claim(reason);
            }
            spans.add(Candidate.Span.of(r.ordinal(), null));
            if (check != null) {
                body.append("\nChecked with `").append(Texts.bound(check.command(), 120)).append("`.");
                spans.add(Candidate.Span.of(check.ordinal(), null));
            }
            out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), body.toString()),
                    Texts.asTitle(title, Phrasing.TITLE_MAX), body.toString(), "when working on `" + shortFile + "`",
                    0.45, spans));
        }
        return out;
    }

    /**
     * An earlier decision has the edit, or one of the two messages before it, in its evidence: the edit carries that
     * choice out, and the setting would repeat it. A user's rule (a warning, a preference) that the edit enforces, or
     * a debugging method or procedure that holds the edit as its fix or a step, leave the setting knowledge of its
     * own: how the rule is enforced, what the fix set.
     */
    static boolean standsOn(List<Candidate> earlier, int ordinal) {
        for (Candidate c : earlier) {
            if (c.type() != EntryType.DECISION) {
                continue;
            }
            for (Candidate.Span s : c.anchors()) {
                if (s.start() <= ordinal && ordinal - 2 <= s.end()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Integer nextUser(Transcript t, int after) {
        for (int o : t.proseOrdinals()) {
            if (o > after && "user".equals(t.role(o))) {
                return o;
            }
        }
        return null;
    }

    /** A later edit of the same file removes one of the lines again. */
    private static boolean takenOutLater(Transcript t, List<ToolRun> runs, ToolRun edit, String file,
            List<String> added) {
        for (ToolRun x : runs) {
            if (x.ordinal() <= edit.ordinal() || x.kind() != ToolRun.Kind.EDIT || !x.files().contains(file)) {
                continue;
            }
            for (String raw : t.message(x.ordinal()).text().split("\n")) {
                if (raw.startsWith("-") && !raw.startsWith("---") && added.contains(raw.substring(1).strip()
                        .replaceAll(",$", ""))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The assistant's sentence just before the edit that names the file or what it sets: why the line is there.
     * Only from the prose message right before the edit (tool runs aside).
     */
    private static Sentence reason(Transcript t, int edit, Claims claims) {
        Integer p = t.previousProse(edit);
        if (p == null || !"assistant".equals(t.role(p))) {
            return null;
        }
        String base = t.runs().stream().filter(x -> x.ordinal() == edit).findFirst().map(x -> x.files().getFirst())
                .map(f -> f.substring(f.lastIndexOf('/') + 1)).orElse("").toLowerCase(Locale.ROOT);
        return claims.firstFree(t.sentencesOf(p), s -> base.length() > 2
                && s.text().toLowerCase(Locale.ROOT).contains(base) && s.text().split("\\s+").length >= 5);
    }

    private static String shortPath(String path) {
        String[] parts = path.split("/");
        return parts.length <= 2 ? path : parts[parts.length - 2] + "/" + parts[parts.length - 1];
    }
}
