package dev.recall.cli;

import dev.recall.index.VectorBuilder;
import dev.recall.service.EmbeddingService;
import dev.recall.store.Times;
import dev.recall.store.VectorGeneration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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

    static Map<String, Object> json(VectorGeneration g, long currentRevision) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", g.id());
        m.put("store", g.store());
        m.put("state", g.state().label());
        m.put("model", g.model());
        m.put("dimensions", g.dimensions());
        m.put("fingerprint", g.fingerprint());
        m.put("completed_corpus_revision", g.completedCorpusRevision());
        m.put("current_corpus_revision", currentRevision);
        m.put("fresh", g.completedCorpusRevision() != null && g.completedCorpusRevision() == currentRevision);
        m.put("index_path", g.indexPath().toString());
        m.put("created_at", Times.format(g.createdAt()));
        m.put("activated_at", Times.format(g.activatedAt()));
        m.put("retired_at", Times.format(g.retiredAt()));
        return m;
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

        @Option(names = "--json", description = "Print JSON.")
        boolean json;

        @Override
        public Integer call() {
            var r = app.service().embeddings().build(new EmbeddingService.BuildRequest(store, full),
                    new ConsoleProgress(app.err, json));
            if (json) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("generation", EmbeddingsCommand.json(r.generation(), r.corpusRevision()));
                m.put("full", r.full());
                m.put("resumed", r.resumed());
                m.put("embedded", r.embedded());
                m.put("reused", r.reused());
                m.put("deleted", r.deleted());
                m.put("corpus_revision", r.corpusRevision());
                m.put("seconds", r.elapsed().toMillis() / 1000.0);
                app.printJson(m);
            } else {
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

        @Option(names = "--json")
        boolean json;

        @Override
        public Integer call() {
            var generations = app.service().embeddings().list(store);
            long current = generations.currentCorpusRevision();
            var list = generations.generations();
            if (json) {
                app.printJson(Map.of("generations", list.stream().map(g -> EmbeddingsCommand.json(g, current)).toList(),
                        "current_corpus_revision", current));
                return ExitCode.OK.code;
            }
            if (list.isEmpty()) {
                app.out.println("no vector generations for store " + store + "; run `recall embeddings build --store " + store + "`");
            }
            for (VectorGeneration g : list) {
                String fresh = g.completedCorpusRevision() == null ? "unfinished"
                        : g.completedCorpusRevision() == current ? "fresh" : "stale (stamped " + g.completedCorpusRevision() + ")";
                app.out.printf("%3d  %-8s  %-22s %s  %s%n", g.id(), g.state().label(), g.model(), g.shortFingerprint(),
                        g.state().label().equals("active") ? fresh : "");
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

        @Option(names = "--json", description = "Print JSON.")
        boolean json;

        abstract EmbeddingService.GenerationChange change(EmbeddingService embeddings, String store, long generationId);

        @Override
        public Integer call() {
            var changed = change(app.service().embeddings(), store, id);
            VectorGeneration g = changed.generation();
            if (json) {
                app.printJson(EmbeddingsCommand.json(g, changed.currentCorpusRevision()));
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

        @Option(names = "--json", description = "Print JSON.")
        boolean json;

        @Override
        public Integer call() {
            EmbeddingService.Status s = app.service().embeddings().status(store);
            var v = s.verdict();
            if (json) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("store", s.store());
                m.put("fresh", v.fresh());
                m.put("verdict", v.kind().name().toLowerCase(java.util.Locale.ROOT));
                m.put("message", v.message());
                m.put("configured_fingerprint", s.configuredFingerprint());
                m.put("current_corpus_revision", v.currentRevision());
                m.put("active_generation", v.generation() == null ? null
                        : EmbeddingsCommand.json(v.generation(), v.currentRevision()));
                app.printJson(m);
            } else {
                app.out.println((v.fresh() ? "fresh: " : "not answering vector queries: ") + v.message()
                        + (v.fresh() ? "" : "; run `recall embeddings build --store " + s.store() + "`"));
            }
            return v.fresh() ? ExitCode.OK.code : ExitCode.STALE.code;
        }
    }
}
