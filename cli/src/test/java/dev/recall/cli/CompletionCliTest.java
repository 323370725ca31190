package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * issue 22 item 4: `recall completion bash|zsh|fish` prints scripts that the real shells load and complete with
 * (bash, zsh and fish are installed by .ci/run).
 */
class CompletionCliTest {
    @TempDir
    Path tmp;

    private Path script(String shell) throws Exception {
        CliRun r = CliRun.run(tmp.resolve("data"), "completion", shell);
        assertEquals(0, r.code(), r.toString());
        Path file = tmp.resolve("recall." + shell);
        Files.writeString(file, r.out());
        return file;
    }

    private static String shell(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", command) + "\n" + out);
        return out;
    }

    /** What bash offers for the words typed so far (the last one being completed). */
    private static List<String> bash(Path script, String line) throws Exception {
        String words = line.endsWith(" ") ? line + "''" : line;
        String out = shell("bash", "-c", "source " + script + "; COMP_WORDS=(" + words + "); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ));"
                + " COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}; _complete_recall recall; printf '%s\\n' \"${COMPREPLY[@]}\"");
        return out.lines().map(String::strip).toList();
    }

    @Test
    void bashCompletesCommandsSubcommandsAndOptions() throws Exception {
        Path s = script("bash");
        assertTrue(bash(s, "recall qu").contains("query"), bash(s, "recall qu").toString());
        assertTrue(bash(s, "recall list --source-r").contains("--source-run-id"));
        assertTrue(bash(s, "recall embeddings b").contains("build"));
        assertTrue(bash(s, "recall query x --cont").containsAll(List.of("--context", "--context-max-bytes")));
    }

    @Test
    void zshLoadsTheScriptThroughItsBashCompletionLayer() throws Exception {
        Path s = script("zsh");
        String out = shell("zsh", "-c", "autoload -U compinit && compinit -u && source " + s
                + " && whence -w _complete_recall");
        assertTrue(out.contains("_complete_recall: function"), out);
    }

    @Test
    void fishCompletesCommandsSubcommandsAndOptions() throws Exception {
        Path s = script("fish");
        shell("fish", "--no-execute", s.toString());
        assertTrue(fish(s, "recall qu").contains("query"), fish(s, "recall qu").toString());
        assertTrue(fish(s, "recall embeddings ").containsAll(List.of("build", "list", "status")));
        assertFalse(fish(s, "recall embeddings ").contains("query"), "top-level commands only at the top");
        assertTrue(fish(s, "recall list --source-r").contains("--source-run-id"));
        assertTrue(fish(s, "recall --data-dir /tmp/x list --cur").containsAll(List.of("--current-cwd",
                "--current-git-branch", "--current-worktree", "--current-project")));
        assertFalse(fish(s, "recall list --").contains("--context"), "query's options are not list's");
    }

    private List<String> fish(Path script, String line) throws Exception {
        String out = shell("fish", "--no-config", "-c", "source " + script + "; complete -C '" + line + "'");
        List<String> words = new ArrayList<>();
        out.lines().forEach(l -> words.add(l.split("\t")[0]));
        return words;
    }

    @Test
    void anUnknownShellIsAUsageError() {
        CliRun r = CliRun.run(tmp.resolve("data"), "completion", "tcsh");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("bash, zsh or fish"), r.err());
    }
}
