package dev.recall.sessions;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tool call reduced to what later readers need: the command that ran, the file touched, the pattern searched,
 * the plan written. Full tool inputs (file contents, patches) are not archived; the results are, truncated. A
 * summary is never cut here: cutting before redaction could leave half a secret that no rule recognises.
 */
final class ToolSummaries {
    static final Set<String> COMMAND_TOOLS = Set.of("Bash", "shell", "shell_command", "exec_command", "local_shell",
            "container.exec");
    static final Set<String> EDIT_TOOLS = Set.of("Edit", "Write", "MultiEdit", "NotebookEdit", "apply_patch");
    static final Set<String> READ_TOOLS = Set.of("Read", "NotebookRead", "view_image");
    static final Set<String> PLAN_TOOLS = Set.of("TodoWrite", "update_plan");
    private static final Pattern PATCH_FILE =
            Pattern.compile("(?m)^\\*\\*\\* (?:Update|Add|Delete) File: (.+)$");

    private ToolSummaries() {}

    /** Claude Code's tool_use input, by tool name. */
    static String claude(String name, JsonNode input) {
        if (input == null || input.isMissingNode() || input.isNull()) {
            return null;
        }
        String s = switch (name == null ? "" : name) {
            case "Bash" -> input.path("command").asText(null);
            case "Read", "Write", "Edit", "MultiEdit" -> input.path("file_path").asText(null);
            case "NotebookEdit", "NotebookRead" -> input.path("notebook_path").asText(null);
            case "Glob", "Grep" -> join(input.path("pattern").asText(null), input.path("path").asText(null));
            case "LS" -> input.path("path").asText(null);
            case "WebFetch" -> input.path("url").asText(null);
            case "WebSearch" -> input.path("query").asText(null);
            case "Task", "Agent" -> join(input.path("subagent_type").asText(null),
                    input.path("description").asText(null));
            case "TodoWrite" -> plan(input.path("todos"), "content", "status");
            default -> null;
        };
        return s != null ? s : compact(input);
    }

    /** Codex's function_call arguments (a JSON string) or custom_tool_call input (raw text). */
    static String codex(String name, JsonNode args, String rawInput) {
        String n = name == null ? "" : name;
        if (n.equals("apply_patch")) {
            String patch = rawInput != null ? rawInput : args == null ? null : args.path("input").asText(null);
            return patchFiles(patch);
        }
        if (args == null) {
            return rawInput;
        }
        String s = switch (n) {
            case "shell", "container.exec", "local_shell" -> command(args.path("command"));
            case "shell_command", "exec_command" -> args.has("cmd") ? command(args.path("cmd"))
                    : command(args.path("command"));
            case "update_plan" -> plan(args.path("plan"), "step", "status");
            case "view_image" -> args.path("path").asText(null);
            default -> null;
        };
        return s != null ? s : compact(args);
    }

    /**
     * Any other agent's tool input, by the argument names agents share: the command run, the file touched, the
     * pattern or query searched, the URL fetched; else the input itself, compact.
     */
    static String generic(JsonNode input) {
        if (input == null || input.isMissingNode() || input.isNull()) {
            return null;
        }
        if (input.isTextual()) {
            String raw = input.asText();
            if (raw.startsWith("{")) {
                try {
                    return generic(new com.fasterxml.jackson.databind.ObjectMapper().readTree(raw));
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    return raw;
                }
            }
            return raw;
        }
        for (String k : List.of("command", "cmd")) {
            if (input.has(k)) {
                return command(input.get(k));
            }
        }
        for (String k : List.of("file_path", "filePath", "absolute_path", "path", "target_file", "dir_path",
                "pattern", "query", "url", "regex")) {
            JsonNode v = input.get(k);
            if (v != null && v.isTextual()) {
                return v.asText();
            }
        }
        return compact(input);
    }

    /** A command given as an argv array ({@code bash -lc X} becomes X) or as a string. */
    static String command(JsonNode cmd) {
        if (cmd == null || cmd.isMissingNode() || cmd.isNull()) {
            return null;
        }
        if (cmd.isTextual()) {
            return cmd.asText();
        }
        List<String> argv = new ArrayList<>();
        cmd.forEach(a -> argv.add(a.asText()));
        if (argv.size() == 3 && (argv.get(0).endsWith("bash") || argv.get(0).endsWith("sh")
                || argv.get(0).endsWith("zsh")) && argv.get(1).startsWith("-") && argv.get(1).endsWith("c")) {
            return argv.get(2);
        }
        return String.join(" ", argv);
    }

    /** The files an apply_patch touches, one a line. */
    static String patchFiles(String patch) {
        if (patch == null) {
            return null;
        }
        List<String> files = new ArrayList<>();
        Matcher m = PATCH_FILE.matcher(patch);
        while (m.find()) {
            files.add(m.group(1).strip());
        }
        return files.isEmpty() ? null : String.join("\n", files);
    }

    private static String plan(JsonNode items, String textField, String statusField) {
        if (!items.isArray()) {
            return null;
        }
        List<String> lines = new ArrayList<>();
        for (JsonNode item : items) {
            lines.add("[" + item.path(statusField).asText("pending") + "] " + item.path(textField).asText(""));
        }
        return String.join("\n", lines);
    }

    private static String join(String a, String b) {
        if (a == null) {
            return b;
        }
        return b == null || b.isBlank() ? a : a + " in " + b;
    }

    private static String compact(JsonNode input) {
        return input.isTextual() ? input.asText() : input.toString();
    }


}
