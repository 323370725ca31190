package dev.recall.store;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Points sqlite-jdbc at a copy of its native library kept in the data dir's cache. Left to itself the driver
 * extracts the library to a new temp file on every start and compares it with the jar's copy byte by byte, a
 * visible share of a short command's start-up (docs/benchmarks.md, issue 5). The copy is named after the driver
 * version and platform, written to a temp name and renamed, so concurrent starts never load a half-written one.
 * Anything unexpected leaves the driver's own loading in place: this only ever costs speed.
 */
final class SqliteNative {
    static final String LIB_PATH = "org.sqlite.lib.path";
    static final String LIB_NAME = "org.sqlite.lib.name";

    private SqliteNative() {}

    /** Sets the driver's library properties unless someone already did; the driver reads them once per JVM. */
    static void useCachedCopy(Path cacheDir) {
        if (System.getProperty(LIB_PATH) != null) {
            return;
        }
        try {
            String folder = org.sqlite.util.OSInfo.getNativeLibFolderPathForCurrentOS();
            String name = System.mapLibraryName("sqlitejdbc");
            ClassLoader loader = SqliteNative.class.getClassLoader();
            URL library = loader.getResource("org/sqlite/native/" + folder + "/" + name);
            URL version = loader.getResource("META-INF/maven/org.xerial/sqlite-jdbc/VERSION");
            if (library == null || version == null) {
                return;
            }
            String v;
            try (InputStream in = version.openStream()) {
                v = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            Path dir = cacheDir.resolve("sqlite-jdbc-" + v).resolve(folder);
            Path target = dir.resolve(name);
            URLConnection c = library.openConnection();
            long size = c.getContentLengthLong();
            if (!Files.isRegularFile(target) || Files.size(target) != size) {
                try (InputStream in = c.getInputStream()) {
                    AtomicFiles.write(target, in::transferTo);
                }
            }
            System.setProperty(LIB_NAME, name);
            System.setProperty(LIB_PATH, dir.toString());
        } catch (IOException | RuntimeException | LinkageError e) {
            // the driver extracts its library itself, as it would without this
        }
    }
}
