package dev.recall.cli;

import dev.recall.index.VectorBuilder;
import dev.recall.server.Views;
import dev.recall.service.EmbeddingService;
import dev.recall.store.Times;
import dev.recall.store.VectorGeneration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "embeddings", description = "Vector generations: build, list, activate, retire, status.",
        subcommands = {EmbeddingsCommand.Build.class, EmbeddingsCommand.ListGenerations.class,
            EmbeddingsCommand.Activate.class, EmbeddingsCommand.Retire.class, EmbeddingsCommand.Status.class})
final class EmbeddingsCommand {

    /** After a change of the corpus the service embedded the new entries (config.toml asked for it): say so. */
    static void autoEmbedded(App app, VectorBuilder.Report built) {
        if (built != null) {
            app.notice("embedded " + built.embedded() + " new entries (generation " + built.generation().id()
                    + ", corpus revision " + built.corpusRevision() + ")");
        }
    }

    @Command(name = "build", description = "Embed the entries that changed since the last build (or all, with --full-rebuild).")
    static final class Build implements Callable<Integer> {
        private final App app;

        Build(App app) {
            this.app = app;
        }

        @Option(names = "--store", defaultValue = "recall", description = "Which store (recall).")
        String store;

        @Option(names = "--full-rebuild", description = "Embed everything into a new generation.")
        boolean full;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            var r = app.service().embeddings().build(new EmbeddingService.BuildRequest(store, full),
                    new ConsoleProgress(app.err, output.json()));
            if (output.json()) {
                app.printJson(Views.build(r));
            } else {
                if (r.repaired() != null) {
                    app.out.println("rebuilt in full: " + r.repaired().replaceFirst("; run `.*$", ""));
                }
                app.out.printf("generation %d (%s, %s) active at corpus revision %d: %d embedded, %d reused, %d removed"
                        + " in %.1f s%s%n", r.generation().id(), r.generation().model(), r.full() ? "full build" : "incremental",
                        r.corpusRevision(), r.embedded(), r.reused(), r.deleted(), r.elapsed().toMillis() / 1000.0,
                        r.resumed() ? " (resumed an interrupted build)" : "");
            }
            return ExitCode.OK.code;
        }
    }

    @Command(name = "list", description = "List vector generations.")
    static final class ListGenerations implements Callable<Integer> {
        private final App app;

        ListGenerations(App app) {
            this.app = app;
        }

        @Option(names = "--store", defaultValue = "recall")
        String store;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            var generations = app.service().embeddings().list(store);
            long current = generations.currentCorpusRevision();
            var list = generations.generations();
            if (output.json()) {
                app.printJson(Map.of("generations", list.stream().map(g -> Views.generation(g, current)).toList(),
                        "current_corpus_revision", current));
                return ExitCode.OK.code;
            }
            if (list.isEmpty()) {
                app.out.println("no vector generations for store " + store + "; run `recall embeddings build --store " + store + "`");
            } else {
                Table t = new Table(">id", "state", "model", ">dims", ">vectors", "revision", "fingerprint", "created",
                        "activated");
                for (VectorGeneration g : list) {
                    String revision = g.completedCorpusRevision() == null ? "unfinished"
                            : g.completedCorpusRevision() + (g.completedCorpusRevision() == current ? " (fresh)"
                                    : " (stale)");
                    t.row(g.id(), g.state().label(), g.model(), g.dimensions(), g.vectorCount(), revision,
                            g.shortFingerprint(), Dates.minute(g.createdAt()), Dates.minute(g.activatedAt()));
                }
                t.print(app.out, "");
            }
            app.out.println("current corpus revision: " + current + "; template v" + generations.templateVersion());
            return ExitCode.OK.code;
        }
    }

    /** A state change of one generation: the options and the printing both subcommands share. */
    abstract static class GenerationChange implements Callable<Integer> {
        private final App app;

        GenerationChange(App app) {
            this.app = app;
        }

        @Option(names = "--store", defaultValue = "recall")
        String store;

        @Parameters(paramLabel = "ID")
        long id;

        @Mixin
        OutputFormat output;

        abstract EmbeddingService.GenerationChange change(EmbeddingService embeddings, String store, long generationId);

        App app() {
            return app;
        }

        @Override
        public Integer call() {
            var changed = change(app.service().embeddings(), store, id);
            VectorGeneration g = changed.generation();
            if (output.json()) {
                app.printJson(Views.generation(g, changed.currentCorpusRevision()));
            } else {
                app.out.println("generation " + g.id() + " (" + g.model() + ") is " + g.state().label());
            }
            return ExitCode.OK.code;
        }
    }

    @Command(name = "activate", description = "Make a completed generation the active one.")
    static final class Activate extends GenerationChange {
        Activate(App app) {
            super(app);
        }

        @Override
        EmbeddingService.GenerationChange change(EmbeddingService embeddings, String store, long generationId) {
            return embeddings.activate(store, generationId);
        }
    }

    @Command(name = "retire", description = "Retire a generation; vector queries then need another build.")
    static final class Retire extends GenerationChange {
        Retire(App app) {
            super(app);
        }

        @Override
        EmbeddingService.GenerationChange change(EmbeddingService embeddings, String store, long generationId) {
            return embeddings.retire(store, generationId);
        }
    }

    @Command(name = "status", description = "Whether vector and hybrid queries would be answered now (loads the model).")
    static final class Status implements Callable<Integer> {
        private final App app;

        Status(App app) {
            this.app = app;
        }

        @Option(names = "--store", defaultValue = "recall", description = "Which store (recall).")
        String store;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            EmbeddingService.Status s = app.service().embeddings().status(store);
            var v = s.verdict();
            if (output.json()) {
                app.printJson(Views.embeddingsStatus(s));
            } else {
                app.out.println((v.fresh() ? "fresh: " : "not answering vector queries: ") + v.message()
                        + (v.fresh() ? "" : "; run `recall embeddings build --store " + s.store() + "`"));
            }
            return v.fresh() ? ExitCode.OK.code : ExitCode.STALE.code;
        }
    }
}
