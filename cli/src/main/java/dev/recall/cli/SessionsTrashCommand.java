package dev.recall.cli;

import dev.recall.store.SessionCatalog;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "trash", description = {
        "Take a session out of search (list, search, extraction) and revoke the provenance of the entries it anchors.",
        "With --automated the session is marked as an automated run instead of trashed; the effect is the same."})
final class SessionsTrashCommand implements Callable<Integer> {
    private final App app;

    SessionsTrashCommand(App app) {
        this.app = app;
    }

    @Parameters(paramLabel = "ID")
    String id;

    @Option(names = "--automated", description = "Mark the session automated (an agent's unattended run) rather than trashed.")
    boolean automated;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        SessionCatalog.Mark mark = automated ? SessionCatalog.Mark.AUTOMATED : SessionCatalog.Mark.TRASHED;
        var marked = app.service().archive().mark(id, mark);
        if (output.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("session_id", marked.sessionId());
            m.put("mark", marked.mark().label());
            m.put("changed", marked.changed());
            m.put("revoked_entries", marked.revokedEntries());
            app.printJson(m);
        } else {
            app.out.printf("session %s %s%s; provenance revoked for %d entries%s%n", id,
                    marked.changed() ? "marked " : "was already ", mark.label(), marked.revokedEntries().size(),
                    marked.revokedEntries().isEmpty() ? "" : ": " + String.join(", ", marked.revokedEntries()));
        }
        return ExitCode.OK.code;
    }
}
