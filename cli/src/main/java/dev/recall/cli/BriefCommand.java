package dev.recall.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.brief.BriefPacker;
import dev.recall.search.SearchMode;
import dev.recall.server.ApiRequests;
import dev.recall.server.Views;
import dev.recall.service.SearchService;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "brief", description = "Pack the entries relevant to a task into a compact brief framed as historical"
        + " evidence (trusted entries only, unless --trusted-only=false).")
final class BriefCommand implements Callable<Integer> {
    private final App app;

    BriefCommand(App app) {
        this.app = app;
    }

    @Parameters(paramLabel = "TASK", arity = "0..*",
            description = "What the session is about to do; without it, the newest matching entries.")
    List<String> task = new ArrayList<>();

    @Option(names = "--mode", defaultValue = "lexical", description = "lexical (default), vector or hybrid.")
    String mode;

    @Option(names = "--context-max-bytes", defaultValue = "" + BriefPacker.DEFAULT_BUDGET,
            description = "The brief's size budget in UTF-8 bytes (default ${DEFAULT-VALUE}).")
    int budget;

    @Option(names = "--limit", defaultValue = "10", description = "How many ranked entries to consider (default ${DEFAULT-VALUE}).")
    int limit;

    @Mixin
    FilterOptions filters;

    @Mixin
    LedgerRecording recording;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        SearchMode m = SearchMode.parse(mode);
        SearchService.BriefRequest request = new SearchService.BriefRequest(task.isEmpty() ? null : String.join(" ", task), m,
                filters.toFilters(app), limit, budget, recording.recording(app));
        Optional<Remote> remote = request.recording().strict() ? Optional.empty() : app.remote();
        Optional<String> answer = remote.flatMap(d -> d.post("/api/v1/recall/brief", ApiRequests.brief(request)));
        if (answer.isPresent()) {
            JsonNode v = remote.get().parse(answer.get());
            v.path("notices").forEach(n -> app.notice(n.asText()));
            Map<String, List<String>> flagged = new LinkedHashMap<>();
            v.path("context_meta").path("flagged").fields().forEachRemaining(f -> {
                List<String> reasons = new ArrayList<>();
                f.getValue().forEach(x -> reasons.add(x.asText()));
                flagged.put(f.getKey(), reasons);
            });
            flagged.forEach(this::flagged);
            if (output.json()) {
                app.out.println(answer.get());
                app.out.flush();
            } else {
                human(v.path("context").asText(), v.path("miss_reason").asText(null),
                        request.filters().trustedOnly() == null || request.filters().trustedOnly());
            }
            return ExitCode.OK.code;
        }
        SearchService.BriefResult r = app.service().search().brief(request);
        r.result().notices().forEach(app::notice);
        r.brief().flagged().forEach(this::flagged);
        if (output.json()) {
            app.printJson(Views.brief(r));
        } else {
            human(r.brief().context(), r.missReason(), r.filter().trustedOnly());
        }
        return ExitCode.OK.code;
    }

    private void flagged(String id, List<String> reasons) {
        app.notice("entry " + id + " contains text that looks like " + String.join(", ", reasons)
                + "; it is framed as data in the brief");
    }

    private void human(String context, String missReason, boolean trustedOnly) {
        if (context.isEmpty()) {
            app.notice(missReason.equals("no_results") ? "no " + (trustedOnly ? "trusted " : "")
                    + "entries match; nothing to brief" : "no entry fits in " + budget + " bytes");
        } else {
            app.out.print(context);
        }
    }
}
