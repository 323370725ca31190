package dev.recall.extract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.recall.store.Digests;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The identity of an extraction configuration: the SHA-256 of the canonical JSON of what shapes its output
 * (extractor, model, prompt digest, segmentation, request shape with temperature, max_tokens and extra_body). The
 * endpoint URL, the server's name, the API key and the timeout are left out: moving a model to another host does not
 * change what it proposes.
 */
record Fingerprint(String value, String method, String canonicalConfig) {

    static Fingerprint of(ExtractConfig config) {
        Map<String, Object> identity = new LinkedHashMap<>();
        if (config.extractor() == ExtractConfig.Kind.LOCAL) {
            identity.put("extractor", LocalExtractor.METHOD);
            identity.put("rules_version", LocalExtractor.RULES_VERSION);
            identity.put("max_facts", config.maxFactsPerSession());
        } else {
            ExtractConfig.Segmentation s = config.segmentation();
            identity.put("extractor", "endpoint");
            identity.put("model", config.endpoint().model());
            identity.put("prompt_sha256", Digests.sha256(config.request().systemPrompt()));
            identity.put("segmentation", Map.of("max_chunk_messages", s.maxMessages(), "max_chunk_chars",
                    s.maxChars(), "max_message_chars", s.maxMessageChars()));
            Map<String, Object> request = new LinkedHashMap<>(ChatRequest.shape());
            request.putAll(config.request().identity());
            identity.put("request", request);
        }
        String canonical = canonical(identity);
        return new Fingerprint(Digests.sha256Hex(canonical.getBytes(StandardCharsets.UTF_8)), config.method(),
                canonical);
    }

    /** Sorted keys, no whitespace: the same configuration always serialises to the same bytes. */
    static String canonical(Object value) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the extraction configuration", e);
        }
    }

    String shortValue() {
        return value.substring(0, 12);
    }
}
