package dev.recall.index;

import dev.recall.embeddings.Embedder;
import dev.recall.freshness.Staleness;
import dev.recall.store.Counters;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.EntryStatus;
import dev.recall.store.GenerationState;
import dev.recall.store.RecallEntry;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import dev.recall.store.StoreIdentity;
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

    /**
     * What a build did. {@code repaired} says why the active generation's index could not be updated in place and
     * was rebuilt (missing, foreign, damaged), or is null.
     */
    public record Report(VectorGeneration generation, boolean full, boolean resumed, int embedded, int reused,
            int deleted, long corpusRevision, Duration elapsed, String repaired) {}

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
        GenerationCheck check = new GenerationCheck(new StoreIdentity(db).id());
        long revision = counters.corpusRevision();
        String fingerprint = fingerprint();
        Optional<VectorGeneration> active = generations.active(VectorGenerations.RECALL)
                .filter(g -> g.fingerprint().equals(fingerprint) && g.completedCorpusRevision() != null);
        Optional<VectorGeneration> building = generations.building(VectorGenerations.RECALL, fingerprint);
        // A missing, foreign or damaged active index cannot be updated in place: it is rebuilt in full, so the
        // user's ordinary `embeddings build` is the repair.
        String repair = active.map(check::inspect).filter(v -> !v.fresh()).map(Staleness::message).orElse(null);
        // An interrupted full build is finished before anything else: it is what the user last asked for.
        if (active.isPresent() && repair == null && !fullRebuild && building.isEmpty()) {
            return incremental(generations, counters, check, active.get(), revision, progress, started);
        }
        if (building.isPresent() && (fullRebuild || !check.resumable(building.get()))) {
            generations.retire(building.get().id());
            building = Optional.empty();
        }
        boolean resumed = building.isPresent();
        VectorGeneration target = resumed ? building.get()
                : generations.startBuilding(VectorGenerations.RECALL, fingerprint,
                        embedder.identity().modelId(), embedder.dimensions(), vectorsDir);
        List<RecallEntry> accepted = acceptedEntries();
        int[] counts;
        long vectors;
        try (VectorIndex index = VectorIndex.open(target.indexPath());
                VectorIndex.Writer writer = index.writer(encoding, !resumed)) {
            Map<String, String> have = resumed ? index.digests() : Map.of();
            Set<String> keep = new HashSet<>();
            accepted.forEach(e -> keep.add(e.id()));
            int deleted = 0;
            for (String id : have.keySet()) {
                if (!keep.contains(id)) {
                    writer.delete(id);
                    deleted++;
                }
            }
            Map<String, String> partial = check.stamp(target,
                    Map.of("state", GenerationState.BUILDING.label(), "fingerprint", fingerprint));
            counts = embed(writer, accepted, have, partial, progress, true);
            Map<String, String> done = check.stamp(target, commitData(revision, fingerprint));
            writer.commit(done);
            // Committing every few hundred vectors leaves dozens of segments, and a query searches each segment's
            // graph: at 100k entries one merged graph answered about 5x faster (docs/benchmarks.md, issue 5).
            writer.forceMerge(1);
            writer.commit(done);
            vectors = writer.count();
            counts = new int[] {counts[0], counts[1], deleted};
        }
        VectorGeneration done = generations.complete(target.id(), revision, vectors);
        // The generation this one replaced, and any abandoned build, are no longer needed on disk.
        new GenerationFiles(generations, vectorsDir).reclaim();
        return new Report(done, true, resumed, counts[0], counts[1], counts[2], revision,
                Duration.ofNanos(System.nanoTime() - started), repair);
    }

    private Report incremental(VectorGenerations generations, Counters counters, GenerationCheck check,
            VectorGeneration active, long revision, Progress progress, long started) {
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
        long vectors;
        try (VectorIndex index = VectorIndex.openExisting(active.indexPath());
                VectorIndex.Writer writer = index.writer(encoding)) {
            deletes.forEach(writer::delete);
            counts = embed(writer, upserts, Map.of(), Map.of(), progress, false);
            writer.commit(check.stamp(active, commitData(revision, active.fingerprint())));
            vectors = writer.count();
        }
        VectorGeneration done = generations.complete(active.id(), revision, vectors);
        return new Report(done, false, false, counts[0], counts[1], deletes.size(), revision,
                Duration.ofNanos(System.nanoTime() - started), null);
    }

    private int[] embed(VectorIndex.Writer writer, List<RecallEntry> entries, Map<String, String> have,
            Map<String, String> partialCommit, Progress progress, boolean commitAsWeGo) {
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
                    writer.commit(partialCommit);
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
