package dev.recall.extract;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.sessions.SecretScanner;
import dev.recall.store.Message;
import dev.recall.store.Session;
import java.util.ArrayList;
import java.util.List;

/**
 * Extraction through a chat endpoint: one request per chunk of the session. The chunk text has candidate-tier
 * secrets redacted as outbound text; then the content is scanned once more and the transport scans the exact
 * request bytes. The model's answer is validated and its citations checked; nothing it says is written unchecked.
 */
final class EndpointExtractor implements Extractor {
    private final ExtractConfig config;
    private final ChatEndpoint endpoint;
    private final SecretScanner outbound;
    private final ObjectMapper json = new ObjectMapper();
    private final ResponseSchema schema = new ResponseSchema(json);
    private int droppedAnchors;
    private int droppedProposals;

    EndpointExtractor(ExtractConfig config, ChatEndpoint endpoint, SecretScanner outbound) {
        this.config = config;
        this.endpoint = endpoint;
        this.outbound = outbound;
    }

    Segmenter segmenter() {
        return new Segmenter(config.segmentation(), outbound::redact);
    }

    @Override
    public List<Candidate> extract(Session session, List<Message> messages) throws ExtractionFailure {
        endpoint.checkTransport();
        List<Candidate> out = new ArrayList<>();
        for (Chunk chunk : segmenter().chunks(messages)) {
            String content = ChatRequest.userContent(session, chunk);
            var findings = outbound.scan(content).findings();
            if (!findings.isEmpty()) {
                throw new ExtractionFailure("secret_in_request", "chunk " + chunk.index() + " still contains "
                        + findings.size() + " secret finding(s) (" + findings.getFirst().rule() + "); nothing was sent");
            }
            String response = endpoint.post(ChatRequest.body(json, config.endpoint().model(), config.request(), content));
            try {
                ResponseSchema.Result r = schema.parse(response, chunk.firstOrdinal(), chunk.lastOrdinal());
                droppedAnchors += r.droppedAnchors();
                droppedProposals += r.droppedEntries();
                out.addAll(r.candidates());
            } catch (ResponseSchema.Violation v) {
                throw new ExtractionFailure("schema", "chunk " + chunk.index() + ": the answer breaks the schema: "
                        + v.getMessage());
            }
        }
        return out;
    }

    /** Citations outside the chunk the model saw, dropped so far. */
    int droppedAnchors() {
        return droppedAnchors;
    }

    /** Proposals left without any valid citation, dropped so far. */
    int droppedProposals() {
        return droppedProposals;
    }
}
