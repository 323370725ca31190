package dev.recall.embeddings;

import ai.onnxruntime.OrtEnvironment;
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

    private static final String ORT_RESOURCE_ROOT = "ai/onnxruntime/native/";

    private final Path cacheDir;

    NativeRuntime(Path cacheDir) {
        this.cacheDir = cacheDir.toAbsolutePath();
    }

    void prepare() {
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
