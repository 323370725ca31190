package dev.recall.sessions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.store.Digests;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the new lines of one transcript file yielded: messages in order, session metadata, and the parser state that
 * must survive until the next incremental read (tool calls still waiting for their result, messages a transcript
 * records twice and that are still waiting for their twin).
 */
final class TranscriptChunk {
    private static final int MAX_PENDING_TOOLS = 256;
    private static final int MAX_UNPAIRED = 32;

    /** A tool call whose result may arrive later; the summary is redacted before it is carried. */
    record ToolCall(String name, String summary) {}

    private record Unpaired(String role, String digest, String source) {}

    final List<ParsedMessage> messages = new ArrayList<>();
    private final Map<String, ToolCall> pendingTools = new LinkedHashMap<>();
    private final List<Unpaired> unpaired = new ArrayList<>();
    String recordSessionId;
    String cwd;
    String gitBranch;
    String model;
    Instant first;
    Instant last;

    void add(ParsedMessage m) {
        messages.add(m);
        seen(m.timestamp());
    }

    /** A user's words (blank text is dropped). */
    void user(String text, String uuid, Instant at) {
        if (text != null && !text.isBlank()) {
            add(new ParsedMessage(ParsedMessage.USER, text.strip(), null, null, uuid, at));
        }
    }

    /** The assistant's words (blank text is dropped). */
    void assistant(String text, String uuid, Instant at) {
        if (text != null && !text.isBlank()) {
            add(new ParsedMessage(ParsedMessage.ASSISTANT, text.strip(), null, null, uuid, at));
        }
    }

    /** A tool call by the assistant, remembered so its result can name it. */
    void call(String id, String name, String summary, Instant at) {
        toolCall(id, name, summary);
        add(new ParsedMessage(ParsedMessage.ASSISTANT, "", name, summary, id, at));
    }

    /** A tool's result, named after the call it answers when that call was seen. */
    void result(String id, String output, Instant at) {
        ToolCall c = toolResult(id);
        add(new ParsedMessage(ParsedMessage.TOOL, output == null ? "" : output, c == null ? null : c.name(),
                c == null ? null : c.summary(), id == null ? null : id + ":output", at));
    }

    void seen(Instant t) {
        if (t == null) {
            return;
        }
        if (first == null || t.isBefore(first)) {
            first = t;
        }
        if (last == null || t.isAfter(last)) {
            last = t;
        }
    }

    void noteCwd(String value) {
        if (value != null && !value.isBlank()) {
            cwd = value;
        }
    }

    void noteBranch(String value) {
        if (value != null && !value.isBlank()) {
            gitBranch = value;
        }
    }

    void noteModel(String value) {
        if (value != null && !value.isBlank()) {
            model = value;
        }
    }

    void noteSessionId(String value) {
        if (recordSessionId == null && value != null && !value.isBlank()) {
            recordSessionId = value;
        }
    }

    void toolCall(String id, String name, String summary) {
        if (id == null) {
            return;
        }
        pendingTools.remove(id);
        pendingTools.put(id, new ToolCall(name, summary));
        if (pendingTools.size() > MAX_PENDING_TOOLS) {
            Iterator<String> it = pendingTools.keySet().iterator();
            it.next();
            it.remove();
        }
    }

    ToolCall toolResult(String id) {
        return id == null ? null : pendingTools.remove(id);
    }

    /**
     * Some transcripts record a message twice from two sources (Codex: a response item and an event). Returns true
     * when this message is the twin of one already kept, which is then consumed; a repeat from the same source is a
     * new message (the user really said "continue" twice).
     */
    boolean isTwin(String role, String text, String source) {
        String digest = Digests.sha256(role, text.strip());
        for (int i = 0; i < unpaired.size(); i++) {
            Unpaired u = unpaired.get(i);
            if (u.role().equals(role) && u.digest().equals(digest) && !u.source().equals(source)) {
                unpaired.remove(i);
                return true;
            }
        }
        unpaired.add(new Unpaired(role, digest, source));
        if (unpaired.size() > MAX_UNPAIRED) {
            unpaired.remove(0);
        }
        return false;
    }

    /** The carried parser state as JSON; summaries pass through the scanner, so no secret is carried. */
    String carry(ObjectMapper json, SecretScanner scanner) {
        ObjectNode root = json.createObjectNode();
        ObjectNode tools = root.putObject("tools");
        pendingTools.forEach((id, call) -> {
            ObjectNode t = tools.putObject(id);
            t.put("name", call.name());
            t.put("summary", call.summary() == null ? null : scanner.redact(call.summary()));
        });
        ArrayNode pairs = root.putArray("unpaired");
        for (Unpaired u : unpaired) {
            pairs.addArray().add(u.role()).add(u.digest()).add(u.source());
        }
        if (recordSessionId != null) {
            root.put("record_session_id", recordSessionId);
        }
        return root.toString();
    }

    void restore(ObjectMapper json, String carry) {
        if (carry == null || carry.isBlank()) {
            return;
        }
        try {
            JsonNode root = json.readTree(carry);
            root.path("tools").properties().forEach(e -> pendingTools.put(e.getKey(),
                    new ToolCall(e.getValue().path("name").asText(null), e.getValue().path("summary").asText(null))));
            for (JsonNode p : root.path("unpaired")) {
                unpaired.add(new Unpaired(p.path(0).asText(), p.path(1).asText(), p.path(2).asText()));
            }
            recordSessionId = root.path("record_session_id").asText(null);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // A carry we cannot read only costs tool names on results that span two syncs.
        }
    }
}
