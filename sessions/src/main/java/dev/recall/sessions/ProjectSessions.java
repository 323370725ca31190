package dev.recall.sessions;

import dev.recall.store.Database;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The archived sessions of one project: those whose cwd is the project dir or inside it, most recent first.
 * Subagent sessions are left out; their parent session speaks for them.
 */
final class ProjectSessions {
    private ProjectSessions() {}

    static List<Session> recent(Database db, Path projectDir, int limit) {
        Set<String> roots = new LinkedHashSet<>();
        roots.add(projectDir.toAbsolutePath().normalize().toString());
        try {
            roots.add(projectDir.toRealPath().toString());
        } catch (IOException e) {
            // only the given path
        }
        List<String> ids = db.read(c -> {
            StringBuilder where = new StringBuilder();
            List<String> args = new ArrayList<>();
            for (String r : roots) {
                where.append(where.isEmpty() ? "" : " OR ").append("cwd = ? OR substr(cwd, 1, ?) = ?");
                args.add(r);
                args.add(r.endsWith("/") ? r : r + "/");
            }
            String sql = "SELECT id FROM sessions WHERE trashed = 0 AND instr(id, ':agent-') = 0 AND (" + where
                    + ") ORDER BY coalesce(ended_at, started_at, created_at) DESC, id LIMIT ?";
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                int i = 1;
                for (int k = 0; k < args.size(); k += 2) {
                    ps.setString(i++, args.get(k));
                    ps.setInt(i++, args.get(k + 1).length());
                    ps.setString(i++, args.get(k + 1));
                }
                ps.setInt(i, limit);
                List<String> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
                return out;
            }
        });
        Sessions sessions = new Sessions(db);
        return ids.stream().map(id -> sessions.get(id).orElseThrow()).toList();
    }
}
