package dev.recall.cli;

import dev.recall.store.VectorGenerations;
import dev.recall.service.EmbeddingService;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "index", description = "The derived search indexes.", subcommands = {IndexCommand.Rebuild.class})
final class IndexCommand {

    @Command(name = "rebuild", description = "Regenerate the lexical index from the store (and the vectors, with --vectors).")
    static final class Rebuild implements Callable<Integer> {
        private final App app;

        Rebuild(App app) {
            this.app = app;
        }

        @Mixin
        OutputFormat output;

        @Option(names = "--vectors", description = "Also rebuild the recall store's vectors in full (a new generation).")
        boolean vectors;

        @Override
        public Integer call() {
            var rebuilt = app.service().index().rebuild();
            var r = rebuilt.report();
            double seconds = rebuilt.elapsed().toNanos() / 1e9;
            var v = vectors ? app.service().embeddings().build(new EmbeddingService.BuildRequest(
                    VectorGenerations.RECALL, true), new ConsoleProgress(app.err, output.json())) : null;
            if (output.json()) {
                Map<String, Object> m = new java.util.LinkedHashMap<>();
                m.put("entries", r.updated());
                m.put("query_state_revision", r.toRevision());
                m.put("seconds", seconds);
                m.put("path", rebuilt.path().toString());
                m.put("restamped_entries", rebuilt.restamped());
                if (v != null) {
                    m.put("vector_generation", v.generation().id());
                    m.put("vectors_embedded", v.embedded());
                    m.put("vectors_corpus_revision", v.corpusRevision());
                }
                app.printJson(m);
            } else {
                app.out.printf("lexical index rebuilt: %d entries at query-state revision %d in %.2f s (%s)%n",
                        r.updated(), r.toRevision(), seconds, rebuilt.path());
                if (rebuilt.restamped() > 0) {
                    app.out.printf("recorded the text of %d entr%s changed outside recall as intended%s%n",
                            rebuilt.restamped(), rebuilt.restamped() == 1 ? "y" : "ies",
                            v == null ? "; their vectors are stale until `recall embeddings build`" : "");
                }
                if (v != null) {
                    app.out.printf("vectors rebuilt: generation %d active at corpus revision %d, %d embedded in %.1f s%n",
                            v.generation().id(), v.corpusRevision(), v.embedded(), v.elapsed().toMillis() / 1000.0);
                }
            }
            return ExitCode.OK.code;
        }
    }
}
