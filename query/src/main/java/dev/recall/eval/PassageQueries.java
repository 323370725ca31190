package dev.recall.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.index.Passage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Judged questions over an archive (testdata/passages/queries.jsonl): each names the messages that answer it as
 * {@code <session>:<ordinal>} anchors, and a passage is relevant when its ordinal range holds an anchor, so the
 * judgments survive a change in how passages are cut.
 */
public record PassageQueries(List<Query> queries) {
    /** One judged question. */
    public record Query(String id, String text, List<Anchor> relevant) {}

    /** A message that answers a question. */
    public record Anchor(String sessionId, int ordinal) {}

    public static PassageQueries read(Path file) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Query> out = new ArrayList<>();
        int line = 0;
        for (String text : Files.readAllLines(file)) {
            line++;
            if (text.isBlank()) {
                continue;
            }
            JsonNode n = json.readTree(text);
            List<Anchor> anchors = new ArrayList<>();
            for (JsonNode a : n.path("relevant")) {
                String s = a.asText();
                int colon = s.lastIndexOf(':');
                if (colon < 1) {
                    throw new IOException(file + ":" + line + ": anchor '" + s + "' is not <session>:<ordinal>");
                }
                anchors.add(new Anchor(s.substring(0, colon), Integer.parseInt(s.substring(colon + 1))));
            }
            if (!n.hasNonNull("id") || !n.hasNonNull("query") || anchors.isEmpty()) {
                throw new IOException(file + ":" + line + ": needs id, query and at least one relevant anchor");
            }
            out.add(new Query(n.get("id").asText(), n.get("query").asText(), anchors));
        }
        return new PassageQueries(out);
    }

    /** Passage id -> gain 1 for every passage that holds an anchor of the query. */
    public Map<String, Integer> judgments(Query q, Map<String, List<Passage>> passagesBySession) {
        Map<String, Integer> out = new HashMap<>();
        for (Anchor a : q.relevant()) {
            for (Passage p : passagesBySession.getOrDefault(a.sessionId(), List.of())) {
                if (p.startOrdinal() <= a.ordinal() && a.ordinal() <= p.endOrdinal()) {
                    out.put(p.id(), 1);
                }
            }
        }
        return out;
    }
}
