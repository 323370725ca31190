package dev.recall.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A collection in the BEIR layout: {@code corpus.jsonl} ({@code {"_id","title","text"}} a line),
 * {@code queries.jsonl} ({@code {"_id","text"}}) and {@code qrels/test.tsv}.
 */
public final class BeirCollection {
    static final String CORPUS = "corpus.jsonl";
    static final String QUERIES = "queries.jsonl";
    static final String QRELS = "qrels/test.tsv";

    private BeirCollection() {}

    public static TestCollection read(Path dir) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<CollectionDoc> docs = new ArrayList<>();
        readJsonLines(json, dir.resolve(CORPUS), (node, file, line) ->
                docs.add(new CollectionDoc(requiredText(node, "_id", file, line), optionalText(node, "title"),
                        requiredText(node, "text", file, line))));
        List<Topic> topics = new ArrayList<>();
        readJsonLines(json, dir.resolve(QUERIES), (node, file, line) ->
                topics.add(new Topic(requiredText(node, "_id", file, line), requiredText(node, "text", file, line))));
        Qrels qrels = Qrels.readBeirTsv(dir.resolve(QRELS));
        try {
            return new TestCollection(dir.getFileName() == null ? "beir" : dir.getFileName().toString(),
                    docs, topics, qrels);
        } catch (IllegalArgumentException e) {
            throw new CollectionException(dir, e.getMessage());
        }
    }

    @FunctionalInterface
    private interface LineHandler {
        void accept(JsonNode node, Path file, long line) throws IOException;
    }

    private static void readJsonLines(ObjectMapper json, Path file, LineHandler handler) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String text;
            long line = 0;
            while ((text = in.readLine()) != null) {
                line++;
                if (text.isBlank()) {
                    continue;
                }
                JsonNode node;
                try {
                    node = json.readTree(text);
                } catch (JsonProcessingException e) {
                    throw new CollectionException(file, line, "not a JSON object: " + e.getOriginalMessage(), e);
                }
                if (!node.isObject()) {
                    throw new CollectionException(file, line, "expected a JSON object, found " + node.getNodeType());
                }
                handler.accept(node, file, line);
            }
        } catch (NoSuchFileException e) {
            throw new CollectionException(file, "file not found");
        }
    }

    private static String requiredText(JsonNode node, String field, Path file, long line) throws IOException {
        JsonNode value = node.get(field);
        if (value == null || value.isNull() || value.isContainerNode()) {
            throw new CollectionException(file, line, "missing string field \"" + field + "\"");
        }
        return value.asText();
    }

    private static String optionalText(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? "" : value.asText();
    }
}
