package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A setting established by reading a configuration file: the agent reads a config file (a read tool, or cat, sed,
 * grep or head on it), and its next message uses a value one of the file's setting lines holds ("1.82.0, so
 * `is_none_or` is available" after reading {@code channel = "1.82.0"}). The setting is the fact ("`rust-toolchain.toml`:
 * `channel = "1.82.0"`"), read off the file rather than off the prose, which often states only the consequence. Not when
 * the session later edits that file (what it held then may no longer hold). At most two a session.
 */
final class ConfigReadRule implements Rule.Contextual {
    private static final int MAX = 2;
    private static final Pattern CONFIG = Pattern.compile("(?i)(?:^|[\\s/'\"])([\\w.-]*(?:\\.(?:toml|ya?ml|json|ini|cfg"
            + "|conf|properties)|\\.[\\w-]*-version|\\.nvmrc|\\.tool-versions))(?=$|[\\s'\";|&)])");
    /** "12:channel = "1.82.0"", "path:12:  key: value", "     6\tkey = value": the line without its prefix. */
    private static final Pattern PREFIX = Pattern.compile("^(?:[\\w./-]+:)?\\d+[:\\t-]\\s?|^\\s*\\d+\\t");
    private static final Pattern FROM_FILE = Pattern.compile("^([\\w./-]+):\\d+:");
    private static final Pattern SETTING = Pattern.compile("^\\s*[\"']?([\\w.$@/-]+)[\"']?\\s*(=|:)\\s*(\\S.*)$");

    /** Not where an earlier fact already stands on the read or on the reply that used it: it would say it twice. */
    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        for (ToolRun r : t.runs()) {
            if (out.size() == MAX) {
                break;
            }
            if (!LookedUpRule.isRead(r)) {
                continue;
            }
            String file = configFile(t, r);
            if (file == null || editedLater(t, r.ordinal(), file)) {
                continue;
            }
            Integer a = t.nextProse(r.ordinal());
            if (a == null || a - r.ordinal() > 2 || !"assistant".equals(t.role(a))
                    || Candidate.anyOn(earlier, EntryType.FACT, r.ordinal(), a)) {
                continue;
            }
            String said = t.message(a).text();
            Set<String> lines = new LinkedHashSet<>();
            String base = file.substring(file.lastIndexOf('/') + 1);
            for (String raw : t.message(r.ordinal()).text().split("\n")) {
                Matcher from = FROM_FILE.matcher(raw);
                if (from.lookingAt() && !from.group(1).endsWith(base)) {
                    continue; // a line of another file the same command printed
                }
                String line = PREFIX.matcher(raw).replaceFirst("").strip();
                Matcher m = SETTING.matcher(line);
                if (!m.matches() || line.length() > 100) {
                    continue;
                }
                String value = m.group(3).replaceAll("[\"',\\[\\]{}]", " ").strip();
                for (String v : value.split("\\s+")) {
                    if (v.length() >= 3 && (v.matches(".*\\d.*") || v.length() >= 5) && said.contains(v)) {
                        lines.add(line.replaceAll(",$", ""));
                        break;
                    }
                }
                if (lines.size() == 3) {
                    break;
                }
            }
            if (lines.isEmpty()) {
                continue;
            }
            String shortFile = file.contains("/") ? file.substring(file.lastIndexOf('/') + 1) : file;
            String title = "`" + shortFile + "`: " + String.join(", ", lines.stream().map(l -> "`" + l + "`").toList());
            Sentence first = t.sentencesOf(a).isEmpty() ? null : t.sentencesOf(a).getFirst();
            String body = "`" + file + "` holds " + String.join("; ", lines) + "."
                    + (first == null ? "" : "\nRead when: " + first.text());
            out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), body), Texts.asTitle(title,
                    Phrasing.TITLE_MAX), body, "when working on `" + shortFile + "`", 0.45,
                    List.of(new Candidate.Span(r.ordinal(), r.ordinal(), null))));
        }
        return out;
    }

    /** The config file a read looked at: the read tool's path, or the one config file a shell read names. */
    private static String configFile(Transcript t, ToolRun r) {
        if (!r.shell()) {
            String input = String.valueOf(t.message(r.ordinal()).toolInput());
            Matcher m = CONFIG.matcher(" " + input.strip());
            return m.find() && input.strip().indexOf(' ') < 0 ? input.strip() : null;
        }
        Matcher m = CONFIG.matcher(r.command());
        String found = null;
        while (m.find()) {
            if (found != null && !found.equals(m.group(1))) {
                return null; // several files: which line came from which is not clear
            }
            found = m.group(1);
        }
        return found;
    }
    private static boolean editedLater(Transcript t, int after, String file) {
        String base = file.substring(file.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        for (ToolRun r : t.runs()) {
            if (r.ordinal() > after && r.kind() == ToolRun.Kind.EDIT && r.files().stream().anyMatch(f -> f.toLowerCase(
                    Locale.ROOT).endsWith(base))) {
                return true;
            }
        }
        return false;
    }
}
