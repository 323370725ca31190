package dev.recall.cli;

import dev.recall.service.SessionService;
import dev.recall.sessions.HookInput;
import dev.recall.sessions.OutputDir;
import dev.recall.sessions.ProjectContext;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "save", description = {
        "Write .recall/context.md for the project in the working directory: goal, summary, next steps, open threads,"
                + " files, commands, where the last session left off and git, built locally with no model call.",
        "Syncs the project's transcripts first unless --no-sync."})
final class SaveCommand implements Callable<Integer> {
    private final App app;

    SaveCommand(App app) {
        this.app = app;
    }

    @Option(names = "--out", paramLabel = "DIR", defaultValue = OutputDir.DEFAULT,
            description = "Output dir, relative and inside the project (default ${DEFAULT-VALUE}).")
    String out;

    @Option(names = "--budget", paramLabel = "CHARS", defaultValue = "" + ProjectContext.DEFAULT_BUDGET,
            description = "Size budget of context.md in characters (default ${DEFAULT-VALUE}).")
    int budget;

    @Option(names = "--no-sync", description = "Do not sync transcripts first.")
    boolean noSync;

    @Option(names = "--hook",
            description = "Run as a Claude Code hook: read the hook's JSON (cwd, transcript) on stdin.")
    boolean hook;

    @Option(names = "--if-configured", description = "Only save when " + SessionService.SAVE_ON_END_ENV + "=1 or config.toml has"
            + " [sessions] save_on_session_end = true (for the SessionEnd hook).")
    boolean ifConfigured;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        HookInput input = hook ? HookInput.read(System.in) : HookInput.NONE;
        SessionService.SaveResult r = app.service().sessions().save(new SessionService.SaveRequest(
                SyncCommand.project(app, input), out, budget, !noSync, input.transcriptPath(), ifConfigured),
                SyncCommand.progress(app, output.json() || hook));
        ProjectContext.Saved saved = r.saved();
        if (saved == null) {
            if (output.json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("saved", false);
                m.put("reason", "not configured");
                app.printJson(m);
            }
            return ExitCode.OK.code;
        }
        if (output.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("saved", true);
            m.put("file", saved.file().toString());
            m.put("chars", saved.chars());
            m.put("sessions", saved.sessions());
            m.put("latest_session", saved.latestSessionId());
            app.printJson(m);
        } else if (!hook) {
            app.out.printf("wrote %s (%d chars, from %d session%s)%n", saved.file(), saved.chars(), saved.sessions(),
                    saved.sessions() == 1 ? "" : "s");
        }
        return ExitCode.OK.code;
    }
}
