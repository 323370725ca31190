package dev.recall.sessions;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The machine's conventions for where applications keep data: the OS family, the user's home and the environment
 * (XDG variables on Linux, APPDATA on Windows). Adapters build their default locations from it.
 */
public record Platform(Os os, Path home, Map<String, String> env) {

    public enum Os { LINUX, MAC, WINDOWS }

    public static Platform current(Map<String, String> env, Path home) {
        String name = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        Os os = name.contains("mac") || name.contains("darwin") ? Os.MAC
                : name.contains("win") ? Os.WINDOWS : Os.LINUX;
        return new Platform(os, home, env);
    }

    /** Per-user application data: $XDG_DATA_HOME or ~/.local/share; Application Support; %LOCALAPPDATA%. */
    public Path dataHome() {
        return switch (os) {
            case MAC -> home.resolve("Library/Application Support");
            case WINDOWS -> envPath("LOCALAPPDATA", home.resolve("AppData/Local"));
            case LINUX -> envPath("XDG_DATA_HOME", home.resolve(".local/share"));
        };
    }

    /** Per-user configuration (VS Code-style editors keep state here): ~/.config; Application Support; %APPDATA%. */
    public Path configHome() {
        return switch (os) {
            case MAC -> home.resolve("Library/Application Support");
            case WINDOWS -> envPath("APPDATA", home.resolve("AppData/Roaming"));
            case LINUX -> envPath("XDG_CONFIG_HOME", home.resolve(".config"));
        };
    }

    private Path envPath(String name, Path fallback) {
        String v = env.get(name);
        return v != null && !v.isBlank() ? Path.of(v) : fallback;
    }
}
