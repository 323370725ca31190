package dev.recall.service.config;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.extract.ExtractConfig;
import dev.recall.store.RecallException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** config.toml bound to records: defaults, both spellings, and errors that name file, line, key and known keys. */
class ConfigLoaderTest {
    @TempDir
    Path data;

    private RecallConfig load(String toml) throws Exception {
        Files.writeString(data.resolve("config.toml"), toml);
        return RecallConfig.load(data);
    }

    private RecallException refused(String toml) {
        return assertThrows(RecallException.class, () -> load(toml));
    }

    @Test
    void withoutAFileEverythingIsADefault() {
        RecallConfig c = RecallConfig.load(data);
        assertEquals(200, c.window());
        assertEquals(60, c.rrfK());
        assertEquals(1.2f, c.weights().k1());
        assertFalse(c.autoEmbedRecall());
        assertEquals(EmbeddingConfig.defaults(), c.embeddings());
        assertEquals(ExtractConfig.local(), c.extract());
        assertEquals("127.0.0.1", c.settings().serve().host());
        assertTrue(c.unused().isEmpty());
    }

    @Test
    void theSearchBackendIsEmbeddedUnlessOpenSearchIsConfigured() throws Exception {
        assertTrue(RecallConfig.load(data).openSearch().isEmpty());
        var os = load("[backend]\nkind = \"opensearch\"\nurls = [\"http://127.0.0.1:9201\", \"http://127.0.0.1:9202\"]\n"
                + "index_prefix = \"team-a\"\nreplicas = 2\ntimeout = \"5s\"\n").openSearch().orElseThrow();
        assertEquals(java.util.List.of(java.net.URI.create("http://127.0.0.1:9201"),
                java.net.URI.create("http://127.0.0.1:9202")), os.nodes());
        assertEquals("team-a", os.indexPrefix());
        assertEquals(2, os.replicas());
        assertEquals(Duration.ofSeconds(5), os.timeout());
        assertTrue(refused("[backend]\nkind = \"elastic\"\n").getMessage()
                .contains("[backend] kind: unknown value 'elastic' (embedded or opensearch)"));
        assertTrue(refused("[backend]\nkind = \"opensearch\"\nurls = [\"127.0.0.1:9200\"]\n").getMessage()
                .contains("[backend] urls: '127.0.0.1:9200' is not an http(s) address"));
        var prefix = refused("[backend]\nkind = \"opensearch\"\nindex_prefix = \"Team A\"\n");
        assertTrue(prefix.getMessage().contains("config.toml: [backend] index_prefix must be lower-case"),
                prefix.getMessage());
    }

    @Test
    void unknownKeysAreRefusedAtEveryLevelWithLineAndKnownKeys() {
        var e = refused("[search]\nk1 = 1.0\nwindw = 3\n");
        assertEquals(RecallException.Kind.INVALID, e.kind());
        assertTrue(e.getMessage().contains("config.toml:3: [search] unknown key 'windw' (known: b, k1, rrf_k, window)"),
                e.getMessage());
        var top = refused("[embedings]\nkind = \"bundled\"\n");
        assertTrue(top.getMessage().contains("config.toml:1: unknown section or key 'embedings'"), top.getMessage());
        assertTrue(top.getMessage().contains("embeddings") && top.getMessage().contains("serve"), top.getMessage());
        var deep = refused("[recall.extract.servers.local]\nendpoint = \"http://127.0.0.1:8080/v1\"\ntimout = \"5s\"\n");
        assertTrue(deep.getMessage().contains(":3: [recall.extract.servers.local] unknown key 'timout'"),
                deep.getMessage());
        var embeddings = refused("[embeddings]\nkind = \"bundled\"\nmodle = \"x\"\n");
        assertTrue(embeddings.getMessage().contains(":3: [embeddings] unknown key 'modle'"), embeddings.getMessage());
        var key = refused("[recall.extract]\napi_key = \"sk-123\"\n");
        assertTrue(key.getMessage().contains("keys never go in config.toml"), key.getMessage());
    }

    @Test
    void wrongTypesAndBadSyntaxNameTheKeyAndLine() {
        var type = refused("[search]\nk1 = \"fast\"\n");
        assertTrue(type.getMessage().contains("config.toml:2: search.k1"), type.getMessage());
        var fraction = refused("\n[search]\nwindow = 2.5\n");
        assertTrue(fraction.getMessage().contains(":3: search.window"), fraction.getMessage());
        var syntax = refused("[search\nk1 = 1\n");
        assertTrue(syntax.getMessage().contains("config.toml:1"), syntax.getMessage());
        var duration = refused("[serve]\nidle_timeout = \"soon\"\n");
        assertTrue(duration.getMessage().contains("[serve] idle_timeout must be a duration"), duration.getMessage());
        // a fuzz finding: digits past what a Duration holds threw ArithmeticException, so every command exited 1
        var overflow = refused("[recall.extract]\nquiet_period = \"7439564163043746701h\"\n");
        assertEquals(RecallException.Kind.INVALID, overflow.kind());
        assertTrue(overflow.getMessage().contains("[recall.extract] quiet_period is too long a duration"),
                overflow.getMessage());
        var digits = refused("[serve]\nidle_timeout = \"99999999999999999999s\"\n");
        assertTrue(digits.getMessage().contains("[serve] idle_timeout is too long a duration"), digits.getMessage());
    }

    @Test
    void recallsOwnSpellingResolves() throws Exception {
        RecallConfig c = load("""
                [embeddings]
                kind = "http"
                base_url = "http://127.0.0.1:9000/v1"
                http_model = "nomic"
                [search]
                window = 300
                [vector.embed]
                recall = true
                [recall.extract]
                extractor = "endpoint"
                endpoint = "http://127.0.0.1:8080/v1"
                model = "qwen"
                timeout = "90s"
                max_facts = 5
                """);
        assertEquals(EmbeddingConfig.Kind.HTTP, c.embeddings().kind());
        assertEquals("nomic", c.embeddings().httpModel());
        assertEquals(300, c.window());
        assertTrue(c.autoEmbedRecall());
        ExtractConfig x = c.extract();
        assertEquals(ExtractConfig.Kind.ENDPOINT, x.extractor());
        assertEquals("qwen", x.endpoint().model());
        assertEquals(Duration.ofSeconds(90), x.endpoint().timeout());
        assertEquals(5, x.maxFactsPerSession());
    }

    @Test
    void theReferenceToolsSpellingResolvesToTheSameSettings() throws Exception {
        RecallConfig c = load("""
                [vector]
                enabled = true
                [vector.embed]
                recall = true
                [vector.embeddings]
                model = "nomic-embed-text"
                dimension = 768
                [vector.embeddings.servers.local]
                endpoint = "http://127.0.0.1:11434/v1"
                timeout = "30s"
                [recall.extract]
                enabled = true
                model = "qwen2.5-7b-instruct"
                server = "gpu"
                quiet_period = "45m"
                backstop_interval = "-1h"
                failure_backoff = "2h"
                max_window_chars = 30000
                max_tokens = 4096
                [recall.extract.servers.gpu]
                endpoint = "http://127.0.0.1:30000/v1"
                timeout = "120s"
                allow_http = false
                api_key_env = "EXTRACT_KEY"
                [recall.extract.prompts]
                profile = "qwen"
                [recall.extract.request]
                temperature = 0.2
                extra_body = { chat_template_kwargs = { enable_thinking = false } }
                [insights]
                endpoint = "http://127.0.0.1:30000/v1"
                model = "qwen"
                """);
        assertEquals(EmbeddingConfig.Kind.HTTP, c.embeddings().kind());
        assertEquals("nomic-embed-text", c.embeddings().httpModel());
        assertEquals(768, c.embeddings().dimensions());
        assertEquals("http://127.0.0.1:11434/v1", c.embeddings().baseUrl());
        assertTrue(c.autoEmbedRecall());
        ExtractConfig x = c.extract();
        assertEquals(ExtractConfig.Kind.ENDPOINT, x.extractor());
        assertEquals("http://127.0.0.1:30000/v1", x.endpoint().baseUrl().toString());
        assertEquals("EXTRACT_KEY", x.endpoint().apiKeyEnv());
        assertEquals(Duration.ofMinutes(45), x.quietPeriod());
        assertEquals(30000, x.segmentation().maxChars());
        assertEquals(Duration.ofHours(-1), Durations.parse("b", c.settings().recall().extract().backstopInterval()));
        assertTrue(x.enabled());
        assertEquals("qwen", x.request().profile());
        assertEquals(0.2, x.request().temperature());
        assertEquals(4096, x.request().maxTokens());
        assertEquals(java.util.Map.of("chat_template_kwargs", java.util.Map.of("enable_thinking", false)),
                x.request().extraBody());
        assertFalse(c.unused().contains("[recall.extract] max_tokens"), "the extractor uses it: " + c.unused());
        assertFalse(c.unused().contains("[recall.extract.request] extra_body"), c.unused().toString());
    }

    @Test
    void aServerThatIsNotDefinedIsNamed() throws Exception {
        RecallConfig c = load("""
                [recall.extract]
                enabled = true
                model = "m"
                server = "gpu"
                [recall.extract.servers.cpu]
                endpoint = "http://127.0.0.1:1/v1"
                """);
        var e = assertThrows(RecallException.class, c::extract);
        assertTrue(e.getMessage().contains("server 'gpu' is not defined") && e.getMessage().contains("cpu"),
                e.getMessage());
        var both = refused("[embeddings]\nkind = \"bundled\"\n[vector.embeddings]\nmodel = \"m\"\nendpoint = \"http://127.0.0.1:1/v1\"\n");
        assertTrue(both.getMessage().contains("keep one"), both.getMessage());
    }
}
