package dev.recall.cli;

import dev.recall.server.Views;
import dev.recall.service.ArchiveService;
import dev.recall.store.Evidence;
import dev.recall.store.Message;
import dev.recall.store.SessionSummary;
import dev.recall.store.Times;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "show", description = "Show a session's messages (ordinals, roles, tool calls; redactions stay visible).")
final class SessionsShowCommand implements Callable<Integer> {
    private static final int TOOL_OUTPUT_LINES = 12;

    private final App app;

    SessionsShowCommand(App app) {
        this.app = app;
    }

    @Parameters(paramLabel = "ID")
    String id;

    @Option(names = "--from", defaultValue = "0", description = "First message ordinal (default 0).")
    int from;

    @Option(names = "--limit", defaultValue = "50", description = "Messages per page (default ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--full", description = "Do not shorten long tool output.")
    boolean full;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        ArchiveService.ShowResult r = app.service().archive().show(new ArchiveService.ShowRequest(id, from, limit));
        SessionSummary s = r.session();
        List<Message> page = r.messages();
        List<Evidence> evidence = r.evidence();
        Integer next = r.nextFrom();
        if (output.json()) {
            app.printJson(Views.sessionPage(r, from));
            return ExitCode.OK.code;
        }
        app.out.printf("session %s  %s  %s%s  started %s  %d messages%s%n", s.session().id(), s.session().agent(),
                SessionsListCommand.orDash(s.session().project()),
                s.session().gitBranch() == null ? "" : " @" + s.session().gitBranch(),
                SessionsListCommand.orDash(Times.format(s.session().startedAt())), s.messages(),
                s.trashed() ? "  [trashed]" : s.automated() ? "  [automated]" : "");
        if (s.session().cwd() != null) {
            app.out.println("cwd " + s.session().cwd());
        }
        for (Message msg : page) {
            app.out.println();
            app.out.printf("#%d %s%s%s%n", msg.ordinal(), msg.role(),
                    msg.toolName() == null ? "" : " " + msg.toolName(),
                    msg.timestamp() == null ? "" : "  " + Times.format(msg.timestamp()));
            if (msg.toolInput() != null && !msg.toolInput().isBlank()) {
                app.out.println("  $ " + msg.toolInput().strip().replace("\n", "\n    "));
            }
            String text = msg.role().equals("tool") && !full ? shorten(msg.text()) : msg.text();
            if (!text.isBlank()) {
                app.out.println("  " + text.strip().replace("\n", "\n  "));
            }
            for (Evidence e : citing(msg, evidence)) {
                app.out.println("  (evidence of entry " + e.entryId() + ", messages " + e.startOrdinal() + ".."
                        + e.endOrdinal() + ")");
            }
        }
        if (next != null) {
            app.out.println();
            app.out.println("more: recall sessions show " + id + " --from " + next);
        }
        return ExitCode.OK.code;
    }

    private static List<Evidence> citing(Message m, List<Evidence> evidence) {
        return evidence.stream().filter(e -> e.startOrdinal() == m.ordinal()).toList();
    }

    private static String shorten(String text) {
        String[] lines = text.split("\n", -1);
        if (lines.length <= TOOL_OUTPUT_LINES) {
            return text;
        }
        int head = TOOL_OUTPUT_LINES - 4;
        return String.join("\n", List.of(lines).subList(0, head)) + "\n[... " + (lines.length - head - 4)
                + " lines; --full shows them ...]\n" + String.join("\n", List.of(lines).subList(lines.length - 4, lines.length));
    }
}
