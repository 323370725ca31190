package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Fuzzes what an extraction endpoint answers (a model's output is untrusted input): the chat completion around it and
 * the entries in its message content. Whatever it says, the answer is valid proposals whose every citation lies in
 * the chunk the model was shown, or one violation naming where the answer is wrong; never another exception. Seeds
 * are in src/test/resources/dev/recall/extract/ModelAnswerFuzzTestInputs; {@code JAZZER_FUZZ=1} fuzzes.
 */
class ModelAnswerFuzzTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ResponseSchema SCHEMA = new ResponseSchema(JSON);

    @FuzzTest(maxDuration = "5m")
    void modelAnswer(FuzzedDataProvider data) {
        int first = data.consumeInt(0, 50);
        int last = first + data.consumeInt(0, 50);
        boolean wholeBody = data.consumeBoolean();
        String text = data.consumeRemainingAsString();
        String body = wholeBody ? text : envelope(text);
        try {
            ResponseSchema.Result r = SCHEMA.parse(body, first, last);
            for (Candidate c : r.candidates()) {
                assertFalse(c.anchors().isEmpty(), "a proposal without a citation: " + c);
                assertFalse(c.title().isBlank() || c.body().isBlank(), c.toString());
                assertTrue(c.confidence() >= 0 && c.confidence() <= 1, c.toString());
                for (Candidate.Span s : c.anchors()) {
                    assertTrue(s.start() >= first && s.end() <= last && s.start() <= s.end(),
                            "a citation outside the chunk " + first + ".." + last + ": " + s);
                }
            }
        } catch (ResponseSchema.Violation v) {
            assertFalse(v.getMessage().isBlank());
        }
    }

    /** A well-formed chat completion whose message content is the fuzzed text. */
    private static String envelope(String content) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode choice = root.putArray("choices").addObject();
        choice.put("finish_reason", "stop");
        choice.putObject("message").put("role", "assistant").put("content", content);
        return root.toString();
    }
}
