package dev.recall.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The vector generations of each store, kept in the store's SQLite file. */
public final class VectorGenerations {
    public static final String RECALL = "recall";
    public static final String SESSIONS = "sessions";

    private final Database db;

    public VectorGenerations(Database db) {
        this.db = db;
    }

    public List<VectorGeneration> list(String store) {
        return db.read(c -> query(c, "SELECT * FROM vector_generations WHERE store = ? ORDER BY id", store));
    }

    public Optional<VectorGeneration> active(String store) {
        return db.read(c -> query(c, "SELECT * FROM vector_generations WHERE store = ? AND state = 'active'", store))
                .stream().findFirst();
    }

    public Optional<VectorGeneration> building(String store, String fingerprint) {
        return db.read(c -> query(c, "SELECT * FROM vector_generations WHERE store = ? AND state = 'building'"
                + " AND fingerprint = ?", store, fingerprint)).stream().findFirst();
    }

    public Optional<VectorGeneration> get(long id) {
        return db.read(c -> query(c, "SELECT * FROM vector_generations WHERE id = ?", id)).stream().findFirst();
    }

    /** Starts a generation in state building; its index lives in a directory of its own under vectorsDir. */
    public VectorGeneration startBuilding(String store, String fingerprint, String model, int dimensions,
            Path vectorsDir) {
        String now = Times.format(Instant.now());
        long id = db.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO vector_generations (store, fingerprint, model, dimensions, state, index_path,
                        created_at, updated_at) VALUES (?, ?, ?, ?, 'building', '', ?, ?)""",
                    java.sql.Statement.RETURN_GENERATED_KEYS)) {
                ps.setString(1, store);
                ps.setString(2, fingerprint);
                ps.setString(3, model);
                ps.setInt(4, dimensions);
                ps.setString(5, now);
                ps.setString(6, now);
                ps.executeUpdate();
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    keys.next();
                    long newId = keys.getLong(1);
                    Path dir = vectorsDir.resolve(store).resolve("gen-" + newId + "-" + fingerprint.substring(0, 12));
                    update(c, "UPDATE vector_generations SET index_path = ? WHERE id = ?", relative(dir), newId);
                    return newId;
                }
            }
        });
        return get(id).orElseThrow();
    }

    /**
     * Stamps a finished build with the corpus revision it reflects and makes it the store's active generation,
     * retiring the previous one, in one transaction.
     */
    public VectorGeneration complete(long id, long corpusRevision, long vectorCount) {
        String now = Times.format(Instant.now());
        db.inTransaction(c -> {
            VectorGeneration g = require(c, id);
            if (g.state() == GenerationState.RETIRED) {
                throw new RecallException(RecallException.Kind.CONFLICT, "generation " + id + " is retired",
                        RecallException.Remedy.BUILD_EMBEDDINGS, java.util.Map.of("store", g.store()));
            }
            if (g.state() == GenerationState.BUILDING) {
                update(c, "UPDATE vector_generations SET state = 'retired', retired_at = ?, updated_at = ?"
                        + " WHERE store = ? AND state = 'active'", now, now, g.store());
            }
            update(c, "UPDATE vector_generations SET state = 'active', completed_corpus_revision = ?, vector_count = ?,"
                    + " updated_at = ?, activated_at = coalesce(activated_at, ?) WHERE id = ?", corpusRevision,
                    vectorCount, now, now, id);
            return null;
        });
        return get(id).orElseThrow();
    }

    /** Makes a completed generation active again (e.g. after a model switch back); the previous one retires. */
    public VectorGeneration activate(long id) {
        String now = Times.format(Instant.now());
        db.inTransaction(c -> {
            VectorGeneration g = require(c, id);
            if (g.completedCorpusRevision() == null) {
                throw new RecallException(RecallException.Kind.CONFLICT, "generation " + id
                        + " never completed a build", RecallException.Remedy.BUILD_EMBEDDINGS,
                        java.util.Map.of("store", g.store()));
            }
            update(c, "UPDATE vector_generations SET state = 'retired', retired_at = ?, updated_at = ?"
                    + " WHERE store = ? AND state = 'active' AND id <> ?", now, now, g.store(), id);
            update(c, "UPDATE vector_generations SET state = 'active', activated_at = ?, retired_at = NULL,"
                    + " updated_at = ? WHERE id = ?", now, now, id);
            return null;
        });
        return get(id).orElseThrow();
    }

    public VectorGeneration retire(long id) {
        String now = Times.format(Instant.now());
        db.inTransaction(c -> {
            require(c, id);
            update(c, "UPDATE vector_generations SET state = 'retired', retired_at = ?, updated_at = ? WHERE id = ?",
                    now, now, id);
            return null;
        });
        return get(id).orElseThrow();
    }

    private Path dataDir() {
        return db.file().toAbsolutePath().getParent();
    }

    /** Kept relative to the data dir, so the row stays true when the data dir is moved or copied. */
    private String relative(Path indexDir) {
        Path abs = indexDir.toAbsolutePath().normalize();
        return abs.startsWith(dataDir()) ? dataDir().relativize(abs).toString() : abs.toString();
    }

    /**
     * The index dir of a stored path. Rows written before paths were relative hold an absolute path into the data
     * dir they were built in, which may since have moved: their last three parts (vectors/store/gen-...) are
     * resolved against this data dir, never the old one.
     */
    private Path resolve(String stored) {
        Path p = Path.of(stored);
        if (p.isAbsolute() && p.getNameCount() >= 3 && p.getName(p.getNameCount() - 3).toString().equals("vectors")) {
            p = p.subpath(p.getNameCount() - 3, p.getNameCount());
        }
        return dataDir().resolve(p).normalize();
    }

    private VectorGeneration require(Connection c, long id) throws SQLException {
        return query(c, "SELECT * FROM vector_generations WHERE id = ?", id).stream().findFirst()
                .orElseThrow(() -> new RecallException(RecallException.Kind.NOT_FOUND, "no vector generation with id " + id));
    }

    private static void update(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            ps.executeUpdate();
        }
    }

    private List<VectorGeneration> query(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            List<VectorGeneration> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Object stamp = rs.getObject("completed_corpus_revision");
                    Object count = rs.getObject("vector_count");
                    out.add(new VectorGeneration(rs.getLong("id"), rs.getString("store"), rs.getString("fingerprint"),
                            rs.getString("model"), rs.getInt("dimensions"), GenerationState.stored(rs.getString("state")),
                            resolve(rs.getString("index_path")), stamp == null ? null : ((Number) stamp).longValue(),
                            count == null ? null : ((Number) count).longValue(),
                            Times.parse(rs.getString("created_at")), Times.parse(rs.getString("updated_at")),
                            Times.parse(rs.getString("activated_at")), Times.parse(rs.getString("retired_at"))));
                }
            }
            return out;
        }
    }
}
