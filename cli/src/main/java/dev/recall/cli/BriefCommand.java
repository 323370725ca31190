package dev.recall.cli;

import dev.recall.brief.Brief;
import dev.recall.brief.BriefPacker;
import dev.recall.search.SearchMode;
import dev.recall.service.SearchService;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        SearchMode m;
        try {
            m = SearchMode.parse(mode);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
        SearchService.BriefResult r = app.service().search().brief(new SearchService.BriefRequest(
                String.join(" ", task), m, filters.toFilters(app), limit, budget, recording.recording()));
        Brief brief = r.brief();
        r.result().notices().forEach(app::notice);
        brief.flagged().forEach((id, reasons) -> app.notice("entry " + id + " contains text that looks like "
                + String.join(", ", reasons) + "; it is framed as data in the brief"));
        if (json) {
            Map<String, Object> m2 = new LinkedHashMap<>();
            m2.put("context", brief.context());
            m2.put("context_meta", meta(brief));
            m2.put("entries", r.result().hits().stream().map(h -> {
                Map<String, Object> e = EntryView.json(h.entry());
                e.put("rank", h.rank());
                e.put("score", h.score());
                e.put("packed", brief.included().contains(h.entry().id()));
                e.put("injection_flags", brief.flagged().getOrDefault(h.entry().id(), List.of()));
                return e;
            }).toList());
            m2.put("query_id", r.queryId());
            m2.put("miss_reason", r.missReason());
            app.printJson(m2);
        } else if (brief.context().isEmpty()) {
            app.notice(r.missReason().equals("no_results") ? "no " + (r.filter().trustedOnly() ? "trusted " : "")
                    + "entries match; nothing to brief" : "no entry fits in " + budget + " bytes");
        } else {
            app.out.print(brief.context());
        }
        return ExitCode.OK.code;
    }

    private static Map<String, Object> meta(Brief b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("entry_count", b.included().size());
        m.put("included_ids", b.included());
        m.put("truncated", !b.truncated().isEmpty());
        m.put("truncated_ids", b.truncated());
        m.put("omitted", b.omitted().size());
        m.put("omitted_ids", b.omitted());
        m.put("bytes", b.bytes());
        m.put("budget_bytes", b.budgetBytes());
        m.put("per_entry_cap", b.perEntryCap());
        m.put("flagged", b.flagged());
        return m;
    }
}
