package dev.recall.cli;

import dev.recall.store.EntryStats;
import dev.recall.store.SessionStats;
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
        var stats = app.service().entries().stats();
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
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("total", s.total());
            groups.forEach((k, v) -> m.put("by_" + k, v));
            Map<String, Object> archive = new LinkedHashMap<>();
            archive.put("sessions", sessions.sessions());
            archive.put("messages", sessions.messages());
            Map<String, Object> byAgent = new LinkedHashMap<>();
            sessions.byAgent().forEach((agent, p) -> byAgent.put(agent,
                    Map.of("sessions", p.sessions(), "messages", p.messages())));
            archive.put("by_agent", byAgent);
            m.put("archive", archive);
            app.printJson(m);
            return ExitCode.OK.code;
        }
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
