package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeRuntimeTest {
    @TempDir
    Path cache;

    /** The native runtime reads libc's environment, not Java's start-up copy of it: that is where it must be set. */
    @Test
    void onnxRuntimeTelemetryIsSwitchedOffInTheProcessEnvironmentBeforeItLoads() {
        new NativeRuntime(cache).prepare();
        String value = NativeLibrary.getInstance(Platform.C_LIBRARY_NAME).getFunction("getenv")
                .invokeString(new Object[] {NativeRuntime.ORT_DISABLE_TELEMETRY}, false);
        assertEquals("1", value);
    }
}
