package dev.recall.extract;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.store.Evidence;
import dev.recall.store.Message;
import dev.recall.store.RecallEntry;
import java.util.List;
import java.util.Set;

/**
 * The review file's line for an entry. The reviewer fills label (and may set transferable, edit title, body,
 * trigger, uncertainty, or name an entry this one supersedes); everything else is context, read-only: import
 * checks it still matches the store, so a line cannot be pasted onto another entry.
 */
final class ReviewLines {
    static final Set<String> EDITABLE = Set.of("label", "transferable", "title", "body", "trigger", "uncertainty",
            "supersedes");
    static final Set<String> READ_ONLY = Set.of("type", "scope", "confidence", "project", "cwd", "git_branch",
            "agent", "source_session_id", "extractor_method", "evidence");
    /** What only recall sets; naming one in a review file is an error, as in the entry import. */
    static final Set<String> HOST = Set.of("status", "review_state", "provenance_ok", "provenance_reason",
            "content_digest", "superseded_by_entry_id", "supersedes_entry_id", "created_at", "updated_at",
            "extraction_fingerprint");
    private static final int EXCERPT_MESSAGES = 5;
    private static final int EXCERPT_CHARS = 600;

    /** Messages of a session between two ordinals, inclusive. */
    interface MessageSource {
        List<Message> messages(String sessionId, int from, int to);
    }

    private final ObjectMapper json;
    private final MessageSource source;

    ReviewLines(ObjectMapper json, MessageSource source) {
        this.json = json;
        this.source = source;
    }

    ObjectNode line(RecallEntry e, List<Evidence> evidence) {
        ObjectNode n = json.createObjectNode();
        n.put("id", e.id());
        n.putNull("label");
        n.put("transferable", e.transferable());
        n.put("title", e.title());
        n.put("body", e.body());
        n.put("trigger", e.trigger());
        n.put("uncertainty", e.uncertainty());
        n.putNull("supersedes");
        context(n, e, evidence);
        return n;
    }

    /** The read-only fields, rendered the same way for export and for import's comparison. */
    ObjectNode context(ObjectNode n, RecallEntry e, List<Evidence> evidence) {
        n.put("type", e.type().label());
        n.put("scope", e.scope().label());
        n.put("confidence", e.confidence());
        n.put("project", e.project());
        n.put("cwd", e.cwd());
        n.put("git_branch", e.gitBranch());
        n.put("agent", e.agent());
        n.put("source_session_id", e.sourceSessionId());
        n.put("extractor_method", e.extractorMethod());
        ArrayNode anchors = n.putArray("evidence");
        for (Evidence ev : evidence) {
            ObjectNode a = anchors.addObject();
            a.put("start_ordinal", ev.startOrdinal());
            a.put("end_ordinal", ev.endOrdinal());
            a.put("snippet", ev.snippet());
            ArrayNode messages = a.putArray("messages");
            int to = Math.min(ev.endOrdinal(), ev.startOrdinal() + EXCERPT_MESSAGES - 1);
            for (Message m : source.messages(ev.sessionId(), ev.startOrdinal(), to)) {
                ObjectNode mn = messages.addObject();
                mn.put("ordinal", m.ordinal());
                mn.put("role", m.role());
                if (m.toolName() != null) {
                    mn.put("tool_name", m.toolName());
                }
                if (m.toolInput() != null) {
                    mn.put("tool_input", Segmenter.cut(m.toolInput(), EXCERPT_CHARS / 2));
                }
                mn.put("text", Segmenter.cut(m.text(), EXCERPT_CHARS));
            }
        }
        return n;
    }
}
