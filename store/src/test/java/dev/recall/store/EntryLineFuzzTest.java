package dev.recall.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Fuzzes what `recall import` and `recall sessions import` do with one untrusted line: strict JSON, then the entry's
 * fields. Whatever the bytes, the answer is the line's object or a refusal that names what is wrong (a
 * {@link JsonLine.Malformed} or a field error), never another exception. Under `./mvnw verify` it replays the seeds in
 * src/test/resources/dev/recall/store/EntryLineFuzzTestInputs; {@code JAZZER_FUZZ=1} fuzzes (docs/reliability.md).
 */
class EntryLineFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void entryLine(FuzzedDataProvider data) {
        String line = data.consumeRemainingAsString();
        ObjectNode node;
        try {
            node = JsonLine.object(line);
        } catch (JsonLine.Malformed e) {
            assertFalse(e.describe().isBlank());
            assertFalse(e.describe().contains("\n"), "one line: " + e.describe());
            return;
        }
        try {
            ParsedEntry parsed = ParsedEntry.from(node);
            assertNotNull(parsed.id());
        } catch (JsonFields.FieldException e) {
            assertNotNull(e.field, e.getMessage());
            assertFalse(e.getMessage().isBlank());
        }
    }
}
