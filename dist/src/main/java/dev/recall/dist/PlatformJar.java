package dev.recall.dist;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Enumeration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Copies the fat jar for one platform: every entry except the natives of other platforms, macOS debug symbols, and
 * the module descriptors of shaded libraries (a fat jar on the class path has no module; a stray
 * {@code META-INF/versions/9/module-info.class} would make jdeps read the whole jar as sqlite-jdbc's module).
 * Fails when a native library has nothing left for the platform, rather than ship a jar that breaks at run time.
 */
public final class PlatformJar {
    private static final Pattern DROPPED = Pattern.compile("(^|.*/)[^/]+\\.dSYM/.*|^META-INF/versions/\\d+/module-info\\.class$");

    private PlatformJar() {}

    /** Whether the jar for {@code platform} keeps this entry. */
    public static boolean keeps(String entryName, Platform platform) {
        if (DROPPED.matcher(entryName).matches()) {
            return false;
        }
        Optional<NativeLibrary> library = NativeLibrary.owning(entryName);
        return library.isEmpty() || library.get().platformDir(entryName).orElseThrow()
                .equals(library.get().dirFor(platform));
    }

    /** Writes the platform's jar and returns how many files each native library kept. */
    public static Map<NativeLibrary, Integer> write(Path fatJar, Path out, Platform platform) throws IOException {
        Map<NativeLibrary, Integer> kept = new EnumMap<>(NativeLibrary.class);
        Files.createDirectories(out.toAbsolutePath().getParent());
        try (ZipFile in = new ZipFile(fatJar.toFile());
                ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(out))) {
            Enumeration<? extends ZipEntry> entries = in.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                if (!keeps(entry.getName(), platform)) {
                    continue;
                }
                if (!entry.isDirectory()) {
                    NativeLibrary.owning(entry.getName()).ifPresent(l -> kept.merge(l, 1, Integer::sum));
                }
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setTime(entry.getTime());
                zip.putNextEntry(copy);
                try (InputStream data = in.getInputStream(entry)) {
                    data.transferTo(zip);
                }
                zip.closeEntry();
            }
        }
        for (NativeLibrary library : NativeLibrary.values()) {
            if (!kept.containsKey(library)) {
                Files.delete(out);
                throw new IOException(fatJar + " holds no " + library + " native for " + platform.id()
                        + " (looked for " + library.dirFor(platform) + ")");
            }
        }
        return kept;
    }

    /** Usage: PlatformJar FAT_JAR OUT_JAR PLATFORM_ID. */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: PlatformJar FAT_JAR OUT_JAR PLATFORM_ID");
            System.exit(2);
        }
        Platform platform = Platform.byId(args[2]);
        Map<NativeLibrary, Integer> kept = write(Path.of(args[0]), Path.of(args[1]), platform);
        OutputStream out = System.out;
        out.write(("dist: " + args[1] + " keeps the " + platform.id() + " natives " + kept + "\n").getBytes());
        out.flush();
    }
}
