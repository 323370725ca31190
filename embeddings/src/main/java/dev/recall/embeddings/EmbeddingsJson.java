package dev.recall.embeddings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/** The OpenAI {@code /embeddings} wire format: request body out, raw vectors in. */
final class EmbeddingsJson {

    // NaN and Infinity are parsed rather than failing the parse, so the error can say which
    // component of which vector was not a number.
    private final JsonMapper mapper = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    byte[] request(String model, List<String> inputs) {
        ObjectNode body = mapper.createObjectNode();
        body.put("model", model);
        ArrayNode input = body.putArray("input");
        inputs.forEach(input::add);
        body.put("encoding_format", "float");
        try {
            return mapper.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new EmbeddingException("cannot encode embedding request: " + e.getMessage(), e);
        }
    }

    /**
     * The vectors of a response, ordered by their {@code index}; exactly one per input. Values
     * are not checked for finiteness here; {@link Vectors#normalise} does that.
     */
    float[][] vectors(byte[] body, int inputCount, URI endpoint) {
        JsonNode root;
        try {
            root = mapper.readTree(body);
        } catch (IOException e) {
            throw new EmbeddingException("embedding endpoint " + endpoint
                    + " returned a body that is not JSON: " + e.getMessage(), e);
        }
        JsonNode data = root == null ? null : root.get("data");
        if (data == null || !data.isArray()) {
            throw new EmbeddingException("embedding endpoint " + endpoint
                    + " returned no \"data\" array");
        }
        if (data.size() != inputCount) {
            throw new EmbeddingException("embedding endpoint " + endpoint + " returned "
                    + data.size() + " embeddings for " + inputCount + " inputs");
        }
        float[][] vectors = new float[inputCount][];
        for (int position = 0; position < inputCount; position++) {
            JsonNode item = data.get(position);
            JsonNode indexNode = item.get("index");
            int index = indexNode == null ? position : indexNode.asInt(-1);
            if ((indexNode != null && !indexNode.isIntegralNumber())
                    || index < 0 || index >= inputCount || vectors[index] != null) {
                throw new EmbeddingException("embedding endpoint " + endpoint
                        + " returned a missing, duplicate or out-of-range index " + indexNode
                        + " for " + inputCount + " inputs");
            }
            vectors[index] = components(item.get("embedding"), index, endpoint);
        }
        return vectors;
    }

    private static float[] components(JsonNode embedding, int index, URI endpoint) {
        if (embedding == null || !embedding.isArray()) {
            throw new EmbeddingException("embedding endpoint " + endpoint + " returned no"
                    + " array of numbers as the embedding of input " + index);
        }
        float[] vector = new float[embedding.size()];
        for (int i = 0; i < vector.length; i++) {
            JsonNode component = embedding.get(i);
            if (!component.isNumber()) {
                throw new EmbeddingException("embedding endpoint " + endpoint
                        + " returned a non-number " + component + " at component " + i
                        + " of input " + index);
            }
            vector[i] = (float) component.doubleValue();
        }
        return vector;
    }
}
