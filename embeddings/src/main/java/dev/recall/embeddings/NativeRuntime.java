package dev.recall.embeddings;

import ai.onnxruntime.OrtEnvironment;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prepares the two native libraries behind the ONNX embedders, before either is first used.
 *
 * <ul>
 *   <li>DJL is put offline: otherwise every tokenizer load calls a cloud metadata address.
 *   <li>DJL's cache (where it unpacks the tokenizer library) goes under our cache dir.
 *   <li>ONNX Runtime's natives are unpacked once into our cache dir and
 *       {@code onnxruntime.native.path} points there; otherwise it unpacks about 28 MB into a new
 *       temp dir on every start.
 *   <li>ONNX Runtime's telemetry is switched off before it starts (see {@link #disableOnnxTelemetry}).
 * </ul>
 *
 * These libraries read JVM-wide system properties, so that is where the settings go; a value
 * the user already set always wins, which also makes repeated calls harmless.
 */
final class NativeRuntime {

    static final String DJL_OFFLINE = "ai.djl.offline";
    static final String DJL_CACHE_DIR = "DJL_CACHE_DIR";
    static final String DJL_OPT_OUT_TRACKING = "OPT_OUT_TRACKING";
    static final String ORT_NATIVE_PATH = "onnxruntime.native.path";
    static final String ORT_DISABLE_TELEMETRY = "ORT_DISABLE_TELEMETRY";

    private static final String ORT_RESOURCE_ROOT = "ai/onnxruntime/native/";

    private final Path cacheDir;

    NativeRuntime(Path cacheDir) {
        this.cacheDir = cacheDir.toAbsolutePath();
    }

    void prepare() {
        disableOnnxTelemetry();
        setIfAbsent(DJL_OFFLINE, "true");
        // Belt and braces: DJL lets an environment variable DJL_OFFLINE=false override the
        // property, but then still skips calling home when tracking is opted out.
        setIfAbsent(DJL_OPT_OUT_TRACKING, "true");
        if (System.getenv(DJL_CACHE_DIR) == null) {
            setIfAbsent(DJL_CACHE_DIR, cacheDir.resolve("djl").toString());
        }
        if (System.getProperty(ORT_NATIVE_PATH) == null) {
            Path dir = extractOnnxRuntimeNatives();
            if (dir != null) {
                setIfAbsent(ORT_NATIVE_PATH, dir.toString());
            }
        }
    }

    /**
     * ONNX Runtime (1.29 on Linux and macOS) starts a telemetry client when its environment is created, unless
     * {@code ORT_DISABLE_TELEMETRY=1} is in the process environment then: it kept a device id and an event database
     * under {@code ~/.cache/Microsoft}, looked up Microsoft's event collector to send them, and parsed the process's
     * command line recursively, so a command line of a few thousand characters (a long query) overflowed the stack
     * and killed the process with SIGSEGV. recall sends nothing unless the user configures an endpoint, so the
     * variable is always set, whatever the user's environment says. Java cannot change its own environment; libc's
     * {@code setenv} through JNA can, and the native runtime reads it with {@code getenv}. On Windows telemetry goes
     * through ETW and is switched off on the environment instead ({@link OnnxEmbedder}).
     */
    static void disableOnnxTelemetry() {
        if (Platform.isWindows()) {
            return;
        }
        int rc = NativeLibrary.getInstance(Platform.C_LIBRARY_NAME).getFunction("setenv")
                .invokeInt(new Object[] {ORT_DISABLE_TELEMETRY, "1", 1});
        if (rc != 0) {
            throw new EmbeddingException("cannot switch ONNX Runtime's telemetry off (setenv "
                    + ORT_DISABLE_TELEMETRY + " failed); refusing to load it");
        }
    }

    /**
     * Unpacks this platform's ONNX Runtime libraries into the cache, reusing what is already
     * there; {@code null} when the jar has none for this platform, so ONNX Runtime falls back to
     * its own loading.
     */
    private Path extractOnnxRuntimeNatives() {
        String platform = onnxRuntimePlatform();
        if (platform == null) {
            return null;
        }
        String version = OrtEnvironment.class.getPackage().getImplementationVersion();
        Path dir = cacheDir.resolve("onnxruntime")
                .resolve(version == null ? "unversioned" : version)
                .resolve(platform);
        ClassLoader loader = OrtEnvironment.class.getClassLoader();
        List<String> libraries = new ArrayList<>(List.of(
                System.mapLibraryName("onnxruntime"), System.mapLibraryName("onnxruntime4j_jni")));
        // Only on some platforms (Windows); ONNX Runtime loads it from the same directory.
        String shared = System.mapLibraryName("onnxruntime_providers_shared");
        if (loader.getResource(ORT_RESOURCE_ROOT + platform + "/" + shared) != null) {
            libraries.add(shared);
        }
        try {
            for (String library : libraries) {
                URL resource = loader.getResource(ORT_RESOURCE_ROOT + platform + "/" + library);
                if (resource == null) {
                    return null;
                }
                extract(resource, dir.resolve(library));
            }
            return dir;
        } catch (IOException e) {
            throw new EmbeddingException(
                    "cannot unpack ONNX Runtime native libraries into " + dir, e);
        }
    }

    private static void extract(URL resource, Path target) throws IOException {
        URLConnection connection = resource.openConnection();
        // For a jar entry the length comes from the zip directory, without inflating anything.
        long expected = connection.getContentLengthLong();
        if (Files.isRegularFile(target) && Files.size(target) == expected) {
            return;
        }
        try (InputStream in = connection.getInputStream()) {
            CacheFiles.Staged staged = CacheFiles.stage(in, target);
            if (expected >= 0 && staged.size() != expected) {
                CacheFiles.discard(staged.temp());
                throw new IOException("read " + staged.size() + " bytes of " + resource
                        + ", expected " + expected);
            }
            CacheFiles.publish(staged, target);
        }
    }

    /** The platform directory name ONNX Runtime's own loader uses inside its jar. */
    private static String onnxRuntimePlatform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String osPart;
        if (os.contains("mac") || os.contains("darwin")) {
            osPart = "osx";
        } else if (os.contains("win")) {
            osPart = "win";
        } else if (os.contains("nux")) {
            osPart = "linux";
        } else {
            return null;
        }
        String archPart;
        if (arch.startsWith("amd64") || arch.startsWith("x86_64")) {
            archPart = "x64";
        } else if (arch.startsWith("aarch64")) {
            archPart = "aarch64";
        } else {
            return null;
        }
        return osPart + "-" + archPart;
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
