package dev.recall.cli;

import dev.recall.sessions.HookInput;
import dev.recall.sessions.OutputDir;
import dev.recall.sessions.ProjectContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "save", description = {
        "Write .recall/context.md for the project in the working directory: goal, summary, next steps, open threads,"
                + " files, commands, where the last session left off and git, built locally with no model call.",
        "Syncs the project's transcripts first unless --no-sync."})
final class SaveCommand implements Callable<Integer> {
    static final String SAVE_ON_END_ENV = "RECALL_SAVE_ON_END";
    static final String SAVE_ON_END_KEY = "sessions.save_on_session_end";

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

    @Option(names = "--if-configured", description = "Only save when " + SAVE_ON_END_ENV + "=1 or config.toml has"
            + " [sessions] save_on_session_end = true (for the SessionEnd hook).")
    boolean ifConfigured;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        if (budget < 500) {
            throw new CliException(ExitCode.USAGE, "--budget must be at least 500 characters");
        }
        HookInput input = hook ? HookInput.read(System.in) : HookInput.NONE;
        if (ifConfigured && !configured()) {
            if (json) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("saved", false);
                m.put("reason", "not configured");
                app.printJson(m);
            }
            return ExitCode.OK.code;
        }
        Path project = SyncCommand.project(app, input);
        OutputDir dir = SyncCommand.outputDir(project, out);
        if (!noSync) {
            SyncCommand.syncProject(app, project, input.transcriptPath(), json || hook);
        }
        ProjectContext.Saved saved = new ProjectContext(app.database()).save(project, dir, budget);
        if (json) {
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

    private boolean configured() {
        String env = app.env().get(SAVE_ON_END_ENV);
        if (env != null && (env.equals("1") || env.equalsIgnoreCase("true"))) {
            return true;
        }
        Boolean value = app.config().raw().getBoolean(SAVE_ON_END_KEY);
        return value != null && value;
    }
}
