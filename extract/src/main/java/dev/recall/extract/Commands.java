package dev.recall.extract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads tool messages: which ran a shell command (and what command), which edited files, and the program keys
 * of a command, so that a rerun of "go test -tags integration ./..." is recognised as the same task.
 */
final class Commands {
    private static final Set<String> SHELL_TOOLS = Set.of("bash", "shell", "exec_command", "local_shell",
            "run_command", "terminal", "execute", "run_terminal_cmd", "container.exec", "run_shell_command");
    private static final Set<String> EDIT_TOOLS = Set.of("edit", "multiedit", "write", "notebookedit",
            "apply_patch", "str_replace_based_edit_tool", "edit_file", "write_file", "create_file", "replace",
            "str_replace_editor", "patch");
    private static final Set<String> INSPECT_PROGRAMS = Set.of("ls", "cat", "head", "tail", "grep", "rg", "find",
            "sed", "awk", "wc", "echo", "pwd", "which", "tree", "less", "more", "file", "stat", "diff", "du", "df",
            "env", "printenv", "ps", "whoami", "date", "true", "type", "cd", "jq", "sort", "uniq", "cut", "xargs",
            "tee", "nl", "realpath", "dirname", "basename", "test", "[", "curl", "wget", "http", "gh");
    private static final Set<String> INSPECT_SUBCOMMANDS = Set.of("git status", "git diff", "git log", "git show",
            "git branch", "git remote", "git rev-parse", "git blame", "git ls-files", "git grep", "git fetch",
            "kubectl get", "kubectl describe", "kubectl logs", "kubectl top", "docker ps", "docker images",
            "docker logs", "docker inspect", "helm list", "helm status", "helm history", "helm get",
            "go version", "go env", "go list", "npm ls", "npm view", "pip show", "pip list", "cargo tree",
            "git checkout", "git stash", "git add", "git mv", "git rm");
    private static final Set<String> VALUE_FLAGS = Set.of("-n", "--namespace", "-f", "--file", "-C", "-dir",
            "--dir", "-o", "--output", "-c", "--context", "-p", "--project", "-t", "--tag", "-m", "--message",
            "-run", "--run", "-tags", "--tags", "-e", "-l", "-d", "-F", "--filter", "-w", "--workspace", "-E", "--chdir",
            "--directory", "-P", "--profile", "--features", "--manifest-path", "--config", "-b", "--branch");
    /** Runners whose first argument is the real program: "poetry run pytest" is about pytest. */
    private static final Set<String> WRAPPERS = Set.of("poetry run", "pnpm exec", "pnpm run", "npm run",
            "npm exec", "yarn run", "uv run", "bundle exec", "pipenv run", "hatch run", "pdm run", "rye run",
            "bun run", "cargo run", "go run", "npx", "pnpx", "bunx", "dotnet run");
    private static final Set<String> PREFIXES = Set.of("sudo", "time", "exec", "nohup", "command", "do", "then",
            "else", "!");
    private static final Set<String> SETUP = Set.of("for", "while", "until", "if", "case", "done", "fi", "esac",
            "cd", "pushd", "popd", "export", "source", ".", "set", "unset", "alias", "trap", "{", "}", "(", ")");
    private static final Pattern PATCH_FILE = Pattern.compile("\\*\\*\\* (?:Update|Add|Delete) File: (\\S+)");
    private static final Pattern ENV_ASSIGN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");

    private final ObjectMapper json = new ObjectMapper();

    ToolRun read(dev.recall.store.Message m) {
        String tool = m.toolName() == null ? "" : m.toolName();
        String name = tool.toLowerCase(Locale.ROOT);
        String input = m.toolInput() == null ? "" : m.toolInput().strip();
        JsonNode node = parseObject(input);
        boolean patch = input.contains("*** Begin Patch");
        if (EDIT_TOOLS.contains(name) || patch) {
            return new ToolRun(m.ordinal(), tool, ToolRun.Kind.EDIT, null, List.of(), false, false, null,
                    files(input, node));
        }
        if (SHELL_TOOLS.contains(name) || name.contains("bash") || name.contains("shell")) {
            String command = command(input, node);
            if (command.isBlank()) {
                return other(m, tool);
            }
            List<String> keys = keys(command);
            boolean routine = keys.isEmpty() || keys.stream().allMatch(Commands::isRoutine);
            Outcomes.Verdict v = Outcomes.classify(m.text());
            return new ToolRun(m.ordinal(), tool, ToolRun.Kind.SHELL, command, keys, routine, v.failed(),
                    v.errorLine(), List.of());
        }
        return other(m, tool);
    }

    private static ToolRun other(dev.recall.store.Message m, String tool) {
        return new ToolRun(m.ordinal(), tool, ToolRun.Kind.OTHER, null, List.of(), true, false, null, List.of());
    }

    private JsonNode parseObject(String input) {
        if (!input.startsWith("{")) {
            return null;
        }
        try {
            JsonNode n = json.readTree(input);
            return n != null && n.isObject() ? n : null;
        } catch (Exception e) {
            return null;
        }
    }

    /** The command line: a plain string, or the command field of a JSON tool input (Claude Code, Codex). */
    private static String command(String input, JsonNode node) {
        if (node == null) {
            return input;
        }
        for (String field : List.of("command", "cmd")) {
            JsonNode c = node.get(field);
            if (c == null) {
                continue;
            }
            if (c.isTextual()) {
                return c.asText().strip();
            }
            if (c.isArray() && !c.isEmpty()) {
                // ["bash", "-lc", "go test ./..."]: the script is the last element.
                List<String> parts = new ArrayList<>();
                c.forEach(p -> parts.add(p.asText()));
                if (parts.size() >= 3 && (parts.get(0).endsWith("sh")) && parts.get(1).startsWith("-")) {
                    return parts.getLast().strip();
                }
                return String.join(" ", parts).strip();
            }
        }
        return "";
    }

    /** A human description of what the command is for, when the agent gave one. */
    String description(dev.recall.store.Message m) {
        JsonNode node = parseObject(m.toolInput() == null ? "" : m.toolInput().strip());
        JsonNode d = node == null ? null : node.get("description");
        return d != null && d.isTextual() && !d.asText().isBlank() ? d.asText().strip() : null;
    }

    private static List<String> files(String input, JsonNode node) {
        Set<String> out = new LinkedHashSet<>();
        if (node != null) {
            for (String field : List.of("file_path", "path", "filename", "notebook_path")) {
                JsonNode f = node.get(field);
                if (f != null && f.isTextual()) {
                    out.add(f.asText());
                }
            }
        }
        Matcher m = PATCH_FILE.matcher(input);
        while (m.find()) {
            out.add(m.group(1));
        }
        if (out.isEmpty() && node == null) {
            // The archive renders an edit's input as the paths it touched, one a line.
            for (String line : input.split("\n")) {
                String p = line.strip();
                if (!p.isEmpty() && p.length() < 300 && !p.contains(" ") && (p.contains("/") || p.contains("."))) {
                    out.add(p);
                }
            }
        }
        return List.copyOf(out);
    }

    /** "make db-up && go test -tags x ./..." gives [make db-up, go test]: program plus its subcommand. */
    static List<String> keys(String command) {
        Set<String> out = new LinkedHashSet<>();
        for (String segment : segments(command)) {
            List<String> tokens = tokens(segment);
            int i = 0;
            while (i < tokens.size() && (ENV_ASSIGN.matcher(tokens.get(i)).matches()
                    || PREFIXES.contains(tokens.get(i)))) {
                i++;
            }
            // Loop headers, directory changes and variable exports set the stage; they are not the task.
            if (i >= tokens.size() || SETUP.contains(tokens.get(i))) {
                continue;
            }
            String program = tokens.get(i);
            int slash = program.lastIndexOf('/');
            if (slash >= 0 && !program.startsWith("./")) {
                program = program.substring(slash + 1);
            }
            String key = program;
            int j = i + 1;
            for (int words = 0; words < 2; words++) {
                String sub = null;
                for (; j < tokens.size(); j++) {
                    String t = tokens.get(j);
                    if (t.startsWith("-")) {
                        if (VALUE_FLAGS.contains(t)) {
                            j++;
                        }
                        continue;
                    }
                    if (t.contains("/") || t.contains(".") || t.contains("=") || t.contains("$")) {
                        continue;
                    }
                    sub = t;
                    j++;
                    break;
                }
                if (sub == null) {
                    break;
                }
                key = key + " " + sub;
                if (!WRAPPERS.contains(key)) {
                    break;
                }
            }
            out.add(key);
        }
        return List.copyOf(out);
    }

    /** Looking around or housekeeping (ls, grep, git status, kubectl get): never a procedure step of its own. */
    static boolean isRoutine(String key) {
        String program = key.contains(" ") ? key.substring(0, key.indexOf(' ')) : key;
        return INSPECT_PROGRAMS.contains(program) || INSPECT_SUBCOMMANDS.contains(key);
    }

    /** Splits on &&, ||, ; and takes only the head of each pipeline: what follows a pipe filters output. */
    static List<String> segments(String command) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        char quote = 0;
        boolean afterPipe = false;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
                if (!afterPipe) {
                    cur.append(c);
                }
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
                if (!afterPipe) {
                    cur.append(c);
                }
                continue;
            }
            boolean and = c == '&' && i + 1 < command.length() && command.charAt(i + 1) == '&';
            boolean or = c == '|' && i + 1 < command.length() && command.charAt(i + 1) == '|';
            if (and || or || c == ';' || c == '\n') {
                flush(cur, out);
                afterPipe = false;
                if (and || or) {
                    i++;
                }
                continue;
            }
            if (c == '|') {
                afterPipe = true;
                continue;
            }
            if (!afterPipe) {
                cur.append(c);
            }
        }
        flush(cur, out);
        return out;
    }

    private static void flush(StringBuilder cur, List<String> out) {
        String s = cur.toString().strip();
        if (!s.isEmpty()) {
            out.add(s);
        }
        cur.setLength(0);
    }

    static List<String> tokens(String segment) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        char quote = 0;
        int depth = 0;
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '(' && i > 0 && segment.charAt(i - 1) == '$' || depth > 0 && c == '(') {
                depth++;
            } else if (c == ')' && depth > 0) {
                depth--;
                cur.append(c);
                continue;
            }
            if (depth > 0) {
                cur.append(c);
                continue;
            }
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    cur.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (Character.isWhitespace(c)) {
                if (!cur.isEmpty()) {
                    out.add(cur.toString());
                    cur.setLength(0);
                }
            } else {
                cur.append(c);
            }
        }
        if (!cur.isEmpty()) {
            out.add(cur.toString());
        }
        return out;
    }
}
