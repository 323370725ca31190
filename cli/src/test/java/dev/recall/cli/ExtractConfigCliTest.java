package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * [recall.extract] as the reference tool spells it: enabled, named servers, a prompts profile or directory, and
 * request knobs that are part of the generation's fingerprint; `extract retire` of the active generation needs
 * --force. Nothing here calls a model: doctor runs with --no-probe.
 */
class ExtractConfigCliTest {
    @TempDir
    Path tmp;

    private JsonNode doctor(Path data, String toml) throws Exception {
        Files.createDirectories(data);
        Files.writeString(data.resolve("config.toml"), toml);
        CliRun r = CliRun.run(data, "extract", "doctor", "--no-probe", "--json");
        assertEquals(0, r.code(), r.toString());
        return r.json();
    }

    private static final String SERVERS = """
            [recall.extract]
            enabled = true
            extractor = "endpoint"
            model = "qwen2.5-7b-instruct"
            server = "local"

            [recall.extract.servers.local]
            endpoint = "http://127.0.0.1:30000/v1"
            timeout = "90s"

            [recall.extract.servers.remote]
            endpoint = "https://models.example.com/v1"
            api_key_env = "REMOTE_KEY"
            """;

    @Test
    void namedServersPromptsAndRequestKnobsResolveAndShapeTheFingerprint() throws Exception {
        Path data = tmp.resolve("data");
        JsonNode base = doctor(data, SERVERS);
        JsonNode c = base.get("config");
        assertTrue(c.get("enabled").asBoolean());
        assertEquals("http://127.0.0.1:30000/v1", c.get("endpoint").asText());
        assertEquals("PT1M30S", c.get("timeout").asText());
        assertEquals("qwen", c.get("prompts_profile").asText(), "chosen by the model name");
        assertFalse(c.get("extra_body").get("chat_template_kwargs").get("enable_thinking").asBoolean());
        String fp = base.get("fingerprint").asText();

        JsonNode remote = doctor(data, SERVERS.replace("server = \"local\"", "server = \"remote\""));
        assertEquals("https://models.example.com/v1", remote.get("config").get("endpoint").asText());
        assertEquals(fp, remote.get("fingerprint").asText(), "the host is not part of what the model proposes");

        JsonNode warmer = doctor(data, SERVERS + "\n[recall.extract.request]\ntemperature = 0.2\n");
        assertEquals(0.2, warmer.get("config").get("temperature").asDouble());
        assertNotEquals(fp, warmer.get("fingerprint").asText(), "temperature is in the fingerprint");

        JsonNode extra = doctor(data, SERVERS + "\n[recall.extract.request]\nextra_body = { top_p = 0.9 }\n");
        assertEquals(0.9, extra.get("config").get("extra_body").get("top_p").asDouble());
        assertNotEquals(fp, extra.get("fingerprint").asText(), "extra_body is in the fingerprint");

        JsonNode base2 = doctor(data, SERVERS + "\n[recall.extract.prompts]\nprofile = \"base\"\n");
        assertEquals("base", base2.get("config").get("prompts_profile").asText());
        assertNotEquals(fp, base2.get("fingerprint").asText(), "a profile is a different request");

        Path prompts = Files.createDirectories(tmp.resolve("prompts"));
        Files.writeString(prompts.resolve("system.txt"), "Propose facts only. Answer {\"entries\": []} JSON.\n");
        JsonNode own = doctor(data, SERVERS + "\n[recall.extract.prompts]\ndir = \"" + prompts + "\"\n");
        assertNotEquals(c.get("prompt_sha256").asText(), own.get("config").get("prompt_sha256").asText());
        assertNotEquals(fp, own.get("fingerprint").asText(), "the prompt is in the fingerprint");
    }

    @Test
    void aWrongServerOrKnobIsAUsageErrorNamingIt() throws Exception {
        Path data = tmp.resolve("data");
        Files.createDirectories(data);
        Files.writeString(data.resolve("config.toml"), SERVERS.replace("server = \"local\"", "server = \"gpu\""));
        CliRun r = CliRun.run(data, "extract", "doctor", "--no-probe");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("[recall.extract.servers.gpu]") && r.err().contains("local, remote"), r.err());

        Files.writeString(data.resolve("config.toml"), SERVERS.replace("server = \"local\"\n", ""));
        r = CliRun.run(data, "extract", "doctor", "--no-probe");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("server names which of [recall.extract.servers.*] to use"), r.err());

        Files.writeString(data.resolve("config.toml"), SERVERS + "\n[recall.extract.request]\nextra_body = { model = \"x\" }\n");
        r = CliRun.run(data, "extract", "doctor", "--no-probe");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("extra_body may not set 'model'"), r.err());

        Files.writeString(data.resolve("config.toml"), SERVERS + "\n[recall.extract.prompts]\nprofile = \"llama\"\n");
        r = CliRun.run(data, "extract", "doctor", "--no-probe");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("unknown prompts profile 'llama' (have: base, qwen)"), r.err());

        Files.writeString(data.resolve("config.toml"), SERVERS.replace("timeout = \"90s\"", "timeout = \"90s\"\nkey = 1"));
        r = CliRun.run(data, "extract", "doctor", "--no-probe");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("recall.extract.servers.local") && r.err().contains("key"), r.err());
    }

    @Test
    void retiringTheActiveGenerationTakesForce() throws Exception {
        Path data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sync", "--path", CliRun.TESTDATA.resolve("transcripts").toString()).code());
        assertEquals(0, CliRun.run(data, "extract", "run", "--limit", "1").code());
        assertEquals(0, CliRun.run(data, "extract", "activate").code());
        String fp = CliRun.run(data, "extract", "status", "--json").json().get("fingerprint").asText();
        CliRun refused = CliRun.run(data, "extract", "retire", fp.substring(0, 12));
        assertEquals(3, refused.code(), refused.toString());
        assertTrue(refused.err().contains("--force"), refused.err());
        CliRun forced = CliRun.run(data, "extract", "retire", fp.substring(0, 12), "--force", "--json");
        assertEquals(0, forced.code(), forced.toString());
        assertEquals("active", forced.json().get("previous_state").asText());
    }
}
