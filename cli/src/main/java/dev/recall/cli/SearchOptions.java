package dev.recall.cli;

import dev.recall.search.SearchMode;
import picocli.CommandLine.Option;

/** The options every ranked search takes: `recall query` over entries and `recall search` over passages. */
final class SearchOptions {
    @Option(names = "--mode", defaultValue = "lexical", description = "lexical (default), vector or hybrid.")
    String mode;

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

    SearchMode mode() {
        return SearchMode.parse(mode);
    }
}
