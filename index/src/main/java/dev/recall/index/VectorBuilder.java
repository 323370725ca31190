package dev.recall.index;

import dev.recall.embeddings.Embedder;
import dev.recall.store.Counters;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.EntryStatus;
import dev.recall.store.GenerationState;
import dev.recall.store.RecallEntry;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds the vectors of the recall store for the configured embedder.
 *
 * <p>An incremental build embeds only the entries the change journal lists since the active generation's stamp,
 * in place and in one commit: killed midway, the active index keeps its last commit. A full build (first build,
 * a new model, or {@code --full-rebuild}) goes into a new generation in state building, committing as it goes;
 * killed midway, the active generation is untouched and the next build resumes, skipping vectors whose text
 * digest is already stored. The corpus revision read before the build starts is the stamp: anything that changes
 * during the build is picked up by the next one, and queries refuse until then.
 */
public final class VectorBuilder {
    public static final int DEFAULT_COMMIT_EVERY = 512;

    /** Receives progress; the CLI draws a bar from it. */
    public interface Progress {
        void start(String phase, long total);

        void advance(long done);

        void finish();

        Progress NONE = new Progress() {
            @Override
            public void start(String phase, long total) {}

            @Override
            public void advance(long done) {}

            @Override
            public void finish() {}
        };
    }

    /** What a build did. */
    public record Report(VectorGeneration generation, boolean full, boolean resumed, int embedded, int reused,
            int deleted, long corpusRevision, Duration elapsed) {}

    private final Database db;
    private final Embedder embedder;
    private final Path vectorsDir;
    private final VectorEncoding encoding;
    private final int batchSize;
    private final int commitEvery;

    public VectorBuilder(Database db, Embedder embedder, Path vectorsDir, VectorEncoding encoding, int batchSize) {
        this(db, embedder, vectorsDir, encoding, batchSize, DEFAULT_COMMIT_EVERY);
    }

    /** @param commitEvery how many vectors a full build embeds between commits (what a killed build keeps) */
    public VectorBuilder(Database db, Embedder embedder, Path vectorsDir, VectorEncoding encoding, int batchSize,
            int commitEvery) {
        this.db = db;
        this.embedder = embedder;
        this.vectorsDir = vectorsDir;
        this.encoding = encoding;
        this.batchSize = batchSize;
        this.commitEvery = commitEvery;
    }

    public String fingerprint() {
        return embedder.identity().fingerprint(EmbeddingText.TEMPLATE_VERSION);
    }

    public Report build(boolean fullRebuild, Progress progress) {
        long started = System.nanoTime();
        VectorGenerations generations = new VectorGenerations(db);
        Counters counters = new Counters(db);
        long revision = counters.corpusRevision();
        String fingerprint = fingerprint();
        Optional<VectorGeneration> active = generations.active(VectorGenerations.RECALL)
                .filter(g -> g.fingerprint().equals(fingerprint) && g.completedCorpusRevision() != null);
        Optional<VectorGeneration> building = generations.building(VectorGenerations.RECALL, fingerprint);
        // An interrupted full build is finished before anything else: it is what the user last asked for.
        if (active.isPresent() && !fullRebuild && building.isEmpty()) {
            return incremental(generations, counters, active.get(), revision, progress, started);
        }
        boolean resumed = building.isPresent() && !fullRebuild;
        if (fullRebuild && building.isPresent()) {
            generations.retire(building.get().id());
        }
        VectorGeneration target = resumed ? building.get()
                : generations.startBuilding(VectorGenerations.RECALL, fingerprint,
                        embedder.identity().modelId(), embedder.dimensions(), vectorsDir);
        List<RecallEntry> accepted = acceptedEntries();
        int[] counts;
        try (VectorIndex index = VectorIndex.open(target.indexPath());
                VectorIndex.Writer writer = index.writer(encoding)) {
            Map<String, String> have = index.digests();
            Set<String> keep = new HashSet<>();
            accepted.forEach(e -> keep.add(e.id()));
            int deleted = 0;
            for (String id : have.keySet()) {
                if (!keep.contains(id)) {
                    writer.delete(id);
                    deleted++;
                }
            }
            counts = embed(writer, accepted, have, revision, fingerprint, progress, true);
            writer.commit(commitData(revision, fingerprint));
            // Committing every few hundred vectors leaves dozens of segments, and a query searches each segment's
            // graph: at 100k entries one merged graph answered about 5x faster (docs/benchmarks.md, issue 5).
            writer.forceMerge(1);
            writer.commit(commitData(revision, fingerprint));
            counts = new int[] {counts[0], counts[1], deleted};
        }
        VectorGeneration done = generations.complete(target.id(), revision);
        return new Report(done, true, resumed, counts[0], counts[1], counts[2], revision,
                Duration.ofNanos(System.nanoTime() - started));
    }

    private Report incremental(VectorGenerations generations, Counters counters, VectorGeneration active,
            long revision, Progress progress, long started) {
        Map<String, Long> changed = counters.embeddingChangesSince(active.completedCorpusRevision());
        Map<String, RecallEntry> current = new Entries(db).getAll(changed.keySet());
        List<RecallEntry> upserts = new ArrayList<>();
        List<String> deletes = new ArrayList<>();
        for (String id : changed.keySet()) {
            RecallEntry e = current.get(id);
            if (e != null && e.status() == EntryStatus.ACCEPTED) {
                upserts.add(e);
            } else {
                deletes.add(id);
            }
        }
        int[] counts;
        try (VectorIndex index = VectorIndex.open(active.indexPath());
                VectorIndex.Writer writer = index.writer(encoding)) {
            deletes.forEach(writer::delete);
            counts = embed(writer, upserts, Map.of(), revision, active.fingerprint(), progress, false);
            writer.commit(commitData(revision, active.fingerprint()));
        }
        VectorGeneration done = generations.complete(active.id(), revision);
        return new Report(done, false, false, counts[0], counts[1], deletes.size(), revision,
                Duration.ofNanos(System.nanoTime() - started));
    }

    private int[] embed(VectorIndex.Writer writer, List<RecallEntry> entries, Map<String, String> have,
            long revision, String fingerprint, Progress progress, boolean commitAsWeGo) {
        progress.start("embedding", entries.size());
        int embedded = 0;
        int reused = 0;
        int sinceCommit = 0;
        long done = 0;
        List<RecallEntry> batch = new ArrayList<>(batchSize);
        List<String> texts = new ArrayList<>(batchSize);
        for (int i = 0; i < entries.size(); i++) {
            RecallEntry e = entries.get(i);
            String text = EmbeddingText.of(e);
            if (EmbeddingText.digest(text).equals(have.get(e.id()))) {
                reused++;
                progress.advance(++done);
            } else {
                batch.add(e);
                texts.add(text);
            }
            if (batch.size() == batchSize || (i == entries.size() - 1 && !batch.isEmpty())) {
                List<float[]> vectors = embedder.embedDocuments(texts);
                for (int j = 0; j < batch.size(); j++) {
                    writer.upsert(batch.get(j).id(), EmbeddingText.digest(texts.get(j)), vectors.get(j));
                }
                embedded += batch.size();
                sinceCommit += batch.size();
                done += batch.size();
                progress.advance(done);
                batch.clear();
                texts.clear();
                if (commitAsWeGo && sinceCommit >= commitEvery) {
                    // A partial commit of a building generation: what a resumed build can skip.
                    writer.commit(Map.of("state", GenerationState.BUILDING.label(), "fingerprint", fingerprint));
                    sinceCommit = 0;
                }
            }
        }
        progress.finish();
        return new int[] {embedded, reused};
    }

    private List<RecallEntry> acceptedEntries() {
        List<RecallEntry> out = new ArrayList<>();
        new Entries(db).forEach(e -> {
            if (e.status() == EntryStatus.ACCEPTED) {
                out.add(e);
            }
        });
        return out;
    }

    private static Map<String, String> commitData(long revision, String fingerprint) {
        return Map.of(VectorIndex.REVISION_KEY, Long.toString(revision), "fingerprint", fingerprint);
    }
}
