package dev.recall.extract;

import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import dev.recall.store.StoreSql;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Hand-written sessions for tests: a builder of messages, written to a real store. */
final class TestSessions {
    static final Instant START = Instant.parse("2026-01-05T09:00:00Z");

    private final String id;
    private final List<Message> messages = new ArrayList<>();
    private String project = "demo";
    private String branch = "main";

    private TestSessions(String id) {
        this.id = id;
    }

    static TestSessions session(String id) {
        return new TestSessions(id);
    }

    TestSessions project(String p) {
        this.project = p;
        return this;
    }

    TestSessions branch(String b) {
        this.branch = b;
        return this;
    }

    TestSessions user(String text) {
        return add("user", text, null, null);
    }

    TestSessions assistant(String text) {
        return add("assistant", text, null, null);
    }

    TestSessions bash(String command, String output) {
        return add("tool", output, "Bash", command);
    }

    TestSessions edit(String file, String output) {
        return add("tool", output, "Edit", "{\"file_path\":\"" + file + "\"}");
    }

    TestSessions read(String file, String output) {
        return add("tool", output, "Read", file);
    }

    private TestSessions add(String role, String text, String tool, String input) {
        int ordinal = messages.size();
        messages.add(Message.of(id, ordinal, role, text, tool, input, id + "-" + ordinal,
                START.plusSeconds(60L * ordinal)));
        return this;
    }

    Session toSession() {
        return new Session(id, "claude-code", project, "/src/" + project, branch, START,
                START.plusSeconds(60L * messages.size()), Session.ARCHIVE, null, 1);
    }

    List<Message> messages() {
        return List.copyOf(messages);
    }

    /** Writes the session and its messages into the store. */
    TestSessions into(Database db) {
        new Sessions(db).insert(toSession(), messages);
        return this;
    }

    static void exec(Database db, String sql) {
        StoreSql.exec(db, sql);
    }

    static long count(Database db, String sql) {
        return StoreSql.count(db, sql);
    }

    /** What one rule proposes for this session on its own, with no rule before it. */
    List<Candidate> proposedBy(Rule rule) {
        return rule.apply(new Transcript(toSession(), messages(), new Commands()), new Claims());
    }

    /** What the whole local extractor (three facts at most, as configured by default) proposes for this session. */
    List<Candidate> proposed() {
        return new LocalExtractor(3).extract(toSession(), messages());
    }

    /** The same, of one type. */
    List<Candidate> proposed(dev.recall.store.EntryType type) {
        return proposed().stream().filter(c -> c.type() == type).toList();
    }
}
