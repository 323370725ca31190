package dev.recall.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of a JSONL file recall imports (entries, sessions, reviews): exactly one JSON object, strictly. A key
 * given twice is an error, because last-wins would silently keep one of two contradicting values; text after the
 * object is an error. A malformed line is described in plain words with its column: what was expected and what
 * was found, never the parser's internals.
 */
public final class JsonLine {
    /** The line is not one JSON object; the message says what is wrong, {@link #column()} where (1-based). */
    public static final class Malformed extends RuntimeException {
        private final int column;

        Malformed(int column, String message) {
            super(message, null, false, false);
            this.column = column;
        }

        /** 1-based; 0 when unknown. */
        public int column() {
            return column;
        }

        /** "malformed JSON at column 29: expected ..." */
        public String describe() {
            return column > 0 ? "malformed JSON at column " + column + ": " + getMessage() : getMessage();
        }
    }

    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private JsonLine() {}

    /**
     * The lines of a JSONL file, decoded strictly as UTF-8 line by line so that bad bytes are reported at their
     * line; {@code what} names the file in messages ("import file"). A missing file is NOT_FOUND, anything but a
     * regular file (a FIFO would block) and invalid UTF-8 are REJECTED.
     */
    public static List<String> lines(Path file, String what) {
        if (!Files.exists(file)) {
            throw new RecallException(RecallException.Kind.NOT_FOUND, what + " " + file + " does not exist");
        }
        if (!Files.isRegularFile(file)) {
            throw new RecallException(RecallException.Kind.REJECTED, what + " " + file + " is not a regular file"
                    + " (a directory, FIFO or device); nothing was written");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new StoreException("cannot read " + what + " " + file + ": " + e.getMessage(), e);
        }
        // Decoded line by line, strictly, so that bad bytes are reported where they are.
        List<String> lines = new ArrayList<>();
        var decoder = StandardCharsets.UTF_8.newDecoder();
        // A byte-order mark some editors write is not part of the first line's JSON.
        int start = bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb
                && (bytes[2] & 0xff) == 0xbf ? 3 : 0;
        for (int i = start; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == '\n') {
                if (i == bytes.length && start == i) {
                    break;
                }
                int end = i > start && bytes[i - 1] == '\r' ? i - 1 : i;
                try {
                    lines.add(decoder.decode(ByteBuffer.wrap(bytes, start, end - start)).toString());
                } catch (CharacterCodingException e) {
                    throw new RecallException(RecallException.Kind.REJECTED, what + " " + file
                            + " is not valid UTF-8 at line " + (lines.size() + 1) + "; nothing was written");
                }
                start = i + 1;
            }
        }
        return lines;
    }

    /** The object on this line, or {@link Malformed}. */
    public static ObjectNode object(String line) {
        JsonNode node;
        try {
            node = STRICT.readTree(line);
        } catch (JsonProcessingException e) {
            int column = e.getLocation() == null ? 0 : Math.max(e.getLocation().getColumnNr(), 0);
            throw new Malformed(column, plain(e.getOriginalMessage()));
        }
        if (node instanceof ObjectNode object) {
            return object;
        }
        throw new Malformed(0, "each line must be one JSON object ({...}), not "
                + (node == null || node.isMissingNode() ? "nothing" : "a" + article(node) + " "
                + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
    }

    private static String article(JsonNode node) {
        return node.isArray() ? "n" : "";
    }

    private static final Pattern FOUND = Pattern.compile("^Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\)");
    private static final Pattern TOKEN = Pattern.compile("^(?:Unrecognized|Non-standard) token '(.*?)'");
    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '(.*)'");
    private static final Pattern CONTROL = Pattern.compile("^Illegal (?:unquoted )?character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    private static final Pattern ESCAPE = Pattern.compile("^Unrecognized character escape '(.*?)'");
    private static final Pattern CLOSE = Pattern.compile("^Unexpected close marker '(.)': (?:expected '(.)'|no open)");

    /** Jackson's wording of a syntax error, told as what was expected and what was found. */
    static String plain(String original) {
        String m = original == null ? "" : original;
        Matcher x;
        if ((x = DUPLICATE.matcher(m)).find()) {
            return "field '" + x.group(1) + "' appears more than once (give each field once)";
        }
        if (m.startsWith("Unexpected end-of-input")) {
            return m.contains("quote") ? "the line ends inside a string (a closing \" is missing)"
                    : "the line ends before the JSON is complete (a closing } or ] is missing)";
        }
        if (m.startsWith("Trailing token")) {
            return "more text follows the object; each line holds exactly one JSON object";
        }
        if ((x = CONTROL.matcher(m)).find() && !m.contains("string value")) {
            return "a control character (" + codePoint(Integer.parseInt(x.group(1))) + ") outside a string; only"
                    + " spaces, tabs and line ends may separate JSON values";
        }
        if (x.find(0)) {
            return "a control character (" + codePoint(Integer.parseInt(x.group(1))) + ") inside a string must be"
                    + " escaped (\\n, \\t or \\u00XX)";
        }
        if ((x = ESCAPE.matcher(m)).find()) {
            return "'\\" + x.group(1) + "' is not a JSON escape (write \\\\ for a backslash)";
        }
        if ((x = TOKEN.matcher(m)).find()) {
            return "'" + x.group(1) + "' is not a JSON value (text needs double quotes; the literals are true,"
                    + " false and null)";
        }
        if ((x = CLOSE.matcher(m)).find()) {
            return x.group(2) == null ? "'" + x.group(1) + "' closes nothing that is open"
                    : "expected '" + x.group(2) + "' to close what is open, found '" + x.group(1) + "'";
        }
        if (m.contains("hex-digit")) {
            return "a \\u escape needs four hex digits";
        }
        if (m.startsWith("Invalid numeric value") || m.contains("in numeric value")) {
            return "malformed number" + (m.contains("Leading zeroes") ? " (a number may not start with 0)" : "");
        }
        if ((x = FOUND.matcher(m)).find()) {
            String found = found(x.group(1), Integer.parseInt(x.group(2)));
            if (m.contains("comma to separate Object")) {
                return "expected ',' or '}' after a field's value, found " + found;
            }
            if (m.contains("comma to separate Array")) {
                return "expected ',' or ']' after an array element, found " + found;
            }
            if (m.contains("double-quote to start field name")) {
                return "expected a field name in double quotes, found " + found
                        + (found.equals("'}'") ? " (a comma before it?)" : "");
            }
            if (m.contains("colon to separate")) {
                return "expected ':' after the field name, found " + found;
            }
            return "expected a value (text in double quotes, a number, an object, an array, true, false or null),"
                    + " found " + found;
        }
        if (m.contains("nesting depth")) {
            return "nested too deep (objects and arrays inside each other more than a thousand levels)";
        }
        if (m.contains("length") && m.contains("exceeds the maximum")) {
            return "a value is too long to read (" + m.replaceAll("\\s*\\(.*", "").strip() + ")";
        }
        // Anything else: Jackson's words without its internals (class names, feature names, source locations).
        String cut = m.replaceAll("\\s*\\(for .*", "").replaceAll("\\s*\\[Source.*", "")
                .replaceAll("\\s*\\(code \\d+[^)]*\\)", "").replaceAll("`[^`]*`", "").replace("was expecting", "expected");
        return cut.isBlank() ? "not valid JSON" : cut.strip();
    }

    private static String found(String text, int code) {
        if (code < 0x20 || code == 0x7f || code == 0xfeff || Character.isWhitespace(code) || text.length() != 1) {
            return codePoint(code) + (code == 0xfeff ? " (a byte-order mark)" : "");
        }
        return "'" + text + "'";
    }

    private static String codePoint(int code) {
        return String.format("U+%04X", code);
    }
}
