package dev.recall.cli;

import dev.recall.freshness.VectorGeneration;
import dev.recall.freshness.VectorGenerations;
import dev.recall.index.EmbeddingText;
import dev.recall.index.PassageCutter;
import dev.recall.index.PassageVectors;
import dev.recall.index.VectorBuilder;
import dev.recall.store.Counters;
import dev.recall.store.Times;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "embeddings", description = "Vector generations: build, list, activate, retire.",
        subcommands = {EmbeddingsCommand.Build.class, EmbeddingsCommand.ListGenerations.class,
            EmbeddingsCommand.Activate.class, EmbeddingsCommand.Retire.class})
final class EmbeddingsCommand {

    static String store(String store) {
        if (!store.equals(VectorGenerations.RECALL) && !store.equals(VectorGenerations.SESSIONS)) {
            throw new CliException(ExitCode.USAGE, "unknown store '" + store + "' (recall or sessions)");
        }
        return store;
    }

    /** The revision a store's generations are stamped with: the entries' corpus, or the session archive's. */
    static long currentRevision(App app, String store) {
        Counters counters = new Counters(app.database());
        return store.equals(VectorGenerations.SESSIONS) ? counters.archiveRevision() : counters.corpusRevision();
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

        @Option(names = "--store", defaultValue = "recall", description = "Which store: recall (entries, default) or sessions (passages of the archive).")
        String store;

        @Option(names = "--full-rebuild", description = "Embed everything into a new generation.")
        boolean full;

        @Option(names = "--json", description = "Print JSON.")
        boolean json;

        @Override
        public Integer call() {
            store(store);
            var r = build(app, store, full, json);
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
                app.out.printf("generation %d (%s, %s, store %s) active at %s revision %d: %d embedded, %d reused,"
                        + " %d removed in %.1f s%s%n", r.generation().id(), r.generation().model(),
                        r.full() ? "full build" : "incremental", store,
                        store.equals(VectorGenerations.SESSIONS) ? "archive" : "corpus",
                        r.corpusRevision(), r.embedded(), r.reused(), r.deleted(), r.elapsed().toMillis() / 1000.0,
                        r.resumed() ? " (resumed an interrupted build)" : "");
            }
            return ExitCode.OK.code;
        }

        static VectorBuilder.Report build(App app, boolean full, boolean quiet) {
            return build(app, VectorGenerations.RECALL, full, quiet);
        }

        static VectorBuilder.Report build(App app, String store, boolean full, boolean quiet) {
            var config = app.config();
            VectorBuilder builder = store.equals(VectorGenerations.SESSIONS)
                    ? new VectorBuilder(app.database(), new PassageVectors(app.database()), app.embedder(),
                            app.vectorsDir(), config.encoding(), config.embeddings().batchSize(),
                            VectorBuilder.DEFAULT_COMMIT_EVERY)
                    : new VectorBuilder(app.database(), app.embedder(), app.vectorsDir(), config.encoding(),
                            config.embeddings().batchSize());
            return builder.build(full, new ConsoleProgress(app.err, quiet));
        }

        /**
         * After the archive grew: embeds the new passages when, and only when, config.toml consents with
         * {@code [vector.embed] sessions = true} (it sends transcript text to the configured embedder), and only
         * into an existing generation; the first build is the user's explicit command.
         */
        static void autoEmbedSessions(App app, boolean quiet) {
            if (!app.config().autoEmbedSessions()) {
                return;
            }
            if (new VectorGenerations(app.database()).active(VectorGenerations.SESSIONS).isEmpty()) {
                app.notice("[vector.embed] sessions = true, but there are no session vectors yet; the first build is"
                        + " explicit: recall embeddings build --store sessions");
                return;
            }
            var built = build(app, VectorGenerations.SESSIONS, false, quiet);
            app.notice("embedded " + built.embedded() + " session passages (generation " + built.generation().id()
                    + ", archive revision " + built.corpusRevision() + ")");
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
            store(store);
            long current = currentRevision(app, store);
            var list = new VectorGenerations(app.database()).list(store);
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
            app.out.println(store.equals(VectorGenerations.SESSIONS)
                    ? "current archive revision: " + current + "; passage cut v" + PassageCutter.VERSION
                    : "current corpus revision: " + current + "; template v" + EmbeddingText.TEMPLATE_VERSION);
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

        abstract VectorGeneration change(VectorGenerations generations, long generationId);

        @Override
        public Integer call() {
            store(store);
            VectorGeneration g = change(new VectorGenerations(app.database()), id);
            if (json) {
                app.printJson(EmbeddingsCommand.json(g, currentRevision(app, store)));
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
        VectorGeneration change(VectorGenerations generations, long generationId) {
            return generations.activate(generationId);
        }
    }

    @Command(name = "retire", description = "Retire a generation; vector queries then need another build.")
    static final class Retire extends GenerationChange {
        Retire(App app) {
            super(app);
        }

        @Override
        VectorGeneration change(VectorGenerations generations, long generationId) {
            return generations.retire(generationId);
        }
    }
}
