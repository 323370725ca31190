package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BeirCollectionTest {
    @TempDir
    Path dir;

    private void write(String corpus, String queries, String qrels) throws IOException {
        Files.writeString(dir.resolve("corpus.jsonl"), corpus);
        Files.writeString(dir.resolve("queries.jsonl"), queries);
        Files.createDirectories(dir.resolve("qrels"));
        Files.writeString(dir.resolve("qrels/test.tsv"), qrels);
    }

    @Test
    void readsCorpusQueriesAndQrels() throws IOException {
        write("""
                {"_id": "4983", "title": "Microstructural development", "text": "Alterations of the architecture", "metadata": {}}
                {"_id": "5836", "text": "No title here"}
                """,
                "{\"_id\": \"1\", \"text\": \"0-dimensional biomaterials show inductive properties.\"}\n",
                "query-id\tcorpus-id\tscore\n1\t4983\t1\n");
        TestCollection c = BeirCollection.read(dir);
        assertEquals(List.of(new CollectionDoc("4983", "Microstructural development", "Alterations of the architecture"),
                new CollectionDoc("5836", "", "No title here")), c.docs());
        assertEquals("Microstructural development Alterations of the architecture", c.docs().get(0).titleAndText());
        assertEquals(List.of(new Topic("1", "0-dimensional biomaterials show inductive properties.")), c.topics());
        assertEquals(1, c.qrels().relevantCount("1"));
    }

    @Test
    void malformedJsonIsReportedWithFileAndLine() throws IOException {
        write("{\"_id\": \"1\", \"text\": \"ok\"}\n{\"_id\": \"2\", \"text\": \n", "", "query-id\tcorpus-id\tscore\n");
        CollectionException e = assertThrows(CollectionException.class, () -> BeirCollection.read(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve("corpus.jsonl") + ":2: not a JSON object"), e.getMessage());
    }

    @Test
    void missingFieldIsReportedWithFileAndLine() throws IOException {
        write("{\"_id\": \"1\", \"text\": \"ok\"}\n", "\n{\"text\": \"no id\"}\n", "query-id\tcorpus-id\tscore\n");
        CollectionException e = assertThrows(CollectionException.class, () -> BeirCollection.read(dir));
        assertEquals(dir.resolve("queries.jsonl") + ":2: missing string field \"_id\"", e.getMessage());
    }

    @Test
    void missingFileIsNamed() throws IOException {
        write("{\"_id\": \"1\", \"text\": \"ok\"}\n", "", "query-id\tcorpus-id\tscore\n");
        Files.delete(dir.resolve("queries.jsonl"));
        CollectionException e = assertThrows(CollectionException.class, () -> BeirCollection.read(dir));
        assertEquals(dir.resolve("queries.jsonl") + ": file not found", e.getMessage());
    }

    @Test
    void formatIsChosenByName() {
        assertEquals(CollectionFormat.BEIR, CollectionFormat.parse("beir"));
        assertEquals(CollectionFormat.TREC, CollectionFormat.parse("TREC"));
        assertThrows(dev.recall.store.RecallException.class, () -> CollectionFormat.parse("csv"));
    }
}
