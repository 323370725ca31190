package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** recall bench's option errors: usage errors (exit 2) that name the option and the bad value. */
class BenchCliTest {
    @TempDir
    Path tmp;

    @Test
    void anUnknownEncodingIsAUsageError() {
        CliRun run = CliRun.run(tmp.resolve("data"), "bench", "--sizes", "100", "--encodings", "float32,fp16");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--encodings: unknown value 'fp16' (allowed: float32, int8)"), run.toString());
    }

    @Test
    void anEmptyEncodingListIsAUsageError() {
        CliRun run = CliRun.run(tmp.resolve("data"), "bench", "--sizes", "100", "--encodings", "");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--encodings"), run.toString());
    }

    @Test
    void anUnknownVectorSourceListsSentences() {
        CliRun run = CliRun.run(tmp.resolve("data"), "bench", "--sizes", "100", "--vectors", "glove");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--vectors: unknown value 'glove' (allowed: model, hash, sentences, sentences-as-model, auto)"),
                run.toString());
    }
}
