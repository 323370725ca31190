package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** issue 12 item 11: a malformed line says where and what was expected, in words, without the parser's internals. */
class JsonLineTest {
    @Test
    void eachMistakeIsToldInPlainWordsWithItsColumn() {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("{\"id\": \"x\", \"type\": \"fact\",", "column 28: the line ends before the JSON is complete");
        cases.put("{\"id\": \"x\" \"type\": 1}", "column 12: expected ',' or '}' after a field's value, found '\"'");
        cases.put("{\"id\": [1 2]}", "column 11: expected ',' or ']' after an array element, found '2'");
        cases.put("{\"id\": \"x\",}", "column 12: expected a field name in double quotes, found '}' (a comma before it?)");
        cases.put("{id: 1}", "column 2: expected a field name in double quotes, found 'i'");
        cases.put("{\"id\" 1}", "column 7: expected ':' after the field name, found '1'");
        cases.put("{\"a\":\"b\",\"a\":1}", "column 13: field 'a' appears more than once");
        cases.put("{\"a\": tru}", "column 7: 'tru' is not a JSON value");
        cases.put("{\"a\": 'x'}", "column 7: expected a value (text in double quotes");
        cases.put("{\"a\": \"x\ty\"}", "column 9: a control character (U+0009) inside a string must be escaped");
        cases.put("{\"a\": \"xy", "the line ends inside a string (a closing \" is missing)");
        cases.put("{\"a\":1} {}", "more text follows the object; each line holds exactly one JSON object");
        cases.put("{\"a\":\"\\x\"}", "'\\x' is not a JSON escape");
        cases.put("{\"a\": 01}", "malformed number (a number may not start with 0)");
        cases.put("{\"a\": [1,2}", "expected ']' to close what is open, found '}'");
        cases.put("{\"a\": 1]", "expected '}' to close what is open, found ']'");
        cases.put("}", "'}' closes nothing that is open");
        cases.put("{\"a\": NaN}", "'NaN' is not a JSON value");
        cases.put("{\"a\": \"\\uZZZZ\"}", "a \\u escape needs four hex digits");
        cases.put("{\"a\": -}", "malformed number");
        cases.put("[1, 2]", "each line must be one JSON object ({...}), not an array");
        cases.put("\"text\"", "each line must be one JSON object ({...}), not a string");
        cases.put("\u0001{}", "a control character (U+0001) outside a string");
        cases.put("{\"a\":" + "[".repeat(1500), "nested too deep");
        cases.forEach((line, expected) -> {
            JsonLine.Malformed m = assertThrows(JsonLine.Malformed.class, () -> JsonLine.object(line), line);
            String said = m.describe();
            assertTrue(said.contains(expected), line + " -> " + said);
            for (String internal : new String[] {"Jackson", "code ", "`", "Source", "JsonNode", "Feature", "token '"
                    + "null'"}) {
                assertFalse(said.contains(internal), line + " -> " + said);
            }
        });
    }

    @Test
    void aWellFormedObjectIsReturned() {
        assertEquals("x", JsonLine.object("{\"id\":\"x\",\"n\":[1,{\"k\":null}]}").get("id").asText());
    }
}
