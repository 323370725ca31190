package dev.recall.cli;

import dev.recall.search.PassageSearchRequest;
import dev.recall.search.PassageSearchResult;
import dev.recall.search.SearchMode;
import dev.recall.store.SessionFilter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "search", description = {
        "Search the session archive itself: passages of past conversations (lexical by default; vector and hybrid",
        "need `recall embeddings build --store sessions`). `recall query --store sessions` is the same search."})
final class SearchCommand implements Callable<Integer> {
    private final App app;

    SearchCommand(App app) {
        this.app = app;
    }

    @Parameters(paramLabel = "TEXT", arity = "1..*", description = "What to look for, in plain words.")
    List<String> words;

    @Option(names = "--mode", defaultValue = "lexical", description = "lexical (default), vector or hybrid.")
    String mode;

    @Mixin
    SessionFilterOptions filters;

    @Option(names = "--limit", defaultValue = "10", description = "Results per page (default ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--cursor", description = "Continue from a previous page's next_cursor.")
    String cursor;

    @Option(names = "--window", description = "Candidates per leg before fusion and filters (default 200).")
    Integer window;

    @Option(names = "--rrf-k", description = "RRF's k (default 60).")
    Integer rrfK;

    @Option(names = "--scores", description = "Show every component of each score.")
    boolean scores;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        return run(app, String.join(" ", words), mode, filters.toFilter(app, false), limit, cursor, window, rrfK,
                scores, json);
    }

    /** The search itself, shared with `recall query --store sessions`. */
    static int run(App app, String text, String mode, SessionFilter filter, int limit, String cursor, Integer window,
            Integer rrfK, boolean scores, boolean json) {
        SearchMode m;
        try {
            m = SearchMode.parse(mode);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
        var config = app.config();
        PassageSearchRequest request = new PassageSearchRequest(text, m, filter, limit, cursor,
                window != null ? window : config.window(), rrfK != null ? rrfK : config.rrfK(),
                config.weights().k1(), config.weights().b(), scores || json);
        PassageSearchResult result = app.service().archive().search(request);
        result.notices().forEach(app::notice);
        if (json) {
            app.printJson(PassageView.json(text, result));
        } else {
            PassageView.print(app.out, result, scores);
        }
        return ExitCode.OK.code;
    }
}
