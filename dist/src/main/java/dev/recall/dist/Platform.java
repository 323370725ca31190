package dev.recall.dist;

import java.util.Locale;

/**
 * A platform the release archive is built for: the one the build runs on, since the bundled runtime is linked from
 * the building JDK. Each native library in the fat jar names its platform directories differently; {@link
 * NativeLibrary} maps them. macOS on Intel is absent because ONNX Runtime and the DJL tokenizer ship no natives for it.
 */
public enum Platform {
    LINUX_X64("linux", "x64"),
    LINUX_AARCH64("linux", "aarch64"),
    MACOS_AARCH64("macos", "aarch64");

    private final String os;
    private final String arch;

    Platform(String os, String arch) {
        this.os = os;
        this.arch = arch;
    }

    /** The name in the archive's file name, {@code <os>-<arch>}. */
    public String id() {
        return os + "-" + arch;
    }

    public static Platform byId(String id) {
        for (Platform p : values()) {
            if (p.id().equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown platform '" + id + "'; known: " + known());
    }

    /** The platform of the given {@code os.name} and {@code os.arch}. */
    public static Platform of(String osName, String osArch) {
        String name = osName.toLowerCase(Locale.ROOT);
        String os = name.startsWith("linux") ? "linux" : name.startsWith("mac") ? "macos" : name;
        String arch = switch (osArch) {
            case "amd64", "x86_64" -> "x64";
            case "aarch64", "arm64" -> "aarch64";
            default -> osArch;
        };
        try {
            return byId(os + "-" + arch);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("no release archive for " + osName + " on " + osArch
                    + " (the bundled ONNX Runtime and tokenizer natives exist for " + known() + ")", e);
        }
    }

    public static Platform current() {
        return of(System.getProperty("os.name"), System.getProperty("os.arch"));
    }

    private static String known() {
        StringBuilder s = new StringBuilder();
        for (Platform p : values()) {
            s.append(s.isEmpty() ? "" : ", ").append(p.id());
        }
        return s.toString();
    }

    /** Prints the current platform's id, for the build script. */
    public static void main(String[] args) {
        try {
            System.out.println(current().id());
        } catch (IllegalArgumentException e) {
            System.err.println("dist: " + e.getMessage());
            System.exit(1);
        }
    }
}
