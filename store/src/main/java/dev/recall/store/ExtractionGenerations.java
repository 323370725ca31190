package dev.recall.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The extraction generations (V3): building, then active (at most one), then retired. Each method joins the
 * caller's {@link Database#transaction} when there is one.
 */
public final class ExtractionGenerations {
    private final Database db;

    public ExtractionGenerations(Database db) {
        this.db = db;
    }

    public Optional<ExtractionGeneration> get(String fingerprint) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT * FROM extraction_generations WHERE fingerprint = ?")) {
                ps.setString(1, fingerprint);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(map(rs)) : Optional.empty();
                }
            }
        });
    }

    public Optional<ExtractionGeneration> active() {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT * FROM extraction_generations WHERE state = 'active'"); ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(map(rs)) : Optional.empty();
            }
        });
    }

    /** Oldest first. */
    public List<ExtractionGeneration> list() {
        return db.read(c -> {
            List<ExtractionGeneration> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT * FROM extraction_generations ORDER BY created_at, fingerprint");
                    ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(map(rs));
                }
            }
            return out;
        });
    }

    /** The generation of this fingerprint, created as building when it is new. */
    public ExtractionGeneration ensure(String fingerprint, String method, String canonicalConfig, Instant now) {
        return db.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO extraction_generations (fingerprint, method, config, state, created_at, updated_at)
                    VALUES (?, ?, ?, 'building', ?, ?) ON CONFLICT (fingerprint) DO NOTHING""")) {
                ps.setString(1, fingerprint);
                ps.setString(2, method);
                ps.setString(3, canonicalConfig);
                ps.setString(4, Times.format(now));
                ps.setString(5, Times.format(now));
                ps.executeUpdate();
            }
            return get(fingerprint).orElseThrow();
        });
    }

    /** Moves a generation to a state, stamping when it was activated or retired. */
    public void setState(String fingerprint, GenerationState state, Instant now) {
        db.inTransaction(c -> {
            String stamp = switch (state) {
                case ACTIVE -> ", activated_at = ?, retired_at = NULL";
                case RETIRED -> ", retired_at = ?";
                case BUILDING -> "";
            };
            try (PreparedStatement ps = c.prepareStatement("UPDATE extraction_generations SET state = ?,"
                    + " updated_at = ?" + stamp + " WHERE fingerprint = ?")) {
                int i = 1;
                ps.setString(i++, state.label());
                ps.setString(i++, Times.format(now));
                if (state != GenerationState.BUILDING) {
                    ps.setString(i++, Times.format(now));
                }
                ps.setString(i, fingerprint);
                ps.executeUpdate();
            }
            return null;
        });
    }

    private static ExtractionGeneration map(ResultSet rs) throws SQLException {
        return new ExtractionGeneration(rs.getString("fingerprint"), rs.getString("method"), rs.getString("config"),
                GenerationState.stored(rs.getString("state")), Times.parse(rs.getString("created_at")),
                Times.parse(rs.getString("activated_at")), Times.parse(rs.getString("retired_at")));
    }
}
