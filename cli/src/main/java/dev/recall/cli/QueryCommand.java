package dev.recall.cli;

import dev.recall.search.FusionMethod;
import dev.recall.search.SearchHit;
import dev.recall.search.SearchMode;
import dev.recall.search.SearchResult;
import dev.recall.service.SearchService;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "query", description = "Search the recall entries (lexical by default; vector and hybrid need built embeddings).")
final class QueryCommand implements Callable<Integer> {
    private final App app;

    QueryCommand(App app) {
        this.app = app;
    }

    @Parameters(paramLabel = "TEXT", arity = "1..*", description = "What to look for, in plain words.")
    List<String> words;

    @Option(names = "--mode", defaultValue = "lexical", description = "lexical (default), vector or hybrid.")
    String mode;

    @Option(names = "--store", defaultValue = "recall",
            description = "recall (entries, default) or sessions (passages of the archive: the same as `recall search`).")
    String store;

    @Mixin
    FilterOptions filters;

    @Option(names = "--limit", defaultValue = "10", description = "Results per page (default ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--cursor", description = "Continue from a previous page's next_cursor.")
    String cursor;

    @Option(names = "--window", description = "Candidates per leg before fusion and filters (default 200).")
    Integer window;

    @Option(names = "--fusion", description = "Hybrid fusion: adaptive (default: convex, the lexical leg weighted by "
            + "how much of the query its best hit holds), convex (fixed --convex-weight) or rrf.")
    String fusion;

    @Option(names = "--rrf-k", description = "RRF's k (default 60).")
    Integer rrfK;

    @Option(names = "--convex-weight", defaultValue = "0.5", description = "Convex fusion: the lexical leg's weight (0..1).")
    double convexWeight;

    @Option(names = "--syntax", defaultValue = "plain", description = "plain (default: words, never a syntax error) or lucene.")
    String syntax;

    @Option(names = "--k1", description = "BM25 k1 (default from config, else 1.2).")
    Float k1;

    @Option(names = "--b", description = "BM25 b (default from config, else 0.75).")
    Float b;

    @Option(names = "--scores", description = "Show every component of each score.")
    boolean scores;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Mixin
    LedgerRecording recording;

    @Override
    public Integer call() {
        if (store.equals("sessions")) {
            return SearchCommand.run(app, String.join(" ", words), mode, filters.toSessionFilter(app), limit, cursor,
                    window, rrfK, scores, json);
        }
        if (!store.equals("recall")) {
            throw new CliException(ExitCode.USAGE, "--store must be recall or sessions, not '" + store + "'");
        }
        SearchService.QueryResult r = app.service().search().query(request());
        SearchResult result = r.result();
        result.notices().forEach(app::notice);
        if (json) {
            Map<String, Object> m = QueryCommand.json(String.join(" ", words), result);
            m.put("query_id", r.queryId());
            app.printJson(m);
        } else {
            print(result);
        }
        return ExitCode.OK.code;
    }

    SearchService.QueryRequest request() {
        if (!syntax.equals("plain") && !syntax.equals("lucene")) {
            throw new CliException(ExitCode.USAGE, "--syntax must be plain or lucene, not '" + syntax + "'");
        }
        SearchMode m;
        FusionMethod f;
        try {
            m = SearchMode.parse(mode);
            f = fusion == null ? null : FusionMethod.parse(fusion);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
        return SearchService.QueryRequest.builder(String.join(" ", words)).mode(m).filters(filters.toFilters(app))
                .limit(limit).cursor(cursor).window(window).fusion(f).rrfK(rrfK).convexWeight(convexWeight)
                .luceneSyntax(syntax.equals("lucene")).k1(k1).b(b).explain(scores || json)
                .recording(recording.recording()).build();
    }

    static Map<String, Object> json(String query, SearchResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("query", query);
        m.put("mode", r.mode().label());
        m.put("entries", r.hits().stream().map(h -> {
            Map<String, Object> e = EntryView.json(h.entry());
            e.put("rank", h.rank());
            e.put("score", h.score());
            e.put("score_breakdown", h.breakdown());
            e.put("matched_terms", h.matchedTerms());
            return e;
        }).toList());
        m.put("count", r.hits().size());
        m.put("candidates", r.candidates());
        m.put("filtered_out", r.filteredOut());
        m.put("window_exhausted", r.windowExhausted());
        m.put("window", r.window());
        m.put("window_widened", r.windowWidened());
        m.put("next_cursor", r.nextCursor());
        m.put("corpus_revision", r.corpusRevision());
        m.put("query_state_revision", r.queryStateRevision());
        m.put("vector_generation", r.vectorGeneration());
        m.put("notices", r.notices());
        return m;
    }

    private void print(SearchResult r) {
        if (r.hits().isEmpty()) {
            app.out.println("no results" + (r.filteredOut() > 0 ? " (filters removed " + r.filteredOut() + ")" : ""));
        }
        for (SearchHit h : r.hits()) {
            app.out.printf("%2d. %s%n", h.rank(), EntryView.line(h.entry()).strip());
            if (scores) {
                StringBuilder line = new StringBuilder("    score " + fmt(h.score()) + " =");
                h.breakdown().forEach((k, v) -> {
                    if (v != 0 || k.startsWith("bm25") || k.endsWith("rank")) {
                        line.append(' ').append(k).append(' ').append(fmt(v));
                    }
                });
                app.out.println(line);
                if (!h.matchedTerms().isEmpty()) {
                    app.out.println("    matched: " + String.join(", ", h.matchedTerms()));
                }
            }
        }
        if (r.nextCursor() != null) {
            app.out.println("more: --cursor " + r.nextCursor());
        }
        if (scores) {
            app.out.printf("(%s; %d candidates, %d removed by filters%s%s; corpus revision %d)%n", r.mode().label(),
                    r.candidates(), r.filteredOut(), r.windowExhausted() ? ", window exhausted" : "",
                    r.windowWidened() ? ", window widened to " + r.window() : "", r.corpusRevision());
        }
    }

    static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e6 ? Long.toString((long) v) : String.format("%.4f", v);
    }
}
