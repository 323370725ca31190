package dev.recall.sessions;

import dev.recall.store.Database;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.io.IOException;
import java.nio.file.Path;
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
        return new Sessions(db).under(roots, limit);
    }
}
