package dev.recall.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Generated insight reports (V10), each with the inputs and the generator that made it. */
public final class Insights {
    /**
     * One report and what made it.
     *
     * @param sessionIds   the sessions read, as a JSON array
     * @param generator    {@code endpoint} or {@code agent}
     * @param generatorId  the model at the endpoint's host, or the agent's binary
     */
    public record Insight(long id, Instant createdAt, Instant from, Instant to, String project, String agent,
            String template, String focus, String sessionIds, String generator, String generatorId,
            String promptSha256, String report) {}

    private final Database db;

    public Insights(Database db) {
        this.db = db;
    }

    /** Stores a report; its id. */
    public long insert(Insight i) {
        return db.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO insights (created_at, range_from, range_to, project, agent, template, focus, session_ids,
                      generator, generator_id, prompt_sha256, report) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    Statement.RETURN_GENERATED_KEYS)) {
                Object[] args = {Times.format(i.createdAt()), Times.format(i.from()), Times.format(i.to()), i.project(),
                    i.agent(), i.template(), i.focus(), i.sessionIds(), i.generator(), i.generatorId(),
                    i.promptSha256(), i.report()};
                for (int k = 0; k < args.length; k++) {
                    ps.setObject(k + 1, args[k]);
                }
                ps.executeUpdate();
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    keys.next();
                    return keys.getLong(1);
                }
            }
        });
    }

    /** Newest first. */
    public List<Insight> list(int limit) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT * FROM insights ORDER BY id DESC LIMIT ?")) {
                ps.setInt(1, limit);
                List<Insight> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(map(rs));
                    }
                }
                return out;
            }
        });
    }

    public Optional<Insight> get(long id) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT * FROM insights WHERE id = ?")) {
                ps.setLong(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(map(rs)) : Optional.empty();
                }
            }
        });
    }

    /** Whether there was such a report. */
    public boolean delete(long id) {
        return db.inTransaction(c -> Rows.update(c, "DELETE FROM insights WHERE id = ?", id) == 1);
    }

    private static Insight map(ResultSet rs) throws SQLException {
        return new Insight(rs.getLong("id"), Times.parse(rs.getString("created_at")),
                Times.parse(rs.getString("range_from")), Times.parse(rs.getString("range_to")), rs.getString("project"),
                rs.getString("agent"), rs.getString("template"), rs.getString("focus"), rs.getString("session_ids"),
                rs.getString("generator"), rs.getString("generator_id"), rs.getString("prompt_sha256"),
                rs.getString("report"));
    }
}
