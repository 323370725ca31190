package dev.recall.cli;

import dev.recall.service.SessionService;
import dev.recall.sessions.HistoryCapture;
import dev.recall.sessions.HookInput;
import dev.recall.sessions.OutputDir;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "capture", description = {
        "Append the current session's new activity to .recall/history.md (incremental).",
        "The session is the one of --transcript (or the hook's transcript_path), else --session, else the project's"
                + " most recent."})
final class CaptureCommand implements Callable<Integer> {
    private final App app;

    CaptureCommand(App app) {
        this.app = app;
    }

    @Option(names = "--transcript", paramLabel = "FILE", description = "The session's transcript file.")
    Path transcript;

    @Option(names = "--session", paramLabel = "ID", description = "An archived session id.")
    String session;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = OutputDir.DEFAULT,
            description = "Output dir, relative and inside the project (default ${DEFAULT-VALUE}).")
    String out;

    @Option(names = "--hook", description = "Run as a Claude Code Stop hook: read the hook's JSON on stdin.")
    boolean hook;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        HookInput input = hook ? HookInput.read(System.in) : HookInput.NONE;
        Path file = transcript != null ? app.workingDir().resolve(transcript)
                : input.transcriptPath() == null ? null : Path.of(input.transcriptPath());
        Path project = SyncCommand.project(app, input);
        if (hook && !output.json() && session == null && out.equals(OutputDir.DEFAULT)) {
            // the Stop hook through the daemon, which owns the archive while it runs; it prints nothing
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("cwd", project.toAbsolutePath().toString());
            body.put("transcript_path", file == null ? null : file.toAbsolutePath().toString());
            if (app.remote().filter(Remote::local).flatMap(d -> d.post("/api/v1/hooks/stop", body)).isPresent()) {
                return ExitCode.OK.code;
            }
        }
        HistoryCapture.Captured c = app.service().sessions().capture(new SessionService.CaptureRequest(
                project, file, session, out, hook)).captured();
        if (c == null) {
            return ExitCode.OK.code;
        }
        if (output.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", c.file().toString());
            m.put("session_id", c.sessionId());
            m.put("messages", c.messages());
            m.put("from_ordinal", c.fromOrdinal());
            m.put("to_ordinal", c.toOrdinal());
            app.printJson(m);
        } else if (!hook) {
            app.out.println(c.messages() == 0 ? "nothing new in session " + c.sessionId()
                    : "appended " + c.messages() + " message" + (c.messages() == 1 ? "" : "s") + " of session "
                            + c.sessionId() + " (" + c.fromOrdinal() + "-" + c.toOrdinal() + ") to " + c.file());
            app.out.flush();
        }
        return ExitCode.OK.code;
    }
}
