package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Fuzzes the parsers that read transcripts, which recall takes from any agent's files: the Claude Code and Codex
 * record readers (a record of any shape yields messages or nothing, never an exception), and the secret scanner
 * every message passes through (never an exception, and redacting twice changes nothing). Seeds are in
 * src/test/resources/dev/recall/sessions/TranscriptFuzzTestInputs; {@code JAZZER_FUZZ=1} fuzzes.
 */
class TranscriptFuzzTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @FuzzTest(maxDuration = "5m")
    void claudeCodeRecords(FuzzedDataProvider data) {
        read(new ClaudeCodeFormat(data.consumeBoolean()), data.consumeRemainingAsString());
    }

    @FuzzTest(maxDuration = "5m")
    void codexRecords(FuzzedDataProvider data) {
        read(new CodexFormat(), data.consumeRemainingAsString());
    }

    @FuzzTest(maxDuration = "5m")
    void secretScanner(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        SecretScanner scanner = SecretScanner.archive();
        SecretScanner.Result once = scanner.scan(text);
        for (SecretScanner.Finding f : once.findings()) {
            assertTrue(f.start() >= 0 && f.end() <= once.text().length() && f.start() < f.end(), f.toString());
            assertEquals(SecretScanner.marker(f.rule()), once.text().substring(f.start(), f.end()));
        }
        assertEquals(once.text(), scanner.redact(once.text()), "redacting twice changes nothing");
        if (!once.findings().isEmpty()) {
            assertFalse(once.text().equals(text));
        }
    }

    private static void read(TranscriptFormat format, String text) {
        TranscriptChunk chunk = new TranscriptChunk();
        for (String line : text.split("\n", -1)) {
            JsonNode node;
            try {
                node = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                continue; // a malformed line is counted by the sync, not given to the format
            }
            if (node != null && node.isObject()) {
                format.read(node, chunk);
            }
        }
    }
}
