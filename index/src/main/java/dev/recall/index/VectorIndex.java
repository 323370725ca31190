package dev.recall.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.codecs.CompoundDirectory;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene104.Lucene104Codec;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.util.Bits;

/**
 * One vector generation's HNSW index: an entry id, the digest of the text that was embedded, and the
 * normalised vector, compared by dot product (= cosine on unit vectors).
 */
public final class VectorIndex implements AutoCloseable {
    static final String ID = "id";
    static final String DIGEST = "digest";
    /** The key a vector belongs to when it is not its own id (a passage's session): what an update replaces. */
    static final String KEY = "key";
    static final String VECTOR = "vector";
    public static final String REVISION_KEY = "corpus_revision";
    /** Commit data naming whose index this is: the store's id and the generation's id. */
    public static final String STORE_ID_KEY = "store_id";
    public static final String GENERATION_KEY = "generation_id";

    /** One nearest neighbour: the entry and its cosine similarity to the query. */
    public record Hit(String id, float cosine) {}

    /** The first hits of a nearest-neighbour search, named, and how many it found in all. */
    public record Nearest(List<Hit> hits, int found) {}

    private final Path path;
    private final Directory directory;

    private VectorIndex(Path path, Directory directory) {
        this.path = path;
        this.directory = directory;
    }

    public static VectorIndex open(Path path) {
        try {
            Files.createDirectories(path);
            return new VectorIndex(path, FSDirectory.open(path));
        } catch (IOException e) {
            throw new IndexException("cannot open vector index " + path + ": " + e.getMessage(), e);
        }
    }

    /** Opens an index that must already exist, for reading: a missing directory is not created. */
    public static VectorIndex openExisting(Path path) {
        if (!Files.isDirectory(path)) {
            throw new IndexException("vector index " + path + " does not exist");
        }
        try {
            return new VectorIndex(path, FSDirectory.open(path));
        } catch (IOException e) {
            throw new IndexException("cannot open vector index " + path + ": " + e.getMessage(), e);
        }
    }

    public boolean exists() {
        try {
            return DirectoryReader.indexExists(directory);
        } catch (IOException e) {
            return false;
        }
    }

    /** Id -> digest of every vector stored (the work a resumed build can skip). */
    public Map<String, String> digests() {
        Map<String, String> out = new HashMap<>();
        if (!exists()) {
            return out;
        }
        try (DirectoryReader reader = DirectoryReader.open(directory)) {
            for (LeafReaderContext leaf : reader.leaves()) {
                StoredFields stored = leaf.reader().storedFields();
                Bits live = leaf.reader().getLiveDocs();
                for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
                    if (live == null || live.get(doc)) {
                        Document d = stored.document(doc);
                        out.put(d.get(ID), d.get(DIGEST));
                    }
                }
            }
            return out;
        } catch (IOException e) {
            throw new IndexException("cannot read vector index " + path + ": " + e.getMessage(), e);
        }
    }

    public Writer writer(VectorEncoding encoding) {
        return writer(encoding, false);
    }

    /** @param create start an empty index, dropping whatever the directory held (a new generation's build) */
    public Writer writer(VectorEncoding encoding, boolean create) {
        KnnVectorsFormat format = encoding.format();
        IndexWriterConfig config = new IndexWriterConfig()
                .setCodec(new Lucene104Codec() {
                    @Override
                    public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
                        return format;
                    }
                })
                .setRAMBufferSizeMB(64)
                .setOpenMode(create ? IndexWriterConfig.OpenMode.CREATE : IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
        try {
            return new Writer(new IndexWriter(directory, config));
        } catch (LockObtainFailedException e) {
            throw new IndexException("cannot write vector index " + path + ": another build holds its lock", e);
        } catch (IOException e) {
            throw new IndexException("cannot write vector index " + path + ": " + e.getMessage(), e);
        }
    }

    /** Adds, replaces and deletes vectors; nothing is visible to readers until {@link #commit}. */
    public final class Writer implements AutoCloseable {
        private final IndexWriter writer;

        private Writer(IndexWriter writer) {
            this.writer = writer;
        }

        public void upsert(String id, String digest, float[] vector) {
            upsert(id, id, digest, vector);
        }

        /** Adds or replaces a vector that belongs to {@code key} ({@link #deleteKey} removes all of a key's). */
        public void upsert(String id, String key, String digest, float[] vector) {
            Document d = new Document();
            d.add(new KeywordField(ID, id, Field.Store.YES));
            if (!key.equals(id)) {
                d.add(new KeywordField(KEY, key, Field.Store.NO));
            }
            d.add(new StoredField(DIGEST, digest));
            d.add(new KnnFloatVectorField(VECTOR, vector, VectorSimilarityFunction.DOT_PRODUCT));
            try {
                writer.updateDocument(new Term(ID, id), d);
            } catch (IOException e) {
                throw new IndexException("cannot write vector index " + path + ": " + e.getMessage(), e);
            }
        }

        public void delete(String id) {
            try {
                writer.deleteDocuments(new Term(ID, id));
            } catch (IOException e) {
                throw new IndexException("cannot write vector index " + path + ": " + e.getMessage(), e);
            }
        }

        /** Removes every vector written with this key. */
        public void deleteKey(String key) {
            try {
                writer.deleteDocuments(new Term(KEY, key));
            } catch (IOException e) {
                throw new IndexException("cannot write vector index " + path + ": " + e.getMessage(), e);
            }
        }

        public void commit(Map<String, String> userData) {
            try {
                writer.setLiveCommitData(userData.entrySet());
                writer.commit();
            } catch (IOException e) {
                throw new IndexException("cannot commit vector index " + path + ": " + e.getMessage(), e);
            }
        }

        /**
         * Merges the index down to at most {@code maxSegments} segments, visible after the next commit. An HNSW
         * query searches every segment's graph, so many small segments make each query many times slower.
         */
        public void forceMerge(int maxSegments) {
            try {
                writer.forceMerge(maxSegments);
            } catch (IOException e) {
                throw new IndexException("cannot merge vector index " + path + ": " + e.getMessage(), e);
            }
        }

        /** Live vectors as of the last commit. */
        public long count() {
            try (DirectoryReader reader = DirectoryReader.open(writer)) {
                return reader.numDocs();
            } catch (IOException e) {
                throw new IndexException("cannot count vector index " + path + ": " + e.getMessage(), e);
            }
        }

        /** Closes without committing: uncommitted work is dropped, the last commit stays as it was. */
        @Override
        public void close() {
            try {
                writer.rollback();
            } catch (IOException e) {
                throw new IndexException("cannot close vector index writer " + path, e);
            }
        }
    }

    /** Opens a point-in-time searcher; the caller closes it. */
    public Searcher searcher() {
        try {
            return new Searcher(DirectoryReader.open(directory));
        } catch (IOException e) {
            throw new IndexException("cannot read vector index " + path + ": " + e.getMessage(), e);
        }
    }

    /** Nearest-neighbour search over one commit. */
    public static final class Searcher implements AutoCloseable {
        private final DirectoryReader reader;
        private final IndexSearcher searcher;

        private Searcher(DirectoryReader reader) {
            this.reader = reader;
            this.searcher = new IndexSearcher(reader);
        }

        /** The k nearest entries by HNSW, best first, ties by id. */
        public List<Hit> nearest(float[] query, int k) {
            return nearest(query, k, k).hits();
        }

        /**
         * The first {@code named} of the k nearest entries by HNSW (best first, ties by id), and how many the search
         * found. A hit's id is read from a doc values dictionary of every entry id, about a microsecond each at 1M
         * entries: a search that explores 750 candidates for a window of 200 names only those (docs/benchmarks.md).
         */
        public Nearest nearest(float[] query, int k, int named) {
            try {
                ScoreDoc[] found = searcher.search(new KnnFloatVectorQuery(VECTOR, query, k), k).scoreDocs;
                // Lucene's order is by score, so by cosine; the hits tied with the last named one are named too, as
                // the id decides which of them come first
                int n = Math.min(Math.max(named, 0), found.length);
                int end = n;
                while (n > 0 && end < found.length && cosine(found[end]) == cosine(found[n - 1])) {
                    end++;
                }
                ScoreDoc[] head = Arrays.copyOf(found, end);
                String[] ids = DocIds.of(reader, head, ID);
                List<Hit> hits = new ArrayList<>(head.length);
                for (int i = 0; i < ids.length; i++) {
                    hits.add(new Hit(ids[i], cosine(head[i])));
                }
                // Equal similarities in Lucene's doc order would move when segments merge; the id keeps them put.
                hits.sort(java.util.Comparator.comparingDouble(Hit::cosine).reversed().thenComparing(Hit::id));
                return new Nearest(List.copyOf(hits.subList(0, n)), found.length);
            } catch (IOException e) {
                throw new IndexException("vector search failed: " + e.getMessage(), e);
            }
        }

        /** Lucene scores dot product as (1 + cos) / 2; the cosine itself is what is reported. */
        private static float cosine(ScoreDoc hit) {
            return 2 * hit.score - 1;
        }

        /** This searcher if no commit happened since it opened, else one over the latest commit (this one closed). */
        public Searcher refreshed() {
            try {
                DirectoryReader newer = DirectoryReader.openIfChanged(reader);
                if (newer == null) {
                    return this;
                }
                close();
                return new Searcher(newer);
            } catch (IOException e) {
                throw new IndexException("cannot reopen vector index: " + e.getMessage(), e);
            }
        }

        public int size() {
            return reader.numDocs();
        }

        public Map<String, String> commitData() {
            try {
                return reader.getIndexCommit().getUserData();
            } catch (IOException e) {
                throw new IndexException("cannot read vector index commit: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            try {
                reader.close();
            } catch (IOException e) {
                throw new IndexException("cannot close vector index reader", e);
            }
        }
    }

    /**
     * Bytes per Lucene file extension of the last commit (vec: float vectors, veq: quantised vectors, vex: HNSW
     * graph...). Small segments are packed into compound files; their parts are listed by their own extensions,
     * so the split reads the same either way.
     */
    public Map<String, Long> bytesByExtension() {
        Map<String, Long> sizes = new TreeMap<>();
        try {
            for (SegmentCommitInfo segment : SegmentInfos.readLatestCommit(directory)) {
                SegmentInfo info = segment.info;
                for (String file : segment.files()) {
                    if (info.getUseCompoundFile() && (file.endsWith(".cfs") || file.endsWith(".cfe"))) {
                        continue;
                    }
                    sizes.merge(extension(file), directory.fileLength(file), Long::sum);
                }
                if (info.getUseCompoundFile()) {
                    try (CompoundDirectory compound = info.getCodec().compoundFormat()
                            .getCompoundReader(directory, info)) {
                        for (String file : compound.listAll()) {
                            sizes.merge(extension(file), compound.fileLength(file), Long::sum);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new IndexException("cannot size the vector index " + path + ": " + e.getMessage(), e);
        }
        return sizes;
    }

    private static String extension(String file) {
        int dot = file.lastIndexOf('.');
        return dot < 0 ? file : file.substring(dot + 1);
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        try {
            directory.close();
        } catch (IOException e) {
            throw new IndexException("cannot close vector index " + path, e);
        }
    }
}
