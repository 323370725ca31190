package dev.recall.cli;

import dev.recall.server.Views;
import dev.recall.service.SessionService;
import dev.recall.sessions.ContextFrame;
import dev.recall.sessions.HookInput;
import dev.recall.sessions.OutputDir;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "show", description = "Print the project's .recall/context.md (framed as untrusted reference data"
        + " with --framed or --hook).")
final class ShowCommand implements Callable<Integer> {
    private final App app;

    ShowCommand(App app) {
        this.app = app;
    }

    @Option(names = "--out", paramLabel = "DIR", defaultValue = OutputDir.DEFAULT,
            description = "Output dir, relative and inside the project (default ${DEFAULT-VALUE}).")
    String out;

    @Option(names = "--framed", description = "Wrap it in an untrusted-data envelope, at most --max-chars.")
    boolean framed;

    @Option(names = "--hook", description = "Run as a Claude Code SessionStart hook: cwd from the hook's JSON on"
            + " stdin, framed output, silent when there is no context yet.")
    boolean hook;

    @Option(names = "--max-chars", paramLabel = "N", defaultValue = "" + ContextFrame.HOOK_MAX_CHARS,
            description = "Framed output is at most this long (default ${DEFAULT-VALUE}).")
    int maxChars;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        HookInput input = hook ? HookInput.read(System.in) : HookInput.NONE;
        SessionService.Framing framing = hook ? SessionService.Framing.SESSION_START
                : framed ? SessionService.Framing.FRAMED : SessionService.Framing.PLAIN;
        java.nio.file.Path project = SyncCommand.project(app, input);
        if (hook && !output.json() && out.equals(OutputDir.DEFAULT) && maxChars == ContextFrame.HOOK_MAX_CHARS) {
            // the daemon answers the SessionStart hook without opening the store here
            java.util.Optional<String> text = app.remote().filter(Remote::local).flatMap(d -> d.post("/api/v1/hooks/session-start",
                    java.util.Map.of("cwd", project.toAbsolutePath().toString())));
            if (text.isPresent()) {
                app.out.print(text.get());
                app.out.flush();
                return ExitCode.OK.code;
            }
        }
        SessionService.ShowResult r = app.service().sessions().show(new SessionService.ShowRequest(
                project, out, framing, maxChars));
        if (hook && !output.json()) {
            app.out.print(Views.sessionStartText(r));
            app.out.flush();
            return ExitCode.OK.code;
        }
        if (!r.saved()) {
            // at session start with nothing saved yet: the session starts with the brief, if any
            if (!r.content().isEmpty()) {
                app.out.print(r.content());
                app.out.flush();
            }
            return ExitCode.OK.code;
        }
        String text = r.content();
        if (output.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", r.file().toString());
            m.put("framed", r.framed());
            m.put("content", text);
            app.printJson(m);
        } else {
            app.out.print(text.endsWith("\n") ? text : text + "\n");
            app.out.flush();
        }
        return ExitCode.OK.code;
    }
}
