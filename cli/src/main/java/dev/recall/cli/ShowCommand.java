package dev.recall.cli;

import dev.recall.brief.BriefPacker;
import dev.recall.sessions.ContextFrame;
import dev.recall.sessions.HookInput;
import dev.recall.sessions.OutputDir;
import dev.recall.sessions.ProjectContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        HookInput input = hook ? HookInput.read(System.in) : HookInput.NONE;
        Path project = SyncCommand.project(app, input);
        OutputDir dir = SyncCommand.outputDir(project, out);
        Optional<String> content;
        try {
            content = dir.read(ProjectContext.FILE);
        } catch (OutputDir.UnsafePathException e) {
            throw new CliException(ExitCode.REJECTED, e.getMessage());
        }
        // At session start the trusted brief of the project joins the saved context, when there is one.
        String brief = hook ? BriefCommand.sessionStart(app, project, BriefPacker.DEFAULT_BUDGET) : "";
        if (content.isEmpty()) {
            if (hook) {
                if (!brief.isEmpty()) {
                    app.out.print(brief);
                    app.out.flush();
                }
                return ExitCode.OK.code; // nothing saved yet: the session starts with the brief, if any
            }
            throw new CliException(ExitCode.NOT_FOUND, "no " + out + "/" + ProjectContext.FILE + " in " + project
                    + " yet; run `recall save`");
        }
        String source = out + "/" + ProjectContext.FILE;
        int room = Math.max(0, maxChars - brief.length());
        String text = hook || framed ? ContextFrame.frame(content.get(), source, hook ? room : maxChars) : content.get();
        if (hook && !brief.isEmpty()) {
            text = (text.endsWith("\n") ? text : text + "\n") + brief;
        }
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", dir.file(ProjectContext.FILE).toString());
            m.put("framed", hook || framed);
            m.put("content", text);
            app.printJson(m);
        } else {
            app.out.print(text.endsWith("\n") ? text : text + "\n");
            app.out.flush();
        }
        return ExitCode.OK.code;
    }
}
