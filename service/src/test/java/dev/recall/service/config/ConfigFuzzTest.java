package dev.recall.service.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.recall.store.RecallException;
import java.nio.file.Path;

/**
 * Fuzzes config.toml, which every command reads before it does anything: whatever the file says, it is settings or
 * one refusal that names the file (and the line or key when there is one) and is of the kind "invalid input" (exit
 * 3), never another exception or an internal error. Seeds are in
 * src/test/resources/dev/recall/service/config/ConfigFuzzTestInputs; {@code JAZZER_FUZZ=1} fuzzes.
 */
class ConfigFuzzTest {
    private static final Path FILE = Path.of("/data", ConfigLoader.FILE_NAME);
    private static final ConfigLoader LOADER = new ConfigLoader();

    @FuzzTest(maxDuration = "5m")
    void configToml(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        try {
            RecallConfig config = RecallConfig.resolve(FILE, LOADER.parse(FILE, text));
            assertNotNull(config.embeddings());
        } catch (RecallException e) {
            assertEquals(RecallException.Kind.INVALID, e.kind(), e.getMessage());
            assertTrue(e.getMessage().startsWith(FILE.toString()), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        }
    }
}
