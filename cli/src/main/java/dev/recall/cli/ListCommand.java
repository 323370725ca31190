package dev.recall.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.server.ApiRequests;
import dev.recall.server.ViewReader;
import dev.recall.server.Views;
import dev.recall.service.EntryService;
import dev.recall.store.EntryStats;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "list", description = {"List entries, newest first (accepted ones unless --status says otherwise);",
        "with --query, ranked by the text instead."})
final class ListCommand implements Callable<Integer> {
    private final App app;

    ListCommand(App app) {
        this.app = app;
    }

    @Mixin
    FilterOptions filters;

    @Option(names = "--query", paramLabel = "TEXT", description = "Rank the entries by this text (a lexical query).")
    String query;

    @Option(names = "--limit", defaultValue = "20", description = "At most this many (default ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--summary", description = "Also count the listed entries by type, scope, project, extractor, source, ...")
    boolean summary;

    @Option(names = "--evidence", description = "Also show each entry's evidence anchors.")
    boolean evidence;

    @Mixin
    LedgerRecording recording;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        EntryService.ListRequest request = new EntryService.ListRequest(filters.toFilters(app), limit, query, summary,
                evidence, recording.recording(app));
        Optional<Remote> remote = request.recording().strict() ? Optional.empty() : app.remote();
        Optional<String> answer = remote.flatMap(d -> d.get("/api/v1/recall/entries?"
                + Remote.query(ApiRequests.list(request))));
        if (answer.isPresent()) {
            if (output.json()) {
                app.out.println(answer.get());
                app.out.flush();
            } else {
                JsonNode v = remote.get().parse(answer.get());
                print(ViewReader.entries(v), ViewReader.evidenceByEntry(v), ViewReader.summary(v));
            }
            return ExitCode.OK.code;
        }
        var r = app.service().entries().list(request);
        if (output.json()) {
            app.printJson(Views.list(r));
        } else {
            print(r.entries(), r.evidence(), r.summary());
        }
        return ExitCode.OK.code;
    }

    private void print(List<RecallEntry> entries, Map<String, List<Evidence>> anchors, EntryStats counts) {
        for (RecallEntry e : entries) {
            app.out.println(EntryView.line(e));
            if (evidence) {
                EntryView.evidence(app.out, anchors == null ? List.of() : anchors.getOrDefault(e.id(), List.of()),
                        "    ");
            }
        }
        if (entries.isEmpty()) {
            app.out.println("no entries match");
        }
        if (summary && counts != null) {
            app.out.println();
            SummaryView.print(app.out, "summary", counts);
        }
    }
}
