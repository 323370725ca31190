package dev.recall.eval;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.embeddings.CombinedEmbedder;
import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbedderIdentity;
import dev.recall.index.VectorBuilder;
import dev.recall.store.AtomicFiles;
import dev.recall.store.Digests;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * Document vectors of test collections, kept on disk between evaluation runs: embedding SciFact takes minutes,
 * searching it milliseconds.
 *
 * <p>A cache entry is keyed by what determines its vectors: the model's fingerprint (without the query prefix,
 * which never touches a document), the document text template, and a digest of every document id and text. It
 * lives at {@code <root>/<model-fingerprint-prefix>/<collection>-<key-prefix>.vectors} (a header, the floats, a
 * SHA-256 trailer) beside {@code .ids.json} (the document ids in order). Both are written to a temp file and
 * renamed into place, ids first: the vectors file names the ids file's digest, so it is the commit point. A file
 * that is truncated, corrupt or for other input is reported and recomputed, never trusted.
 */
public final class EmbeddingCache {
    private static final byte[] MAGIC = "RCLEVEC\n".getBytes(StandardCharsets.US_ASCII);
    private static final int FORMAT_VERSION = 1;
    private static final int SHA256_BYTES = 32;
    private static final int PREFIX = 16;
    /** Documents per embedding call: small enough for steady progress, large enough to fill the model's batches. */
    private static final int CHUNK = 64;

    /** The vectors and where they came from; {@code elapsed} is the embedding time, zero when read from disk. */
    public record Result(CollectionVectors vectors, boolean cached, Path file, Duration elapsed) {
        /** Documents embedded per second, or 0 when nothing was embedded. */
        public double docsPerSecond() {
            return cached || elapsed.isZero() ? 0 : vectors.size() / (elapsed.toNanos() / 1e9);
        }
    }

    private final Path root;
    private final Consumer<String> notices;
    private final ObjectMapper json = new ObjectMapper();

    /**
     * @param root the cache directory, e.g. {@code <data-dir>/cache/eval}
     * @param notices told when a cache file exists but cannot be used (and is therefore recomputed)
     */
    public EmbeddingCache(Path root, Consumer<String> notices) {
        this.root = root;
        this.notices = notices;
    }

    /** The collection's document vectors: from disk when a valid entry exists, else embedded now and stored. */
    public Result vectors(TestCollection collection, Embedder embedder, VectorBuilder.Progress progress)
            throws IOException {
        List<String> ids = collection.docs().stream().map(CollectionDoc::id).toList();
        List<String> texts = collection.docs().stream().map(DocumentText::of).toList();
        return vectors(collection.name(), DocumentText.TEMPLATE, ids, texts, embedder, progress);
    }

    /**
     * The vectors of any texts, kept the same way (the bench's corpus sentences use it): {@code template} names how
     * the texts were made from their sources, so that texts made another way never share an entry.
     */
    public Result vectors(String name, String template, List<String> ids, List<String> texts, Embedder embedder,
            VectorBuilder.Progress progress) throws IOException {
        if (embedder instanceof CombinedEmbedder combined) {
            return combined(name, template, ids, texts, combined, progress);
        }
        String modelFingerprint = documentFingerprint(embedder.identity());
        String key = key(modelFingerprint, template, ids, texts);
        Path dir = root.resolve(modelFingerprint.substring(0, PREFIX));
        String base = safeName(name) + "-" + key.substring(0, PREFIX);
        Path vectorsFile = dir.resolve(base + ".vectors");
        Path idsFile = dir.resolve(base + ".ids.json");
        if (Files.exists(vectorsFile)) {
            try {
                return new Result(read(vectorsFile, idsFile, key, ids, embedder.dimensions()), true, vectorsFile,
                        Duration.ZERO);
            } catch (InvalidCache e) {
                notices.accept("vector cache " + vectorsFile + " " + e.getMessage() + "; embedding again");
            } catch (IOException e) {
                notices.accept("vector cache " + vectorsFile + " cannot be read (" + e.getMessage()
                        + "); embedding again");
            }
        }
        long started = System.nanoTime();
        float[][] vectors = embed(texts, embedder, progress);
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        Files.createDirectories(dir);
        byte[] idsJson = json.writeValueAsBytes(ids);
        AtomicFiles.write(idsFile, out -> out.write(idsJson));
        AtomicFiles.write(vectorsFile, out -> write(out, key, vectors, embedder.dimensions(), sha256(idsJson)));
        return new Result(new CollectionVectors(ids, vectors), false, vectorsFile, elapsed);
    }

    /**
     * Several models' vectors, each kept under its own model as if it were evaluated alone (so a collection one of
     * them has embedded already costs only the others' time), combined as the embedder combines them.
     */
    private Result combined(String name, String template, List<String> ids, List<String> texts,
            CombinedEmbedder embedder, VectorBuilder.Progress progress) throws IOException {
        List<CollectionVectors> parts = new ArrayList<>();
        boolean cached = true;
        Duration elapsed = Duration.ZERO;
        Path file = null;
        for (Embedder part : embedder.parts()) {
            Result r = vectors(name, template, ids, texts, part, progress);
            parts.add(r.vectors());
            cached &= r.cached();
            elapsed = elapsed.plus(r.elapsed());
            file = file == null ? r.file() : file;
        }
        float[][] vectors = new float[ids.size()][];
        for (int i = 0; i < vectors.length; i++) {
            List<float[]> each = new ArrayList<>(parts.size());
            for (CollectionVectors p : parts) {
                each.add(p.vector(i));
            }
            vectors[i] = embedder.combine(each);
        }
        return new Result(new CollectionVectors(ids, vectors), cached, file, elapsed);
    }

    /**
     * The generation fingerprint of the document side of a model: the query prefix is left out because documents
     * are embedded without it, so evaluating with and without the prefix shares one set of document vectors.
     */
    static String documentFingerprint(EmbedderIdentity identity) {
        // the eval text template is keyed separately, by name; 0 stands for "no entry template"
        return new EmbedderIdentity(identity.modelId(), identity.modelDigest(), identity.dimensions(),
                identity.pooling(), identity.maxTokens(), null, identity.recipeVersion()).fingerprint(0);
    }

    static String key(String modelFingerprint, String template, List<String> ids, List<String> texts) {
        MessageDigest digest = Digests.newDigest();
        update(digest, "recall-eval-vectors:" + FORMAT_VERSION);
        update(digest, modelFingerprint);
        update(digest, template);
        update(digest, Integer.toString(ids.size()));
        for (int i = 0; i < ids.size(); i++) {
            update(digest, ids.get(i));
            update(digest, texts.get(i));
        }
        return Digests.hex(digest);
    }

    /** Length-prefixed, so that no two different inputs hash alike. */
    private static void update(MessageDigest digest, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        digest.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
        digest.update(bytes);
    }

    private static float[][] embed(List<String> texts, Embedder embedder, VectorBuilder.Progress progress) {
        // Longest first: batches pad to their longest text, so similar lengths together waste the least, and the
        // early rate is the slowest one, so the ETA errs long rather than short.
        Integer[] order = new Integer[texts.size()];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingInt((Integer i) -> texts.get(i).length()).reversed());
        float[][] vectors = new float[texts.size()][];
        progress.start("embedding", texts.size());
        try {
            for (int start = 0; start < order.length; start += CHUNK) {
                int end = Math.min(order.length, start + CHUNK);
                List<String> chunk = Arrays.stream(order, start, end).map(texts::get).toList();
                List<float[]> embedded = embedder.embedDocuments(chunk);
                for (int j = start; j < end; j++) {
                    vectors[order[j]] = embedded.get(j - start);
                }
                progress.advance(end);
            }
        } finally {
            progress.finish();
        }
        return vectors;
    }

    private static void write(OutputStream raw, String key, float[][] vectors, int dimensions, byte[] idsSha)
            throws IOException {
        MessageDigest digest = Digests.newDigest();
        DataOutputStream out = new DataOutputStream(new DigestOutputStream(raw, digest));
        out.write(MAGIC);
        out.writeInt(FORMAT_VERSION);
        byte[] keyBytes = key.getBytes(StandardCharsets.US_ASCII);
        out.writeInt(keyBytes.length);
        out.write(keyBytes);
        out.writeInt(vectors.length);
        out.writeInt(dimensions);
        out.write(idsSha);
        ByteBuffer row = ByteBuffer.allocate(dimensions * Float.BYTES);
        for (float[] v : vectors) {
            if (v.length != dimensions) {
                throw new IllegalStateException("embedder returned " + v.length + " dimensions, declared " + dimensions);
            }
            row.clear();
            row.asFloatBuffer().put(v);
            out.write(row.array());
        }
        out.flush();
        raw.write(digest.digest());
    }

    private CollectionVectors read(Path vectorsFile, Path idsFile, String key, List<String> ids, int dimensions)
            throws IOException {
        MessageDigest digest = Digests.newDigest();
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(vectorsFile), 1 << 16)) {
            DigestInputStream digesting = new DigestInputStream(raw, digest);
            DataInputStream in = new DataInputStream(digesting);
            byte[] magic = in.readNBytes(MAGIC.length);
            if (!Arrays.equals(magic, MAGIC) || in.readInt() != FORMAT_VERSION) {
                throw new InvalidCache("is not a vector cache file of this version");
            }
            int keyLength = in.readInt();
            if (keyLength != 64 || !new String(in.readNBytes(keyLength), StandardCharsets.US_ASCII).equals(key)) {
                throw new InvalidCache("was written for other input");
            }
            int count = in.readInt();
            int dims = in.readInt();
            if (count != ids.size() || dims != dimensions) {
                throw new InvalidCache("holds " + count + " vectors of " + dims + " dimensions, expected "
                        + ids.size() + " of " + dimensions);
            }
            byte[] idsSha = in.readNBytes(SHA256_BYTES);
            float[][] vectors = new float[count][dims];
            byte[] row = new byte[dims * Float.BYTES];
            for (float[] v : vectors) {
                in.readFully(row);
                ByteBuffer.wrap(row).asFloatBuffer().get(v);
            }
            digesting.on(false);
            byte[] trailer = in.readNBytes(SHA256_BYTES);
            if (trailer.length < SHA256_BYTES) {
                throw new InvalidCache("is truncated");
            }
            if (!MessageDigest.isEqual(trailer, digest.digest())) {
                throw new InvalidCache("is corrupt (checksum mismatch)");
            }
            if (in.read() != -1) {
                throw new InvalidCache("has trailing bytes");
            }
            checkIds(idsFile, idsSha, ids);
            return new CollectionVectors(ids, vectors);
        } catch (EOFException e) {
            throw new InvalidCache("is truncated");
        }
    }

    private void checkIds(Path idsFile, byte[] expectedSha, List<String> ids) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(idsFile);
        } catch (IOException e) {
            throw new InvalidCache("has no readable id list " + idsFile.getFileName());
        }
        if (!MessageDigest.isEqual(expectedSha, sha256(bytes))) {
            throw new InvalidCache("does not match its id list " + idsFile.getFileName());
        }
        if (!json.readValue(bytes, new TypeReference<List<String>>() {}).equals(ids)) {
            throw new InvalidCache("lists other documents than the collection");
        }
    }

    private static String safeName(String name) {
        String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return safe.isEmpty() ? "collection" : safe.substring(0, Math.min(40, safe.length()));
    }

    private static byte[] sha256(byte[] data) {
        return Digests.newDigest().digest(data);
    }

    /** A cache file that must not be trusted; the message says why. */
    private static final class InvalidCache extends IOException {
        InvalidCache(String reason) {
            super(reason);
        }
    }
}
