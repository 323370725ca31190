package dev.recall.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/** Where recall keeps its data: --data-dir, else RECALL_DATA_DIR, else the platform's user data dir. */
final class DataDirs {
    private DataDirs() {}

    /**
     * Relative paths are taken from {@code workingDir}, the command's: in the daemon, a handed-over command's is the
     * client's, not the daemon's.
     */
    static Path resolve(Path option, Map<String, String> env, String osName, Path home, Path workingDir) {
        if (option != null) {
            return workingDir.resolve(option).toAbsolutePath().normalize();
        }
        String fromEnv = env.get("RECALL_DATA_DIR");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return workingDir.resolve(fromEnv).toAbsolutePath().normalize();
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return home.resolve("Library/Application Support/recall");
        }
        if (os.contains("win")) {
            String local = env.get("LOCALAPPDATA");
            return (local != null ? Path.of(local) : home.resolve("AppData/Local")).resolve("recall");
        }
        String xdg = env.get("XDG_DATA_HOME");
        return (xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".local/share")).resolve("recall");
    }
}
