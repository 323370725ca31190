package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** issue 12 item 6: escape sequences in entries are shown, never run, by every command; JSON keeps them intact. */
class TerminalEscapesCliTest {
    @TempDir
    Path tmp;

    static final String TITLE = "Reset \u001b[2J\u001b[H the \u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\ \u202Egnp.exe";

    @Test
    void humanOutputShowsEscapesAndJsonKeepsThemLossless() throws Exception {
        Path data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()).code());
        String session = Files.readAllLines(CliRun.TESTDATA.resolve("entries/part-a.jsonl")).getFirst()
                .replaceAll(".*\"source_session_id\": ?\"([^\"]+)\".*", "$1");
        var entry = new java.util.LinkedHashMap<String, Object>();
        entry.put("id", "hostile");
        entry.put("type", "warning");
        entry.put("scope", "global");
        entry.put("title", TITLE);
        entry.put("body", "beacon body \u001b[31mred\u0007");
        entry.put("source_session_id", session);
        String line = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(entry);
        Path file = Files.writeString(tmp.resolve("hostile.jsonl"), line + "\n");
        CliRun imported = CliRun.run(data, "import", file.toString(), "--yes");
        assertEquals(0, imported.code(), imported.toString());

        for (List<String> args : List.of(List.of("list"), List.of("get", "hostile"), List.of("query", "beacon"),
                List.of("query", "beacon", "--scores"))) {
            CliRun r = CliRun.run(data, args.toArray(String[]::new));
            assertEquals(0, r.code(), r.toString());
            assertTrue(r.out().contains("beacon") || r.out().contains("Reset"), args + ": " + r.out());
            assertFalse(r.out().contains("\u001b") || r.out().contains("\u202E") || r.out().contains("\u0007"),
                    args + " printed a raw control character: " + r.out());
        }
        assertTrue(CliRun.run(data, "get", "hostile").out().contains("\\x1B[2J"), "shown as a visible escape");

        CliRun json = CliRun.run(data, "get", "hostile", "--json");
        assertEquals(0, json.code(), json.toString());
        assertEquals(TITLE, json.json().path("title").asText(json.json().path("entry").path("title").asText()),
                "JSON is lossless");
    }
}
