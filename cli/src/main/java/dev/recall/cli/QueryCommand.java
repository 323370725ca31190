package dev.recall.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.brief.Brief;
import dev.recall.brief.BriefPacker;
import dev.recall.search.FusionMethod;
import dev.recall.search.SearchHit;
import dev.recall.search.SearchResult;
import dev.recall.search.Snippet;
import dev.recall.server.ApiRequests;
import dev.recall.server.ViewReader;
import dev.recall.server.Views;
import dev.recall.service.SearchService;
import dev.recall.store.EntryStats;
import dev.recall.store.Evidence;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    @Mixin
    SearchOptions search;

    @Option(names = "--store", defaultValue = "recall",
            description = "recall (entries, default) or sessions (passages of the archive: the same as `recall search`).")
    String store;

    @Mixin
    FilterOptions filters;

    @Option(names = "--fusion", description = "Hybrid fusion: adaptive (default: convex, the lexical leg weighted by "
            + "how much of the query its best hit holds), convex (fixed --convex-weight) or rrf.")
    String fusion;

    @Option(names = "--convex-weight", defaultValue = "0.5", description = "Convex fusion: the lexical leg's weight (0..1).")
    double convexWeight;

    @Option(names = "--syntax", defaultValue = "plain", description = "plain (default: words, never a syntax error) or lucene.")
    String syntax;

    @Option(names = "--k1", description = "BM25 k1 (default from config, else 1.2).")
    Float k1;

    @Option(names = "--b", description = "BM25 b (default from config, else 0.75).")
    Float b;

    @Option(names = "--evidence", description = "Also show each hit's evidence anchors.")
    boolean evidence;

    @Option(names = "--summary", description = "Also count the hits by type, scope, project, extractor, source, ...")
    boolean summary;

    @Option(names = "--context", description = "Also pack the hits into a context block, as `recall brief` does"
            + " (any trust the filters allow).")
    boolean context;

    @Option(names = "--context-max-bytes", paramLabel = "BYTES", description = "The context block's budget in UTF-8"
            + " bytes (default " + BriefPacker.DEFAULT_BUDGET + "; implies --context).")
    Integer contextMaxBytes;

    @Mixin
    LedgerRecording recording;

    @Mixin
    OutputFormat output;

    /** What a query answered, in-process or from the daemon. */
    private record Answer(SearchResult result, Map<String, List<Evidence>> evidence, EntryStats summary,
            Brief context, Map<String, Snippet> snippets, Map<String, List<String>> matched) {}

    @Override
    public Integer call() {
        if (store.equals("sessions")) {
            if (evidence || summary || context || contextMaxBytes != null) {
                throw new CliException(ExitCode.USAGE, "--evidence, --summary and --context are about entries, not"
                        + " the passages of --store sessions");
            }
            return SearchCommand.run(app, String.join(" ", words), search, filters.toSessionFilter(app),
                    recording.recording(app), output.json());
        }
        if (!store.equals("recall")) {
            throw new CliException(ExitCode.USAGE, "--store must be recall or sessions, not '" + store + "'");
        }
        SearchService.QueryRequest q = request();
        // answered by the daemon when one serves the data dir (strict recording needs the in-process ledger write)
        Optional<Remote> remote = q.recording().strict() ? Optional.empty() : app.remote();
        Optional<String> answer = remote.flatMap(d -> d.post("/api/v1/recall/query", ApiRequests.query(q)));
        if (answer.isPresent()) {
            JsonNode v = remote.get().parse(answer.get());
            SearchResult result = ViewReader.searchResult(v);
            result.notices().forEach(app::notice);
            if (output.json()) {
                app.out.println(answer.get());
                app.out.flush();
            } else {
                print(new Answer(result, ViewReader.evidenceByEntry(v), ViewReader.summary(v), ViewReader.context(v),
                        ViewReader.snippets(v), ViewReader.matchedWords(v)));
            }
            return ExitCode.OK.code;
        }
        SearchService.QueryResult r = app.service().search().query(q);
        r.result().notices().forEach(app::notice);
        if (output.json()) {
            app.printJson(Views.query(q.text(), r));
        } else {
            print(new Answer(r.result(), r.evidence(), r.summary(), r.context(), r.snippets(), r.matched()));
        }
        return ExitCode.OK.code;
    }

    SearchService.QueryRequest request() {
        if (!syntax.equals("plain") && !syntax.equals("lucene")) {
            throw new CliException(ExitCode.USAGE, "--syntax must be plain or lucene, not '" + syntax + "'");
        }
        FusionMethod f = fusion == null ? null : FusionMethod.parse(fusion);
        Integer budget = contextMaxBytes != null ? contextMaxBytes : context ? BriefPacker.DEFAULT_BUDGET : null;
        return SearchService.QueryRequest.builder(String.join(" ", words)).mode(search.mode())
                .filters(filters.toFilters(app)).limit(search.limit).cursor(search.cursor).window(search.window)
                .fusion(f).rrfK(search.rrfK).convexWeight(convexWeight).luceneSyntax(syntax.equals("lucene"))
                .k1(k1).b(b).explain(search.scores || output.json()).recording(recording.recording(app))
                .evidence(evidence).summary(summary).contextMaxBytes(budget).build();
    }

    private void print(Answer a) {
        SearchResult r = a.result();
        if (r.hits().isEmpty()) {
            app.out.println("no results" + (r.filteredOut() > 0 ? " (filters removed " + r.filteredOut() + ")" : ""));
        }
        boolean highlight = Terminal.colours(app.terminal(), app.env());
        for (SearchHit h : r.hits()) {
            app.out.printf("%2d. %s%n", h.rank(), EntryView.line(h.entry()).strip());
            Snippet snippet = a.snippets() == null ? null : a.snippets().get(h.entry().id());
            if (snippet != null) {
                app.out.flush(); // the snippet is escaped already and may carry highlighting: written as is
                SnippetView.lines(snippet, "    ", highlight).forEach(app.rawOut::println);
                app.rawOut.flush();
            }
            if (search.scores) {
                ScoreView.lines(h, r.mode()).forEach(l -> app.out.println("    " + l));
                List<String> words = a.matched() == null ? List.of() : a.matched().getOrDefault(h.entry().id(), List.of());
                if (!words.isEmpty()) {
                    app.out.println("    matched: " + String.join(", ", words));
                }
            }
            if (evidence && a.evidence() != null) {
                EntryView.evidence(app.out, a.evidence().getOrDefault(h.entry().id(), List.of()), "    ");
            }
        }
        if (r.nextCursor() != null) {
            app.out.println("more: --cursor " + r.nextCursor());
        }
        if (search.scores) {
            app.out.printf("(%s; %d candidates, %d removed by filters%s%s; corpus revision %d)%n", r.mode().label(),
                    r.candidates(), r.filteredOut(), r.windowExhausted() ? ", window exhausted" : "",
                    r.windowWidened() ? ", window widened to " + r.window() : "", r.corpusRevision());
        }
        if (a.summary() != null) {
            app.out.println();
            SummaryView.print(app.out, "summary", a.summary());
        }
        if (a.context() != null) {
            app.out.println();
            Brief c = a.context();
            if (c.context().isEmpty()) {
                app.out.println(r.hits().isEmpty() ? "(no context: nothing matched)"
                        : "(no context: no hit fits in " + c.budgetBytes() + " bytes)");
            } else {
                app.out.print(c.context());
                app.out.printf("(context: %d of %d hits packed in %d of %d bytes%s)%n", c.included().size(),
                        r.hits().size(), c.bytes(), c.budgetBytes(),
                        c.omitted().isEmpty() ? "" : "; omitted " + String.join(", ", c.omitted()));
            }
        }
    }

}
