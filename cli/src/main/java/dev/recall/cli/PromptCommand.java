package dev.recall.cli;

import dev.recall.service.PromptService;
import dev.recall.sessions.HookInput;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "prompt", description = {
        "Prompt-time recall: the trusted entries that plainly concern a prompt (at most [hooks] prompt_max_entries,",
        "each holding at least [hooks] prompt_min_coverage of the prompt's words), framed as evidence. Prints nothing",
        "when none does. --hook reads a Claude Code UserPromptSubmit hook's JSON on stdin; a running daemon answers."})
final class PromptCommand implements Callable<Integer> {
    private final App app;

    PromptCommand(App app) {
        this.app = app;
    }

    @Parameters(arity = "0..1", paramLabel = "PROMPT", description = "The prompt (with --hook: from stdin).")
    String prompt;

    @Option(names = "--hook", description = "Run as a Claude Code UserPromptSubmit hook: the prompt from the hook's"
            + " JSON on stdin; silent when nothing clears the threshold.")
    boolean hook;

    @picocli.CommandLine.Mixin
    OutputFormat output;

    @picocli.CommandLine.Mixin
    LedgerRecording recording;

    @Override
    public Integer call() {
        String text = hook ? HookInput.read(System.in).prompt() : prompt;
        if (text == null || text.isBlank()) {
            if (hook) {
                return ExitCode.OK.code; // a hook never fails the session
            }
            throw new CliException(ExitCode.USAGE, "give the prompt, or --hook to read it from a hook's JSON");
        }
        if (!output.json() && recording.recording(app).record() && !recording.strict) {
            Optional<String> answered = app.remote().filter(Remote::local).flatMap(d -> d.post("/api/v1/hooks/user-prompt",
                    Map.of("prompt", text)));
            if (answered.isPresent()) {
                app.out.print(answered.get());
                app.out.flush();
                return ExitCode.OK.code;
            }
        }
        PromptService.PromptResult r = app.service().prompts().recall(new PromptService.PromptRequest(text,
                recording.recording(app)));
        if (output.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("context", r.context());
            m.put("added", r.added());
            m.put("skipped", r.skipped());
            m.put("candidates", r.candidates().stream().map(c -> Map.of("id", c.id(), "coverage", c.coverage()))
                    .toList());
            m.put("flagged", r.flagged());
            app.printJson(m);
        } else {
            app.out.print(r.context());
            app.out.flush();
        }
        return ExitCode.OK.code;
    }
}
