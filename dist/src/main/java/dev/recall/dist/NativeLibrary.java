package dev.recall.dist;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A library in the fat jar that carries native code for many platforms, each under a directory named its own way.
 * The release archive keeps only the target platform's directory of each.
 */
public enum NativeLibrary {
    ONNX_RUNTIME("^ai/onnxruntime/native/([^/]+)/.*",
            Map.of(Platform.LINUX_X64, "linux-x64", Platform.LINUX_AARCH64, "linux-aarch64",
                    Platform.MACOS_AARCH64, "osx-aarch64")),
    DJL_TOKENIZERS("^native/lib/([^/]+)/.*",
            Map.of(Platform.LINUX_X64, "linux-x86_64", Platform.LINUX_AARCH64, "linux-aarch64",
                    Platform.MACOS_AARCH64, "osx-aarch64")),
    SQLITE_JDBC("^org/sqlite/native/([^/]+/[^/]+)/.*",
            Map.of(Platform.LINUX_X64, "Linux/x86_64", Platform.LINUX_AARCH64, "Linux/aarch64",
                    Platform.MACOS_AARCH64, "Mac/aarch64")),
    ZSTD_JNI("^([a-z]+/[^/]+)/libzstd-jni[^/]*$",
            Map.of(Platform.LINUX_X64, "linux/amd64", Platform.LINUX_AARCH64, "linux/aarch64",
                    Platform.MACOS_AARCH64, "darwin/aarch64")),
    JNA("^com/sun/jna/([^/]+)/libjnidispatch\\.[^/]+$",
            Map.of(Platform.LINUX_X64, "linux-x86-64", Platform.LINUX_AARCH64, "linux-aarch64",
                    Platform.MACOS_AARCH64, "darwin-aarch64")),
    JLINE("^org/jline/nativ/([^/]+/[^/]+)/.*",
            Map.of(Platform.LINUX_X64, "Linux/x86_64", Platform.LINUX_AARCH64, "Linux/arm64",
                    Platform.MACOS_AARCH64, "Mac/arm64"));

    private final Pattern entry;
    private final Map<Platform, String> dirs;

    NativeLibrary(String entry, Map<Platform, String> dirs) {
        this.entry = Pattern.compile(entry);
        this.dirs = dirs;
    }

    /** The platform directory a jar entry belongs to, when it is one of this library's natives. */
    public Optional<String> platformDir(String entryName) {
        Matcher m = entry.matcher(entryName);
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    public String dirFor(Platform platform) {
        return dirs.get(platform);
    }

    /** The library whose native this entry is, if any. */
    public static Optional<NativeLibrary> owning(String entryName) {
        for (NativeLibrary library : values()) {
            if (library.platformDir(entryName).isPresent()) {
                return Optional.of(library);
            }
        }
        return Optional.empty();
    }
}
