package dev.recall.extract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.store.EntryType;
import dev.recall.store.Labelled;
import dev.recall.store.RecallException;
import dev.recall.store.Scope;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Validates an endpoint's answer against the extraction schema. Any violation rejects the whole answer (the
 * model misunderstood the task; half of its output is not trusted either). Citations outside the chunk the model
 * was shown are dropped, and an entry left without one is dropped.
 */
final class ResponseSchema {
    private static final Set<String> TOP = Set.of("entries");
    private static final Set<String> ENTRY = Set.of("type", "scope", "title", "body", "trigger", "confidence",
            "evidence");
    private static final Set<String> ANCHOR = Set.of("start_ordinal", "end_ordinal", "snippet");
    private static final int MAX_ANCHORS = 20;

    /** The answer broke the schema: where and how. */
    static final class Violation extends Exception {
        Violation(String path, String message) {
            super(path + ": " + message);
        }
    }

    /** Valid proposals and how many citations fell outside the chunk. */
    record Result(List<Candidate> candidates, int droppedAnchors, int droppedEntries) {}

    private final ObjectMapper json;

    ResponseSchema(ObjectMapper json) {
        this.json = json;
    }

    /** Reads a chat completion response and validates the entries in its message content. */
    Result parse(String responseBody, int firstOrdinal, int lastOrdinal) throws Violation {
        JsonNode root = read(responseBody, "response");
        JsonNode choices = root.get("choices");
        if (choices == null || !choices.isArray() || choices.isEmpty()) {
            throw new Violation("response.choices", "missing or empty");
        }
        JsonNode choice = choices.get(0);
        if ("length".equals(choice.path("finish_reason").asText())) {
            throw new Violation("response.choices[0].finish_reason", "the answer was cut off (length)");
        }
        JsonNode content = choice.path("message").get("content");
        if (content == null || !content.isTextual()) {
            throw new Violation("response.choices[0].message.content", "missing or not a string");
        }
        return entries(read(unfence(content.asText()), "content"), firstOrdinal, lastOrdinal);
    }

    Result entries(JsonNode root, int firstOrdinal, int lastOrdinal) throws Violation {
        if (!root.isObject()) {
            throw new Violation("content", "must be a JSON object");
        }
        onlyKnown(root, TOP, "content");
        JsonNode entries = root.get("entries");
        if (entries == null || !entries.isArray()) {
            throw new Violation("content.entries", "missing or not an array");
        }
        if (entries.size() > ChatRequest.MAX_ENTRIES) {
            throw new Violation("content.entries", entries.size() + " entries, at most " + ChatRequest.MAX_ENTRIES
                    + " are allowed in one answer");
        }
        List<Candidate> out = new ArrayList<>();
        int droppedAnchors = 0;
        int droppedEntries = 0;
        for (int i = 0; i < entries.size(); i++) {
            String path = "content.entries[" + i + "]";
            JsonNode e = entries.get(i);
            if (!e.isObject()) {
                throw new Violation(path, "must be an object");
            }
            onlyKnown(e, ENTRY, path);
            EntryType type = label(EntryType.class, e, "type", path);
            Scope scope = label(Scope.class, e, "scope", path);
            String title = text(e, "title", path, Anchoring.MAX_TITLE, true);
            String body = text(e, "body", path, Anchoring.MAX_BODY, true);
            String trigger = text(e, "trigger", path, Anchoring.MAX_TRIGGER, false);
            double confidence = 0.5;
            JsonNode c = e.get("confidence");
            if (c != null && !c.isNull()) {
                if (!c.isNumber() || c.doubleValue() < 0 || c.doubleValue() > 1) {
                    throw new Violation(path + ".confidence", "must be a number between 0 and 1");
                }
                confidence = c.doubleValue();
            }
            JsonNode ev = e.get("evidence");
            if (ev == null || !ev.isArray() || ev.isEmpty() || ev.size() > MAX_ANCHORS) {
                throw new Violation(path + ".evidence", "must be an array of 1 to " + MAX_ANCHORS + " anchors");
            }
            List<Candidate.Span> spans = new ArrayList<>();
            for (int j = 0; j < ev.size(); j++) {
                String apath = path + ".evidence[" + j + "]";
                JsonNode a = ev.get(j);
                if (!a.isObject()) {
                    throw new Violation(apath, "must be an object");
                }
                onlyKnown(a, ANCHOR, apath);
                int start = integer(a, "start_ordinal", apath);
                int end = integer(a, "end_ordinal", apath);
                if (end < start) {
                    throw new Violation(apath + ".end_ordinal", "is before start_ordinal");
                }
                String snippet = text(a, "snippet", apath, Anchoring.MAX_SNIPPET * 4, false);
                if (start < firstOrdinal || end > lastOrdinal) {
                    droppedAnchors++;
                    continue;
                }
                spans.add(new Candidate.Span(start, end, snippet));
            }
            if (spans.isEmpty()) {
                droppedEntries++;
                continue;
            }
            out.add(new Candidate(type, scope, title, body, trigger, confidence, spans));
        }
        return new Result(out, droppedAnchors, droppedEntries);
    }

    private JsonNode read(String text, String what) throws Violation {
        try {
            JsonNode n = json.readTree(text);
            if (n == null) {
                throw new Violation(what, "empty");
            }
            return n;
        } catch (JsonProcessingException e) {
            throw new Violation(what, "not valid JSON: " + e.getOriginalMessage());
        }
    }

    /** Some servers wrap JSON mode output in a Markdown fence; the fence is formatting, not content. */
    private static String unfence(String content) {
        String s = content.strip();
        if (s.startsWith("```") && s.endsWith("```") && s.length() > 6) {
            s = s.substring(3, s.length() - 3);
            if (s.startsWith("json")) {
                s = s.substring(4);
            }
        }
        return s;
    }

    private static void onlyKnown(JsonNode node, Set<String> allowed, String path) throws Violation {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!allowed.contains(f)) {
                throw new Violation(path + "." + f, "unknown field");
            }
        }
    }

    private static <E extends Enum<E> & Labelled> E label(Class<E> type, JsonNode e, String field, String path)
            throws Violation {
        JsonNode v = e.get(field);
        if (v == null || !v.isTextual()) {
            throw new Violation(path + "." + field, "missing or not a string");
        }
        try {
            return Labelled.parse(type, field, v.asText());
        } catch (RecallException ex) {
            throw new Violation(path + "." + field, ex.problem());
        }
    }

    private static String text(JsonNode e, String field, String path, int max, boolean required) throws Violation {
        JsonNode v = e.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw new Violation(path + "." + field, "is required");
            }
            return null;
        }
        if (!v.isTextual()) {
            throw new Violation(path + "." + field, "must be a string");
        }
        String s = v.asText().strip();
        if (required && s.isEmpty()) {
            throw new Violation(path + "." + field, "must not be empty");
        }
        if (s.length() > max) {
            throw new Violation(path + "." + field, s.length() + " characters, at most " + max + " are allowed");
        }
        return s;
    }

    private static int integer(JsonNode a, String field, String path) throws Violation {
        JsonNode v = a.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < 0) {
            throw new Violation(path + "." + field, "must be a non-negative integer");
        }
        return v.intValue();
    }
}
