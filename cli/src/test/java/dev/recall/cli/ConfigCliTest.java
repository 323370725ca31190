package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** config.toml: consent to embed after import, and clear errors for a bad file. */
class ConfigCliTest {
    @TempDir
    Path tmp;

    Path data;
    Path entries;

    @BeforeEach
    void setUp() throws Exception {
        data = tmp.resolve("data");
        Path sessions = tmp.resolve("s.jsonl");
        Files.writeString(sessions, "{\"id\":\"s1\",\"agent\":\"codex\",\"project\":\"p\",\"messages\":[]}\n");
        assertEquals(0, CliRun.run(data, "sessions", "import", sessions.toString()).code());
        entries = tmp.resolve("e.jsonl");
        Files.write(entries, List.of(
                "{\"id\":\"a\",\"type\":\"fact\",\"scope\":\"project\",\"title\":\"Postgres runs on port 5433 locally\",\"body\":\"The dev compose file maps 5433.\",\"source_session_id\":\"s1\"}",
                "{\"id\":\"b\",\"type\":\"warning\",\"scope\":\"project\",\"title\":\"Never force-push main\",\"body\":\"CI deploys from main.\",\"source_session_id\":\"s1\"}"));
    }

    @Test
    void withoutConsentAnImportDoesNotEmbed() {
        assertEquals(0, CliRun.run(data, "import", entries.toString(), "--yes").code());
        assertEquals(4, CliRun.run(data, "query", "database port", "--mode", "hybrid").code());
    }

    @Test
    void withConsentAnImportEmbedsAndHybridWorksAtOnce() throws Exception {
        Files.writeString(data.resolve("config.toml"), "[vector.embed]\nrecall = true\n");
        CliRun r = CliRun.run(data, "import", entries.toString(), "--yes");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.err().contains("embedded 2 new entries"), r.err());
        var j = CliRun.run(data, "query", "which port does the database listen on", "--mode", "hybrid", "--json").json();
        assertEquals("a", j.get("entries").get(0).get("id").asText());

        var list = CliRun.run(data, "embeddings", "list", "--store", "recall", "--json").json();
        var gen = list.get("generations").get(0);
        assertEquals("active", gen.get("state").asText());
        assertTrue(gen.get("fresh").asBoolean());
        String id = gen.get("id").asText();
        assertEquals(0, CliRun.run(data, "embeddings", "retire", id).code());
        assertEquals(4, CliRun.run(data, "query", "port", "--mode", "vector").code(), "no active generation");
        // retiring reclaimed its files (issue 12 item 12): it cannot come back, a build makes a new one
        assertEquals(4, CliRun.run(data, "embeddings", "activate", id).code());
        assertEquals(0, CliRun.run(data, "embeddings", "build").code());
        assertEquals(0, CliRun.run(data, "query", "port", "--mode", "vector").code());
        assertEquals(2, CliRun.run(data, "embeddings", "list", "--store", "nope").code());
    }

    @Test
    void sessionsHaveTheirOwnConsentKey() throws Exception {
        Path more = tmp.resolve("more.jsonl");
        Files.writeString(more, "{\"id\":\"s2\",\"agent\":\"codex\",\"project\":\"p\",\"messages\":["
                + "{\"ordinal\":0,\"role\":\"user\",\"text\":\"why is the port 5433\"},"
                + "{\"ordinal\":1,\"role\":\"assistant\",\"text\":\"the compose file maps it\"}]}\n");
        Path last = tmp.resolve("last.jsonl");
        Files.writeString(last, "{\"id\":\"s3\",\"agent\":\"codex\",\"project\":\"p\",\"messages\":["
                + "{\"ordinal\":0,\"role\":\"user\",\"text\":\"how do I deploy\"},"
                + "{\"ordinal\":1,\"role\":\"assistant\",\"text\":\"CI deploys from main\"}]}\n");
        // Consent for entries is not consent for transcripts.
        Files.writeString(data.resolve("config.toml"), "[vector.embed]\nrecall = true\n");
        assertEquals(0, CliRun.run(data, "sessions", "import", more.toString()).code());
        assertEquals(0, CliRun.run(data, "embeddings", "list", "--store", "sessions", "--json").json()
                .get("generations").size());
        assertEquals(0, CliRun.run(data, "embeddings", "build", "--store", "sessions").code());
        Files.writeString(data.resolve("config.toml"), "[vector.embed]\nsessions = true\n");
        CliRun imported = CliRun.run(data, "sessions", "import", last.toString());
        assertTrue(imported.err().contains("embedded 1 session passages"), imported.toString());
        var gen = CliRun.run(data, "embeddings", "list", "--store", "sessions", "--json").json().get("generations").get(0);
        assertTrue(gen.get("fresh").asBoolean(), gen.toString());
        assertEquals(0, CliRun.run(data, "search", "deploy", "--mode", "hybrid").code());
    }

    @Test
    void aMalformedConfigNamesFileAndLine() throws Exception {
        Files.createDirectories(data);
        Files.writeString(data.resolve("config.toml"), "[search]\nk1 = \"fast\"\n");
        CliRun r = CliRun.run(data, "query", "port");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("config.toml:2:") && r.err().contains("search.k1"), r.err());
        Files.writeString(data.resolve("config.toml"), "[search\nk1 = 1\n");
        CliRun broken = CliRun.run(data, "query", "port");
        assertEquals(2, broken.code());
        assertTrue(broken.err().contains("config.toml:1"), broken.err());
        Files.writeString(data.resolve("config.toml"), "[embedings]\nkind = \"bundled\"\n");
        assertTrue(CliRun.run(data, "query", "port").err().contains("unknown section or key 'embedings'"));
    }
}
