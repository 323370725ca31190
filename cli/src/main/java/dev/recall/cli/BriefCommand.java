package dev.recall.cli;

import dev.recall.brief.Brief;
import dev.recall.brief.BriefPacker;
import dev.recall.index.BagOfWords;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.SearchHit;
import dev.recall.search.SearchMode;
import dev.recall.search.SearchRequest;
import dev.recall.search.SearchResult;
import dev.recall.store.Counters;
import dev.recall.store.Entries;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.RecallEntry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.lucene.analysis.Analyzer;
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
        if (budget < 1) {
            throw new CliException(ExitCode.USAGE, "--context-max-bytes must be positive");
        }
        EntryFilter filter = filters.toFilter(app, EntryStatus.ACCEPTED, true);
        String text = String.join(" ", task).strip();
        SearchResult result = text.isEmpty() ? newest(filter) : search(text, filter);
        result.notices().forEach(app::notice);
        Entries entries = new Entries(app.database());
        var evidence = entries.evidence(result.hits().stream().map(h -> h.entry().id()).toList());
        List<BriefPacker.Item> items = result.hits().stream()
                .map(h -> new BriefPacker.Item(h.entry(), evidence.getOrDefault(h.entry().id(), List.of()), h.score()))
                .toList();
        Brief brief = new BriefPacker().pack(items, terms(text), budget);
        brief.flagged().forEach((id, reasons) -> app.notice("entry " + id + " contains text that looks like "
                + String.join(", ", reasons) + "; it is framed as data in the brief"));
        String miss = result.hits().isEmpty() ? "no_results" : brief.included().isEmpty() ? "context_empty" : null;
        Long queryId = recording.record(app, "brief", text, result, filter, brief.included().size(),
                new HashSet<>(brief.included()), miss);
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("context", brief.context());
            m.put("context_meta", meta(brief));
            m.put("entries", result.hits().stream().map(h -> {
                Map<String, Object> e = EntryView.json(h.entry());
                e.put("rank", h.rank());
                e.put("score", h.score());
                e.put("packed", brief.included().contains(h.entry().id()));
                e.put("injection_flags", brief.flagged().getOrDefault(h.entry().id(), List.of()));
                return e;
            }).toList());
            m.put("query_id", queryId);
            m.put("miss_reason", miss);
            app.printJson(m);
        } else if (brief.context().isEmpty()) {
            app.notice(miss.equals("no_results") ? "no " + (filter.trustedOnly() ? "trusted " : "")
                    + "entries match; nothing to brief" : "no entry fits in " + budget + " bytes");
        } else {
            app.out.print(brief.context());
        }
        return ExitCode.OK.code;
    }

    private SearchResult search(String text, EntryFilter filter) {
        SearchMode m;
        try {
            m = SearchMode.parse(mode);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
        var config = app.config();
        return app.search().search(new SearchRequest(text, m, filter, limit, null, config.window(),
                dev.recall.search.FusionMethod.RRF, config.rrfK(), 0.5, false, config.weights(), false));
    }

    /** Without a task: the newest entries the filter allows, most confident first among equals. */
    private SearchResult newest(EntryFilter filter) {
        List<RecallEntry> list = new Entries(app.database()).list(filter, limit);
        List<SearchHit> hits = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            RecallEntry e = list.get(i);
            hits.add(new SearchHit(e, i + 1, e.confidence() == null ? 0 : e.confidence(), Map.of(), List.of()));
        }
        Counters c = new Counters(app.database());
        return new SearchResult(hits, SearchMode.LEXICAL, hits.size(), 0, false, 0, false, null, c.corpusRevision(),
                c.queryStateRevision(), null, List.of());
    }

    /**
     * The SessionStart brief: the project's newest trusted entries, those recorded on the current branch first.
     * Empty when the project has no trusted entries.
     */
    static String sessionStart(App app, java.nio.file.Path projectDir, int budgetBytes) {
        String project = FilterOptions.projectOf(projectDir);
        if (project == null) {
            return "";
        }
        String branch = FilterOptions.currentBranch(projectDir);
        Entries entries = new Entries(app.database());
        java.util.LinkedHashMap<String, RecallEntry> picked = new java.util.LinkedHashMap<>();
        if (branch != null) {
            entries.list(new EntryFilter(project, null, branch, null, null, null, null, null, true), 10)
                    .forEach(e -> picked.put(e.id(), e));
        }
        entries.list(new EntryFilter(project, null, null, null, null, null, null, null, true), 10)
                .forEach(e -> picked.putIfAbsent(e.id(), e));
        List<RecallEntry> trusted = picked.values().stream().limit(10).toList();
        var evidence = new Entries(app.database()).evidence(trusted.stream().map(RecallEntry::id).toList());
        List<BriefPacker.Item> items = trusted.stream()
                .map(e -> new BriefPacker.Item(e, evidence.getOrDefault(e.id(), List.of()), 0)).toList();
        return new BriefPacker().pack(items, List.of(), budgetBytes).context();
    }

    private static List<String> terms(String text) {
        try (Analyzer a = AnalyzerKind.ENGLISH.newQueryAnalyzer()) {
            return new ArrayList<>(BagOfWords.terms(a, text).keySet());
        }
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
