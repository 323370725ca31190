package dev.recall.eval;

import dev.recall.fusion.RankedHit;
import dev.recall.index.VectorEncoding;
import dev.recall.index.VectorIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.lucene.codecs.CompoundDirectory;
import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * A throwaway HNSW index of a collection's vectors, built with the product's own {@link VectorIndex} (same graph
 * parameters, same encodings) in a temp directory that is deleted on close, so the evaluation measures what a
 * recall user would get.
 */
public final class VectorCollectionIndex implements VectorSearch, AutoCloseable {
    private final Path dir;
    private final VectorIndex index;
    private final VectorIndex.Searcher searcher;

    private VectorCollectionIndex(Path dir, VectorIndex index, VectorIndex.Searcher searcher) {
        this.dir = dir;
        this.index = index;
        this.searcher = searcher;
    }

    /** Indexes every vector into a new temp directory and opens it for search. */
    public static VectorCollectionIndex build(CollectionVectors vectors, VectorEncoding encoding) throws IOException {
        Path dir = Files.createTempDirectory("recall-eval-hnsw-");
        VectorIndex index = null;
        try {
            index = VectorIndex.open(dir);
            try (VectorIndex.Writer writer = index.writer(encoding)) {
                for (int i = 0; i < vectors.size(); i++) {
                    // no text digest: nothing resumes an eval index
                    writer.upsert(vectors.ids().get(i), "", vectors.vector(i));
                }
                writer.commit(Map.of());
            }
            return new VectorCollectionIndex(dir, index, index.searcher());
        } catch (RuntimeException e) {
            if (index != null) {
                index.close();
            }
            deleteTree(dir);
            throw e;
        }
    }

    /** HNSW's k nearest, cosine as the score. */
    @Override
    public List<RankedHit> nearest(float[] query, int k) {
        List<VectorIndex.Hit> found = searcher.nearest(query, k);
        List<RankedHit> hits = new ArrayList<>(found.size());
        for (VectorIndex.Hit h : found) {
            hits.add(new RankedHit(h.id(), h.cosine(), hits.size() + 1));
        }
        return hits;
    }

    /**
     * Bytes per Lucene file extension (vec: float vectors, veq: quantised vectors, vex: HNSW graph, ...). Small
     * segments are packed into compound files; their parts are listed by their own extensions, so the split
     * reads the same either way.
     */
    public Map<String, Long> bytesByExtension() {
        Map<String, Long> sizes = new TreeMap<>();
        try (Directory directory = FSDirectory.open(dir)) {
            for (SegmentCommitInfo segment : SegmentInfos.readLatestCommit(directory)) {
                SegmentInfo info = segment.info;
                if (info.getUseCompoundFile()) {
                    try (CompoundDirectory compound = info.getCodec().compoundFormat()
                            .getCompoundReader(directory, info)) {
                        for (String file : compound.listAll()) {
                            sizes.merge(extension(file), compound.fileLength(file), Long::sum);
                        }
                    }
                    for (String file : info.files()) {
                        if (!file.endsWith(".cfs") && !file.endsWith(".cfe")) {
                            sizes.merge(extension(file), directory.fileLength(file), Long::sum);
                        }
                    }
                } else {
                    for (String file : segment.files()) {
                        sizes.merge(extension(file), directory.fileLength(file), Long::sum);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot size the index in " + dir, e);
        }
        return sizes;
    }

    private static String extension(String file) {
        int dot = file.lastIndexOf('.');
        return dot < 0 ? file : file.substring(dot + 1);
    }

    /** Every file of the index directory, as it sits on disk. */
    public long bytesOnDisk() {
        try (Stream<Path> files = Files.list(dir)) {
            long total = 0;
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                total += Files.size(f);
            }
            return total;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    public int size() {
        return searcher.size();
    }

    Path dir() {
        return dir;
    }

    @Override
    public void close() throws IOException {
        try {
            searcher.close();
            index.close();
        } finally {
            deleteTree(dir);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
