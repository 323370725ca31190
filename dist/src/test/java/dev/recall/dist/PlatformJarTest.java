package dev.recall.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which fat-jar entries each platform's jar keeps, on the entry names the real jar holds (DistArchiveIT checks it). */
class PlatformJarTest {
    @Test
    void keepsOnlyThePlatformsNativesOfEveryLibrary() {
        String[][] natives = {
            {"ai/onnxruntime/native/linux-x64/libonnxruntime.so", "ai/onnxruntime/native/osx-aarch64/libonnxruntime.dylib"},
            {"native/lib/linux-x86_64/cpu/libtokenizers.so", "native/lib/win-x86_64/cpu/tokenizers.dll"},
            {"org/sqlite/native/Linux/x86_64/libsqlitejdbc.so", "org/sqlite/native/Linux-Musl/x86_64/libsqlitejdbc.so"},
            {"linux/amd64/libzstd-jni-1.5.7-28.so", "linux/aarch64/libzstd-jni-1.5.7-28.so"},
            {"com/sun/jna/linux-x86-64/libjnidispatch.so", "com/sun/jna/darwin-aarch64/libjnidispatch.jnilib"},
            {"org/jline/nativ/Linux/x86_64/libjlinenative.so", "org/jline/nativ/Mac/arm64/libjlinenative.jnilib"},
        };
        for (String[] pair : natives) {
            assertTrue(PlatformJar.keeps(pair[0], Platform.LINUX_X64), pair[0]);
            assertFalse(PlatformJar.keeps(pair[1], Platform.LINUX_X64), pair[1]);
        }
        assertTrue(PlatformJar.keeps("ai/onnxruntime/native/osx-aarch64/libonnxruntime.dylib", Platform.MACOS_AARCH64));
        assertFalse(PlatformJar.keeps("ai/onnxruntime/native/osx-aarch64/libonnxruntime.dylib.dSYM/Contents/Resources/"
                + "DWARF/libonnxruntime.dylib", Platform.MACOS_AARCH64), "debug symbols never ship");
    }

    @Test
    void keepsClassesAndResourcesThatOnlyLookLikeNatives() {
        for (String entry : new String[] {"com/sun/jna/Native.class", "com/sun/jna/ptr/IntByReference.class",
                "org/jline/nativ/JLineNativeLoader.class", "native/lib/tokenizers.properties",
                "org/sqlite/SQLiteJDBCLoader.class", "bge-small-en-v1.5-q.onnx", "META-INF/MANIFEST.MF"}) {
            assertTrue(PlatformJar.keeps(entry, Platform.LINUX_AARCH64), entry);
        }
        assertFalse(PlatformJar.keeps("META-INF/versions/9/module-info.class", Platform.LINUX_X64));
    }

    @Test
    void namesPlatformsAsTheArchiveDoes() {
        assertEquals(Platform.LINUX_X64, Platform.of("Linux", "amd64"));
        assertEquals(Platform.MACOS_AARCH64, Platform.of("Mac OS X", "aarch64"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Platform.of("Mac OS X", "x86_64"));
        assertTrue(e.getMessage().contains("Mac OS X on x86_64"), e.getMessage());
    }
}
