package dev.recall.cli;

import dev.recall.service.SessionService;
import dev.recall.sessions.HookInput;
import dev.recall.sessions.TranscriptDiscovery;
import dev.recall.store.Rereads;
import dev.recall.sessions.SyncProgress;
import dev.recall.sessions.SyncReport;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "sync", description = {
        "Archive coding agents' sessions: incremental, secrets redacted before anything is stored.",
        "Reads every known agent's default locations (each overridable by its environment variable; see --agents and"
                + " docs/agents.md), or what --path names."})
final class SyncCommand implements Callable<Integer> {
    private final App app;

    SyncCommand(App app) {
        this.app = app;
    }

    @Option(names = "--path", paramLabel = "FILE_OR_DIR",
            description = "Ingest this transcript file or directory instead of the default locations (repeatable).")
    List<Path> paths;

    @Mixin
    OutputFormat output;

    @Option(names = "--agents", description = "List the agents looked for, where, and what is there; sync nothing.")
    boolean agents;

    @Override
    public Integer call() {
        if (agents) {
            return listAgents();
        }
        List<Path> resolved = paths == null ? List.of() : paths.stream().map(app.workingDir()::resolve).toList();
        SyncReport r = app.service().sessions().sync(new SessionService.SyncRequest(resolved), progress(app, output.json()));
        if (output.json()) {
            app.printJson(json(r));
        } else {
            print(app, r, true);
        }
        return ExitCode.OK.code;
    }

    private int listAgents() {
        List<TranscriptDiscovery.Lookup> lookups = app.service().sessions().agents();
        if (output.json()) {
            app.printJson(lookups.stream().map(l -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("agent", l.agent().id());
                m.put("name", l.agent().displayName());
                m.put("env", l.agent().envVar());
                m.put("env_set", l.overridden());
                m.put("storage", l.agent().storage());
                m.put("locations", l.locations().stream().map(x -> Map.of("path", x.path().toString(),
                        "exists", x.exists(), "sources", x.sources())).toList());
                return m;
            }).toList());
            return ExitCode.OK.code;
        }
        for (TranscriptDiscovery.Lookup l : lookups) {
            int found = l.locations().stream().mapToInt(TranscriptDiscovery.Location::sources).sum();
            app.out.printf("%-14s %-22s %s%n", l.agent().id(), l.agent().displayName(),
                    found == 0 ? "nothing found" : found + " source" + s(found) + " found");
            app.out.printf("  %s %s; %s%n", l.agent().envVar(), l.overridden() ? "is set" : "not set (defaults)",
                    l.agent().storage());
            for (TranscriptDiscovery.Location x : l.locations()) {
                app.out.printf("  %s: %s%n", x.path(), !x.exists() ? "does not exist"
                        : x.sources() + " source" + s(x.sources()));
            }
        }
        return ExitCode.OK.code;
    }

    /** A live line on a terminal, a line every 100 files otherwise, nothing for --json. */
    static SyncProgress progress(App app, boolean quiet) {
        if (quiet) {
            return SyncProgress.none();
        }
        return app.terminal() ? SyncProgress.terminal(app.err) : SyncProgress.periodic(app.err, 100);
    }

    /** The project a command works on: the hook's cwd when run from a hook, else the working directory. */
    static Path project(App app, HookInput hook) {
        return hook.cwd() != null && !hook.cwd().isBlank() ? Path.of(hook.cwd()) : app.workingDir();
    }

    static Map<String, Object> json(SyncReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("files", r.files());
        m.put("read", r.read());
        m.put("unchanged", r.unchanged());
        m.put("sessions_created", r.sessionsCreated());
        m.put("sessions_updated", r.sessionsUpdated());
        m.put("messages_added", r.messagesAdded());
        m.put("secrets_redacted", r.secretsRedacted());
        m.put("candidate_findings", r.candidateFindings());
        m.put("malformed_lines", r.malformedLines());
        m.put("malformed", r.malformed().stream().map(x -> Map.of("path", x.path(), "line", x.line(),
                "reason", x.reason())).toList());
        m.put("rereads", r.rereads().stream().map(SyncCommand::json).toList());
        m.put("problems", r.problems().stream().map(x -> Map.of("path", x.path(), "message", x.message())).toList());
        m.put("provenance_revoked", r.revocations().stream().map(x -> Map.of("entry_id", x.entryId(),
                "session_id", x.sessionId(), "reason", x.reason())).toList());
        m.put("unrecognised", r.unrecognised().stream().map(x -> {
            Map<String, Object> u = new LinkedHashMap<>();
            u.put("path", x.path());
            u.put("agent", x.agent());
            u.put("reason", x.reason());
            return u;
        }).toList());
        Map<String, Object> by = new LinkedHashMap<>();
        r.byAgent().forEach((agent, a) -> {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("files", a.files());
            x.put("read", a.read());
            x.put("unchanged", a.unchanged());
            x.put("sessions_created", a.sessionsCreated());
            x.put("sessions_updated", a.sessionsUpdated());
            x.put("messages_added", a.messagesAdded());
            x.put("malformed_lines", a.malformedLines());
            x.put("unrecognised", a.unrecognised());
            by.put(agent, x);
        });
        m.put("by_agent", by);
        m.put("elapsed_ms", r.elapsedMillis());
        return m;
    }

    private static Map<String, Object> json(Rereads.Event e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("event_id", e.id());
        m.put("session_id", e.sessionId());
        m.put("path", e.sourcePath());
        m.put("reason", e.reason());
        m.put("outcome", e.outcome().name().toLowerCase(java.util.Locale.ROOT));
        m.put("first_divergent_ordinal", e.firstDivergentOrdinal());
        m.put("fork_session_id", e.forkSessionId());
        m.put("transcript_revision", e.transcriptRevision());
        return m;
    }

    static void print(App app, SyncReport r, boolean details) {
        app.out.printf("synced %d session source%s in %.1f s: %d read, %d unchanged, %d unrecognised; %d new session%s,"
                + " %d updated, %d message%s added; %d secret%s redacted, %d candidate finding%s%n", r.files(),
                s(r.files()), r.elapsedMillis() / 1000.0, r.read(), r.unchanged(), r.unrecognised().size(),
                r.sessionsCreated(), s(r.sessionsCreated()),
                r.sessionsUpdated(), r.messagesAdded(), s(r.messagesAdded()), r.secretsRedacted(),
                s(r.secretsRedacted()), r.candidateFindings(), s(r.candidateFindings()));
        if (details) {
            r.byAgent().forEach((agent, a) -> app.out.printf("  %-14s %d file%s: %d read, %d unchanged; %d new"
                    + " session%s, %d updated, %d message%s; %d malformed%s%n", agent, a.files(), s(a.files()),
                    a.read(), a.unchanged(), a.sessionsCreated(), s(a.sessionsCreated()), a.sessionsUpdated(),
                    a.messagesAdded(), s(a.messagesAdded()), a.malformedLines(),
                    a.unrecognised() > 0 ? ", " + a.unrecognised() + " unrecognised" : ""));
            r.unrecognised().forEach(u -> app.out.printf("unrecognised %s%s: %s%n", u.path(),
                    u.agent() == null ? "" : " (in " + u.agent() + "'s location)", u.reason()));
            if (r.malformedLines() > 0) {
                app.out.printf("%d malformed line%s skipped:%n", r.malformedLines(), s(r.malformedLines()));
                r.malformed().forEach(m -> app.out.printf("  %s:%d: %s%n", m.path(), m.line(), m.reason()));
                if (r.malformedLines() > r.malformed().size()) {
                    app.out.printf("  ... and %d more%n", r.malformedLines() - r.malformed().size());
                }
            }
            for (Rereads.Event e : r.rereads()) {
                app.out.printf("re-read session %s (%s): %s%s%n", e.sessionId(), e.reason(),
                        e.outcome().name().toLowerCase(java.util.Locale.ROOT),
                        e.forkSessionId() == null ? "" : "; message " + e.firstDivergentOrdinal()
                                + " differs, so the file continues as session " + e.forkSessionId());
            }
            r.problems().forEach(p -> app.err.printf("recall: %s: %s%n", p.path(), p.message()));
        }
        // Always said, details or not: an entry that stopped being trusted is news.
        r.revocations().forEach(x -> app.err.printf("recall: provenance of entry %s revoked (%s in session %s)%n",
                x.entryId(), x.reason(), x.sessionId()));
        app.out.flush();
        app.err.flush();
    }

    private static String s(long n) {
        return n == 1 ? "" : "s";
    }
}
