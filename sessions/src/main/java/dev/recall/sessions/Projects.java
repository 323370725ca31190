package dev.recall.sessions;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** What project a working directory belongs to: its git work tree's name if it has one, else its own name. */
final class Projects {
    private Projects() {}

    static String name(String cwd) {
        if (cwd == null || cwd.isBlank()) {
            return null;
        }
        try {
            Path p = Path.of(cwd).toAbsolutePath().normalize();
            for (Path d = p; d != null && d.getFileName() != null; d = d.getParent()) {
                if (Files.exists(d.resolve(".git"))) {
                    return d.getFileName().toString();
                }
            }
            return p.getFileName() == null ? cwd : p.getFileName().toString();
        } catch (InvalidPathException | SecurityException e) {
            return cwd;
        }
    }
}
