package dev.recall.extract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.store.Session;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The request an endpoint extraction sends: an OpenAI-compatible, non-streaming chat completion with a fixed
 * system prompt and one chunk of the session. The prompt and the request shape are part of the generation
 * fingerprint; the model sees ordinals and cites them, and the host verifies every citation.
 */
final class ChatRequest {
    static final int SCHEMA_VERSION = 1;
    static final int MAX_ENTRIES = 100;

    static final String SYSTEM_PROMPT = """
            You distil coding-agent sessions into durable knowledge for future sessions on the same project.
            Read the messages and propose entries that would help another engineer or agent later. Types:
            - fact: a salient, durable statement about the code, system or environment.
            - decision: a choice that was made, with its reason.
            - procedure: commands or steps that worked, and what they are for.
            - debugging_method: an error and the change that made it pass.
            - warning: negative advice (never, don't, breaks, must not).
            - preference: how the user wants things done.
            - open_question: something left undone or undecided.
            Scopes: global, project, repository, branch, file, tool, agent.
            Answer with one JSON object and nothing else:
            {"entries": [{"type": "...", "scope": "...", "title": "...", "body": "...", "trigger": "when ...",
              "confidence": 0.0-1.0, "evidence": [{"start_ordinal": N, "end_ordinal": M, "snippet": "..."}]}]}
            Rules: at most 100 entries; title at most 200 characters; body at most 4000 characters; trigger at most
            300 characters or null; every entry cites at least one evidence range using the [#N] message numbers
            shown; a snippet, if given, is an exact quote from those messages. Propose nothing that is not
            supported by the messages. If there is nothing durable, answer {"entries": []}.""";

    private ChatRequest() {}

    /** The request shape, for the fingerprint: a change here is a new generation. */
    static Map<String, Object> shape() {
        Map<String, Object> shape = new LinkedHashMap<>();
        shape.put("schema_version", SCHEMA_VERSION);
        shape.put("max_entries", MAX_ENTRIES);
        shape.put("stream", false);
        shape.put("response_format", "json_object");
        shape.put("max_title", Anchoring.MAX_TITLE);
        shape.put("max_body", Anchoring.MAX_BODY);
        return shape;
    }

    static String userContent(Session s, Chunk chunk) {
        return "Session: agent=" + s.agent() + " project=" + s.project() + " branch=" + s.gitBranch() + "\n"
                + "Messages #" + chunk.firstOrdinal() + " to #" + chunk.lastOrdinal()
                + " (cite these numbers as evidence ordinals):\n\n" + chunk.text();
    }

    static String body(ObjectMapper json, String model, ModelRequest request, String userContent) {
        ObjectNode root = json.createObjectNode();
        root.put("model", model);
        ArrayNode messages = root.putArray("messages");
        messages.addObject().put("role", "system").put("content", request.systemPrompt());
        messages.addObject().put("role", "user").put("content", userContent);
        root.put("temperature", request.temperature());
        if (request.maxTokens() != null) {
            root.put("max_tokens", request.maxTokens());
        }
        // Server-specific knobs (template arguments, sampling controls) go top-level, as OpenAI-compatible servers
        // read them; the keys recall sets itself were refused when the configuration was read.
        request.extraBody().forEach((k, v) -> root.set(k, json.valueToTree(v)));
        root.put("stream", false);
        root.putObject("response_format").put("type", "json_object");
        try {
            return json.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a chat request", e);
        }
    }
}
