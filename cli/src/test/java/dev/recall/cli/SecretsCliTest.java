package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.store.Database;
import dev.recall.store.StoreSql;
import dev.recall.store.EntryImport;
import dev.recall.store.Redactor;
import dev.recall.store.SessionArchiveImport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planted-secret corpus (testdata/secrets) through every path that writes text: sync, sessions import,
 * extraction, the lexical index, context.md and history.md; then `recall secrets list`, and `recall secrets scan
 * --backfill` on an archive written before the current rules.
 */
class SecretsCliTest {
    static final Path CORPUS = CliRun.TESTDATA.resolve("secrets");
    static final String CORPUS_CWD = "/home/dev/src/acme-api";
    static final String CLAUDE = "5e1d7c3a-9b2f-4e8a-a1c6-0d4f8b2e7a91";
    static final String ARCHIVED = "sess-secrets-archive";

    @TempDir
    Path tmp;

    @Test
    void noPlantedSecretReachesAnyFileRecallWrites() throws Exception {
        List<String> planted = planted();
        assertTrue(planted.size() >= 60, "planted shapes: " + planted.size());
        Path project = Files.createDirectories(tmp.resolve("acme-api"));
        Path copy = copyCorpus(tmp.resolve("corpus"), project.toString());
        Path data = tmp.resolve("data");

        CliRun sync = CliRun.run(data, "sync", "--path", copy.resolve("claude").toString(), "--path",
                copy.resolve("codex").toString(), "--json");
        assertEquals(0, sync.code(), sync.toString());
        assertEquals(2, sync.json().get("sessions_created").asInt(), sync.out());
        CliRun imported = CliRun.run(data, "sessions", "import", CORPUS.resolve("archive.jsonl").toString(), "--json");
        assertEquals(0, imported.code(), imported.toString());
        assertTrue(imported.json().get("secrets_redacted").asInt() >= planted.size(), imported.out());
        // an entry written by a person, with a key in its body and its evidence: redacted before it is checked
        Path entries = tmp.resolve("entries.jsonl");
        Files.writeString(entries, entry("by-hand", "Rotate the Stripe key", "The old key " + planted.get(14)
                + " leaked.", 14, "stripe.api_key = \\\"" + planted.get(14) + "\\\"") + "\n");
        CliRun entryImport = CliRun.run(data, "import", entries.toString(), "--yes", "--reviewed");
        assertEquals(0, entryImport.code(), entryImport.toString());
        assertTrue(CliRun.run(data, "get", "by-hand", "--json").out().contains("[REDACTED:stripe_key]"));
        assertEquals(0, CliRun.run(data, "extract", "run", "--json").code());
        assertEquals(0, CliRun.run(data, "extract", "activate").code());
        assertEquals(0, CliRun.run(data, "index", "rebuild").code());
        assertEquals(0, CliRun.runIn(data, project, Map.of(), "save").code());
        for (String session : List.of(CLAUDE, ARCHIVED)) {
            CliRun capture = CliRun.runIn(data, project, Map.of(), "capture", "--session", session);
            assertEquals(0, capture.code(), capture.toString());
        }

        CliRun list = CliRun.run(data, "secrets", "list", "--limit", "1000", "--json");
        assertEquals(0, list.code(), list.toString());
        JsonNode findings = list.json().get("findings");
        assertTrue(findings.size() >= 3 * planted.size() - 10, "findings in three copies: " + findings.size());
        assertLeaksNothing(planted, list.out(), "secrets list");
        CliRun plain = CliRun.run(data, "secrets", "list", "--session", ARCHIVED, "--rule", "jwt");
        assertEquals(0, plain.code(), plain.toString());
        assertTrue(plain.out().contains(ARCHIVED) && plain.out().contains("candidate"), plain.out());
        assertFalse(plain.out().contains(CLAUDE), "filtered by session");

        List<Path> written = new ArrayList<>(files(data));
        written.addAll(files(project.resolve(".recall")));
        assertTrue(written.stream().anyMatch(p -> p.toString().contains("index")), written.toString());
        assertTrue(written.stream().anyMatch(p -> p.endsWith("history.md")), written.toString());
        assertTrue(written.stream().anyMatch(p -> p.endsWith("context.md")), written.toString());
        for (Path f : written) {
            assertLeaksNothing(planted, new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1), f.toString());
        }
    }

    @Test
    void backfillRedactsWhatOlderRulesKeptAndAuditsIt() throws Exception {
        List<String> planted = planted();
        Path data = tmp.resolve("data");
        // an archive written before these rules: the messages hold the secrets verbatim
        try (Database db = Database.open(data)) {
            new SessionArchiveImport(db, t -> new Redactor.Redaction(t, List.of())).run(CORPUS.resolve("archive.jsonl"));
            Path entries = tmp.resolve("entries.jsonl");
            Files.writeString(entries, String.join("\n",
                    entry("leaky", "Rotate the Stripe key", "The old key " + planted.get(14) + " leaked.", 14,
                            "stripe.api_key = \\\"" + planted.get(14) + "\\\""),
                    entry("anchored", "Set the AWS key id in the env", "Use the env file.", 0, "AWS_ACCESS_KEY_ID="),
                    entry("clean", "Deploy notes", "Nothing secret here.", 1, null)) + "\n");
            EntryImport.Report r = new EntryImport(db, t -> new Redactor.Redaction(t, List.of())).run(entries, new EntryImport.Options(true, false), true);
            assertTrue(r.ok(), r.rejected().toString());
        }
        assertTrue(bytes(data).contains(planted.get(0)), "the old archive holds the secret");

        CliRun dry = CliRun.run(data, "secrets", "scan", "--json");
        assertEquals(0, dry.code(), dry.toString());
        assertFalse(dry.json().get("backfill").asBoolean());
        assertTrue(dry.json().get("findings").asInt() >= planted.size(), dry.out());
        assertTrue(bytes(data).contains(planted.get(0)), "a dry run writes nothing");

        CliRun run = CliRun.run(data, "secrets", "scan", "--backfill", "--json");
        assertEquals(0, run.code(), run.toString());
        JsonNode r = run.json();
        assertTrue(r.get("messages_redacted").asInt() >= planted.size() - 1, run.out());
        assertEquals(List.of(ARCHIVED), names(r.get("sessions_marked")));
        assertEquals(List.of("leaky"), names(r.get("entries_revoked")), run.out());
        assertTrue(r.get("anchors_restamped").asInt() >= 2, run.out());
        assertTrue(r.get("lexical_index_rebuilt").asBoolean());
        for (Path f : files(data)) {
            assertLeaksNothing(planted, new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1), f.toString());
        }

        JsonNode leaky = CliRun.run(data, "get", "leaky", "--json").json();
        assertEquals("secret_in_entry", leaky.get("provenance_reason").asText(), leaky.toString());
        JsonNode anchored = CliRun.run(data, "get", "anchored", "--json").json();
        assertTrue(anchored.get("provenance_ok").asBoolean(), "an audited redaction keeps the anchor valid");
        JsonNode found = CliRun.run(data, "secrets", "list", "--session", ARCHIVED, "--limit", "1000", "--json").json();
        assertTrue(found.get("total").asInt() >= planted.size(), found.toString());
        assertEquals("backfill", found.get("findings").get(0).get("found_by").asText());
        try (Database db = Database.open(data)) {
            assertTrue(StoreSql.count(db, "SELECT count(*) FROM secret_redactions") >= planted.size(),
                    "every rewrite is audited");
            assertEquals(1, StoreSql.count(db, "SELECT count(DISTINCT backfill_id) FROM secret_redactions"));
        }

        JsonNode extract = CliRun.run(data, "extract", "run", "--json").json();
        assertTrue(extract.toString().contains("held_secrets"), "extraction skips the session: " + extract);
        JsonNode again = CliRun.run(data, "secrets", "scan", "--backfill", "--json").json();
        assertEquals(0, again.get("findings").asInt(), "idempotent: " + again);
    }

    private static String entry(String id, String title, String body, int ordinal, String snippet) {
        return "{\"id\": \"" + id + "\", \"type\": \"fact\", \"scope\": \"project\", \"title\": \"" + title
                + "\", \"body\": \"" + body + "\", \"project\": \"acme-api\", \"source_session_id\": \"" + ARCHIVED
                + "\", \"evidence\": [{\"start_ordinal\": " + ordinal + ", \"end_ordinal\": " + ordinal
                + (snippet == null ? "" : ", \"snippet\": \"" + snippet + "\"") + "}]}";
    }

    private static List<String> names(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    static List<String> planted() throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(CORPUS.resolve("planted.tsv"))) {
            if (!line.startsWith("#") && !line.isBlank()) {
                out.add(line.split("\t", 3)[2]);
            }
        }
        return out;
    }

    private static void assertLeaksNothing(List<String> planted, String text, String where) {
        List<String> leaked = planted.stream().filter(text::contains).toList();
        assertEquals(List.of(), leaked.stream().map(s -> s.substring(0, Math.min(8, s.length())) + "...").toList(),
                "planted secrets in " + where);
    }

    private static String bytes(Path data) throws IOException {
        StringBuilder all = new StringBuilder();
        for (Path f : files(data)) {
            all.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
        }
        return all.toString();
    }

    private static List<Path> files(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.toString().contains("/cache/")).toList();
        }
    }

    /** The corpus transcripts with their cwd pointed at {@code cwd}, so save and capture find them. */
    private static Path copyCorpus(Path dir, String cwd) throws IOException {
        for (String sub : List.of("claude", "codex")) {
            try (Stream<Path> s = Files.walk(CORPUS.resolve(sub))) {
                for (Path p : s.filter(Files::isRegularFile).toList()) {
                    Path target = dir.resolve(CORPUS.relativize(p).toString());
                    Files.createDirectories(target.getParent());
                    Files.writeString(target, Files.readString(p).replace(CORPUS_CWD, cwd));
                }
            }
        }
        return dir;
    }
}
