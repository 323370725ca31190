package dev.recall.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/** Where recall keeps its data: --data-dir, else RECALL_DATA_DIR, else the platform's user data dir. */
final class DataDirs {
    private DataDirs() {}

    static Path resolve(Path option, Map<String, String> env, String osName, Path home) {
        if (option != null) {
            return option.toAbsolutePath().normalize();
        }
        String fromEnv = env.get("RECALL_DATA_DIR");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Path.of(fromEnv).toAbsolutePath().normalize();
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
