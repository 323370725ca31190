package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver's native library is copied once into the cache and reused; a damaged copy is replaced. */
class SqliteNativeTest {
    @TempDir
    Path tmp;

    private String path;
    private String name;

    @BeforeEach
    void clear() {
        path = System.clearProperty(SqliteNative.LIB_PATH);
        name = System.clearProperty(SqliteNative.LIB_NAME);
    }

    @AfterEach
    void restore() {
        restore(SqliteNative.LIB_PATH, path);
        restore(SqliteNative.LIB_NAME, name);
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    @Test
    void theLibraryIsCopiedOnceAndTheDriverPointedAtIt() throws Exception {
        Path cache = tmp.resolve("cache");
        SqliteNative.useCachedCopy(cache);
        Path lib = Path.of(System.getProperty(SqliteNative.LIB_PATH)).resolve(System.getProperty(SqliteNative.LIB_NAME));
        assertTrue(lib.startsWith(cache), lib.toString());
        assertArrayEquals(jarCopy(lib), Files.readAllBytes(lib));
        try (Stream<Path> files = Files.list(lib.getParent())) {
            assertEquals(1, files.count(), "no temp files left behind");
        }

        // a copy cut short (a crash while copying by an older version, a full disk) is replaced
        Files.write(lib, new byte[] {1, 2, 3});
        System.clearProperty(SqliteNative.LIB_PATH);
        SqliteNative.useCachedCopy(cache);
        assertArrayEquals(jarCopy(lib), Files.readAllBytes(lib));
    }

    @Test
    void aPathSetByTheUserIsLeftAlone() {
        System.setProperty(SqliteNative.LIB_PATH, "/opt/custom");
        SqliteNative.useCachedCopy(tmp.resolve("cache"));
        assertEquals("/opt/custom", System.getProperty(SqliteNative.LIB_PATH));
        assertFalse(Files.exists(tmp.resolve("cache")));
    }

    private static byte[] jarCopy(Path lib) throws Exception {
        String folder = org.sqlite.util.OSInfo.getNativeLibFolderPathForCurrentOS();
        try (InputStream in = SqliteNative.class.getClassLoader()
                .getResourceAsStream("org/sqlite/native/" + folder + "/" + lib.getFileName())) {
            assertNotNull(in);
            return in.readAllBytes();
        }
    }
}
