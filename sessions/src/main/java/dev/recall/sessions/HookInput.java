package dev.recall.sessions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;

/**
 * What a Claude Code hook receives on stdin: {@code {session_id, transcript_path, cwd, hook_event_name, source}},
 * and {@code prompt} for UserPromptSubmit.
 * Read leniently: a hook must never fail the session, so missing or malformed input is simply empty.
 */
public record HookInput(String sessionId, String transcriptPath, String cwd, String event, String source,
        String prompt) {
    public static final HookInput NONE = new HookInput(null, null, null, null, null, null);
    private static final int MAX_BYTES = 1 << 20;

    public static HookInput read(InputStream in) {
        try {
            byte[] bytes = in.readNBytes(MAX_BYTES);
            if (bytes.length == 0) {
                return NONE;
            }
            JsonNode n = new ObjectMapper().readTree(bytes);
            if (n == null || !n.isObject()) {
                return NONE;
            }
            return new HookInput(Json.text(n, "session_id"), Json.text(n, "transcript_path"), Json.text(n, "cwd"),
                    Json.text(n, "hook_event_name"), Json.text(n, "source"), Json.text(n, "prompt"));
        } catch (IOException e) {
            return NONE;
        }
    }
}
