package dev.recall.cli;

import dev.recall.search.PassageSearchRequest;
import dev.recall.service.ArchiveService;
import dev.recall.service.Recording;
import dev.recall.search.PassageSearchResult;
import dev.recall.store.SessionFilter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    @Mixin
    SearchOptions search;

    @Mixin
    SessionFilterOptions filters;

    @Mixin
    LedgerRecording recording;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        return run(app, String.join(" ", words), search, filters.toFilter(app, false), recording.recording(app),
                output.json());
    }

    /** The search itself, shared with `recall query --store sessions`. */
    static int run(App app, String text, SearchOptions search, SessionFilter filter, Recording recording,
            boolean json) {
        var config = app.config();
        PassageSearchRequest request = new PassageSearchRequest(text, search.mode(), filter, search.limit,
                search.cursor, search.window != null ? search.window : config.window(),
                search.rrfK != null ? search.rrfK : config.rrfK(), config.weights().k1(), config.weights().b(),
                search.scores || json);
        ArchiveService.Answer answer = app.service().archive().search(request, recording);
        PassageSearchResult result = answer.result();
        result.notices().forEach(app::notice);
        if (json) {
            app.printJson(dev.recall.server.Views.passages(text, result, answer.queryId()));
        } else {
            PassageView.print(app.out, result, search.scores);
        }
        return ExitCode.OK.code;
    }
}
