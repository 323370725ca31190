package dev.recall.cli;

import dev.recall.server.ViewReader;
import dev.recall.server.Views;
import dev.recall.store.EntryStats;
import dev.recall.store.SessionStats;
import java.util.Optional;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "stats", description = {"Count entries by type, scope, status, review state, project, agent, trust and"
        + " lifecycle,", "and the archive's sessions and messages by agent."})
final class StatsCommand implements Callable<Integer> {
    private final App app;

    StatsCommand(App app) {
        this.app = app;
    }

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        Optional<String> answer = app.remote().flatMap(d -> d.get("/api/v1/recall/stats"));
        if (answer.isPresent() && json) {
            app.out.println(answer.get());
            app.out.flush();
            return ExitCode.OK.code;
        }
        var stats = answer.isPresent() ? ViewReader.stats(app.remote().get().parse(answer.get()))
                : app.service().entries().stats();
        if (json) {
            app.printJson(Views.stats(stats));
            return ExitCode.OK.code;
        }
        EntryStats s = stats.entries();
        Map<String, Map<String, Long>> groups = new LinkedHashMap<>();
        groups.put("type", s.byType());
        groups.put("scope", s.byScope());
        groups.put("status", s.byStatus());
        groups.put("review_state", s.byReviewState());
        groups.put("project", s.byProject());
        groups.put("agent", s.byAgent());
        groups.put("trusted", s.byTrusted());
        groups.put("lifecycle", s.byLifecycle());
        SessionStats sessions = stats.sessions();
        app.out.println("entries: " + s.total());
        groups.forEach((name, counts) -> {
            StringBuilder line = new StringBuilder(String.format("  %-13s", name));
            counts.forEach((k, v) -> line.append(' ').append(k).append('=').append(v));
            app.out.println(line);
        });
        app.out.printf("sessions: %d (%d messages)%n", sessions.sessions(), sessions.messages());
        sessions.byAgent().forEach((agent, p) -> app.out.printf("  %-13s %d session%s, %d message%s%n", agent,
                p.sessions(), p.sessions() == 1 ? "" : "s", p.messages(), p.messages() == 1 ? "" : "s"));
        return ExitCode.OK.code;
    }
}
