package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Steps the user had written into the project's docs: "the cutover plan is: pause writes with pgbouncer PAUSE, wait
 * for lag 0, sync sequences, point pgbouncer at pg16-a, RESUME. write that into docs/cutover-orders.md", "Put that
 * in RELEASING.md", "write the command into the runbook", followed by the edit of that doc. Someone asked for the
 * steps to be kept, so they are a procedure: what the doc now says, read off the edit (its added lines, or the look
 * right after it that printed them), else the steps the user stated in the same message, else the sequence the
 * assistant had just spelled out. Not when those hold fewer than two steps or no command or named step, nor when
 * the user turned the edit down, nor on messages an earlier procedure stands on.
 */
final class WrittenDownRule implements Rule.Contextual {
    private static final String DOC = "(?:[\\w./-]+\\.(?:md|rst|adoc)\\b|\\bREADME\\b|\\bCONTRIBUTING\\b|\\bRELEASING\\b"
            + "|\\brunbook\\b|\\bthe docs\\b)";
    /** Every {@link #ASK} names one of these (lower-cased): a cheap check before the expression. */
    private static final String[] DOC_WORDS = {".md", ".rst", ".adoc", "readme", "contributing", "releasing", "runbook",
        "the docs"};
    /** The user's ask: "write that into docs/x.md", "put that in RELEASING.md", "add it to the runbook". */
    private static final Pattern ASK = Pattern.compile("(?i)\\b(?:write|put|add|document|note)\\b[^.?!]{0,50}?\\b(?:in"
            + "|into|to|under)\\b[^.?!]{0,30}?" + DOC);
    private static final Pattern DOC_FILE = Pattern.compile("(?i)(?:\\.(?:md|rst|adoc|txt)|(?:^|/)(?:README|CONTRIBUTING"
            + "|RELEASING|RUNBOOK)[^/]*)$");
    /** "the cutover plan is: a, b, c": a label and the steps after it. */
    private static final Pattern STATED = Pattern.compile("^(?:(?:right|ok(?:ay)?|so|yes)[.,]?\\s+)?([^:]{3,60}?)"
            + "(?:\\s+(?:is|are))?:\\s+(.{20,})$");
    private static final Pattern GENERIC_LABEL = Pattern.compile("(?i)(?:sequence|steps|procedure|process|order)");
    private static final Pattern SEQUENCE = Pattern.compile("(?i)\\b(?:sequence|steps|procedure|plan|then|first)\\b");
    private static final Pattern TURNED_DOWN = Pattern.compile("(?i)^(?:no\\b|nope\\b|don't\\b|not like that\\b"
            + "|revert\\b|undo\\b)");
    private static final Pattern NUMBERED = Pattern.compile("^\\s*\\d+(?:→|\\t)(.*)$");
    private static final Pattern ADDED = Pattern.compile("(?i)\\bAdded (?:section )?'?([^':]+?)'?(?: under '[^']+')?"
            + "(?: \\(\\d+ lines?\\))?:\\s+(.{12,})$");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.userProse()) {
            Sentence ask = null;
            for (Sentence s : t.sentencesOf(ordinal)) {
                if (Texts.mentions(s.text(), DOC_WORDS) && ASK.matcher(s.text()).find()) {
                    ask = s;
                    break;
                }
            }
            if (ask != null) {
                Candidate c = written(t, ordinal, ask, earlier);
                if (c != null) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    private Candidate written(Transcript t, int asked, Sentence ask, List<Candidate> earlier) {
        List<ToolRun> runs = t.runs();
        Integer next = t.nextProse(asked);
        int index = -1;
        for (int k = 0; k < runs.size(); k++) {
            if (runs.get(k).ordinal() > asked) {
                index = k;
                break;
            }
        }
        if (index < 0 || next != null && runs.get(index).ordinal() > next) {
            return null;
        }
        ToolRun edit = runs.get(index);
        if (edit.kind() != ToolRun.Kind.EDIT || edit.files().stream().noneMatch(f -> DOC_FILE.matcher(f).find())) {
            return null;
        }
        if (next != null && "user".equals(t.role(next)) && t.sentencesOf(next).stream()
                .anyMatch(s -> TURNED_DOWN.matcher(s.text().strip()).find())) {
            return null;
        }
        String doc = edit.files().stream().filter(f -> DOC_FILE.matcher(f).find()).findFirst().orElseThrow();
        doc = doc.substring(doc.lastIndexOf('/') + 1);
        List<Candidate.Span> spans = new ArrayList<>();
        String label;
        List<String> steps = new ArrayList<>();
        int from;
        List<String> lines = shown(t, runs, index, next);
        boolean fromDoc = lines.size() >= 2;
        if (fromDoc) {
            String heading = lines.getFirst().startsWith("#") ? lines.removeFirst().replaceFirst("^#+\\s*", "") : null;
            label = heading;
            steps.addAll(lines);
            from = asked;
        } else if (lines.size() == 1 && ADDED.matcher(lines.getFirst()).find()) {
            Matcher m = ADDED.matcher(lines.getFirst());
            m.find();
            label = null;
            steps.add(m.group(2));
            from = asked;
        } else {
            Sentence plan = stated(t.sentencesOf(asked), ask);
            if (plan == null) {
                Integer before = t.previousProse(asked);
                plan = before == null || !"assistant".equals(t.role(before)) ? null
                        : t.sentencesOf(before).stream().filter(s -> SEQUENCE.matcher(s.text()).find()
                                && s.text().contains("`") && STATED.matcher(s.text().strip()).matches())
                                .findFirst().orElse(null);
            }
            if (plan == null) {
                return null;
            }
            Matcher m = STATED.matcher(plan.text().strip());
            m.matches();
            label = m.group(1).replaceFirst("(?i)^(?:the|our)\\s+", "");
            if (GENERIC_LABEL.matcher(label).matches()) {
                label = null; // "The sequence: ...": the doc names it better
            }
            // "..., RESUME. write that into docs/x.md": the ask after the steps is not one of them.
            steps.add(m.group(2).split("(?<=[.!?])\\s+")[0].replaceAll("[.]+$", ""));
            spans.add(Phrasing.span(plan));
            from = plan.ordinal();
        }
        String all = String.join(" ", steps);
        // One command the doc now holds under its heading ("## Release build" then `west build ...`) is a procedure
        // of one step: the user asked for exactly that command to be kept.
        boolean oneCommand = fromDoc && label != null && steps.size() == 1 && command(steps.getFirst());
        if (oneCommand) {
            steps.set(0, "`" + steps.getFirst() + "`");
        } else if (!(all.contains("`") || all.split(",\\s+").length >= 3) || all.split("(?:,\\s+|;\\s+|\\bthen\\b)").length < 2
                && steps.size() < 2) {
            return null;
        }
        if (Candidate.anyOn(earlier, EntryType.PROCEDURE, from, edit.ordinal())) {
            return null;
        }
        if (spans.isEmpty() || spans.getFirst().start() != asked) {
            spans.add(Phrasing.span(ask));
        }
        spans.add(Candidate.Span.of(edit.ordinal(), null));
        String head = label == null ? "`" + doc + "`" : Texts.capitalize(label) + " (`" + doc + "`)";
        String title = head + ": " + Texts.lowerFirst(steps.getFirst());
        if (oneCommand && title.length() > Phrasing.TITLE_MAX) {
            // The command is the point: the heading's aside goes before the command is cut.
            title = Texts.capitalize(label.replaceAll("\\s*\\([^)]*\\)", "").strip()) + " (`" + doc + "`): "
                    + steps.getFirst();
        }
        StringBuilder body = new StringBuilder("Written into `").append(doc).append("` at the user's request:");
        for (String s : steps) {
            body.append("\n").append(Texts.bound(s, 300));
        }
        return new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), body.toString()),
                Texts.bound(title, Phrasing.TITLE_MAX), body.toString(),
                label == null || fromDoc ? "when following `" + doc + "`"
                        : "when you need the " + Texts.lowerFirst(label), 0.5, spans);
    }

    /** "the cutover plan is: a, b, c. write that into ...": a sentence of the asking message before the ask. */
    private static Sentence stated(List<Sentence> message, Sentence ask) {
        for (Sentence s : message) {
            if (s.index() > ask.index()) {
                break;
            }
            Matcher m = STATED.matcher(s.text().strip());
            if (m.matches() && m.group(2).split(",\\s+").length >= 3 && !ASK.matcher(m.group(1)).find()) {
                return s;
            }
        }
        return null;
    }

    /** What the doc edit shows of itself: added lines, a snippet, its summary line, or a look right after it. */
    private static List<String> shown(Transcript t, List<ToolRun> runs, int index, Integer before) {
        ToolRun edit = runs.get(index);
        List<String> out = new ArrayList<>();
        String text = t.message(edit.ordinal()).text();
        for (String raw : text.split("\n")) {
            if (raw.startsWith("+") && !raw.startsWith("+++")) {
                add(out, raw.substring(1));
            } else {
                Matcher n = NUMBERED.matcher(raw);
                if (n.matches()) {
                    add(out, n.group(1));
                } else if (ADDED.matcher(raw).find() && out.isEmpty()) {
                    out.add(raw.strip());
                    return out;
                }
            }
        }
        if (!out.isEmpty()) {
            return out;
        }
        String base = edit.files().getFirst();
        base = base.substring(base.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        if (index + 1 < runs.size()) {
            ToolRun look = runs.get(index + 1);
            if (look.shell() && (before == null || look.ordinal() < before)
                    && look.command().toLowerCase(Locale.ROOT).contains(base)) {
                for (String raw : t.message(look.ordinal()).text().split("\n")) {
                    add(out, raw.replaceFirst("^\\d+[:-]", ""));
                }
            }
        }
        return out;
    }

    /** A shell command line of a doc: a lower-case program that does something, with a flag or a setting. */
    private static boolean command(String line) {
        List<String> keys = Commands.keys(line);
        List<String> tokens = Commands.tokens(line);
        return !line.contains("`") && !keys.isEmpty() && keys.stream().noneMatch(Commands::isRoutine)
                && tokens.size() >= 3 && !line.matches(".*[.:]$") && line.matches("^[a-z./][\\w./-]*\\s.*")
                && tokens.stream().anyMatch(x -> x.startsWith("-") || x.contains("="));
    }

    private static void add(List<String> out, String raw) {
        String l = raw.strip();
        if (out.size() < 8 && !l.isEmpty() && l.length() <= 200) {
            out.add(l);
        }
    }
}
