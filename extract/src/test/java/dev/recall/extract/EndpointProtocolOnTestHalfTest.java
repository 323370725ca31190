package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.sessions.SecretScanner;
import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The endpoint extractor on the test half, against a deterministic fake model on 127.0.0.1 that answers each chunk
 * with the hand-written entries whose evidence lies inside it. This measures the protocol, not a model: what the
 * segmentation, the request, the schema check and the host's anchoring let through of perfect answers. A real
 * model's quality depends on the model and is not measured here.
 */
class EndpointProtocolOnTestHalfTest {
    private static final Pattern RANGE = Pattern.compile("Messages #(\\d+) to #(\\d+)");

    @TempDir
    Path dir;

    @Test
    void perfectAnswersSurviveSegmentationSchemaAndAnchoring() throws Exception {
        JudgedCorpus corpus = new JudgedCorpus();
        ObjectMapper json = new ObjectMapper();
        try (Database db = JudgedCorpus.load(dir); FakeModel model = new FakeModel()) {
            ExtractConfig config = ExtractConfig.endpoint(new ExtractConfig.Endpoint(model.base(), "oracle", null, false,
                    Duration.ofSeconds(30)));
            Fingerprint fp = Fingerprint.of(config);
            Sessions sessions = new Sessions(db);
            List<Session> all = new ArrayList<>(sessions.list(null, 100_000));
            all.sort(Comparator.comparing(Session::id));
            List<JudgedCorpus.Proposal> proposals = new ArrayList<>();
            int failed = 0;
            int chunks = 0;
            try (ChatEndpoint endpoint = new ChatEndpoint(config.endpoint(), k -> null, SecretScanner.outbound())) {
                EndpointExtractor extractor = new EndpointExtractor(config, endpoint, SecretScanner.outbound());
                for (Session s : all) {
                    if (JudgedCorpus.half(s.id()) != JudgedCorpus.Half.TEST) {
                        continue;
                    }
                    List<JudgedCorpus.HandEntry> hand = corpus.hand().stream()
                            .filter(h -> h.session().equals(s.id())).toList();
                    model.answer(r -> FakeModel.Answer.ok(FakeModel.completion(answer(json, r.body(), hand))));
                    int before = model.requests.size();
                    List<Message> messages = sessions.messages(s.id());
                    try {
                        var plan = Anchoring.plan(fp, s, messages, extractor.extract(s, messages),
                                java.time.Instant.EPOCH);
                        plan.entries().forEach(p -> proposals.add(JudgedCorpus.of(p)));
                    } catch (Extractor.ExtractionFailure f) {
                        failed++;
                    }
                    chunks += model.requests.size() - before;
                }
            }
            JudgedCorpus.Report report = corpus.score(proposals, JudgedCorpus.Half.TEST, false);
            System.out.printf("endpoint protocol (fake model answering the hand-written entries), %d requests, %d"
                    + " sessions refused:%n%s", chunks, failed, report.table("endpoint:oracle"));
            assertEquals(0, failed, "no test-half session is refused");
            assertTrue(chunks >= 24, "every session was sent");
            // Evidence that spans two chunks is lost (a chunk cites only its own messages); nothing else may be.
            assertTrue(report.coverage() >= 0.95, report.table("endpoint:oracle"));
            assertEquals(report.total().proposed, report.total().kept, "every proposal is a hand-written entry");
        }
    }

    /** The hand-written entries whose every evidence range lies inside the chunk the request carries. */
    private static String answer(ObjectMapper json, String requestBody, List<JudgedCorpus.HandEntry> hand) {
        try {
            String content = json.readTree(requestBody).get("messages").get(1).get("content").asText();
            Matcher m = RANGE.matcher(content);
            if (!m.find()) {
                return "{\"entries\": []}";
            }
            int first = Integer.parseInt(m.group(1));
            int last = Integer.parseInt(m.group(2));
            ObjectNode root = json.createObjectNode();
            ArrayNode entries = root.putArray("entries");
            for (JudgedCorpus.HandEntry h : hand) {
                if (h.ranges().stream().anyMatch(r -> r[0] < first || r[1] > last)) {
                    continue;
                }
                JsonNode e = h.json();
                ObjectNode out = entries.addObject();
                for (String field : List.of("type", "scope", "title", "body", "trigger")) {
                    out.set(field, e.get(field));
                }
                out.put("confidence", 0.8);
                ArrayNode evidence = out.putArray("evidence");
                e.path("evidence").forEach(ev -> {
                    ObjectNode x = evidence.addObject();
                    x.set("start_ordinal", ev.get("start_ordinal"));
                    x.set("end_ordinal", ev.get("end_ordinal"));
                    if (ev.hasNonNull("snippet")) {
                        x.set("snippet", ev.get("snippet"));
                    }
                });
            }
            return json.writeValueAsString(root);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
