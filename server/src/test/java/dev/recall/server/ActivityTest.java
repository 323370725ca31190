package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Clock;
import org.junit.jupiter.api.Test;

/** What the daemon's lexical searches ask before spreading BM25 over the cores: is this the one request in flight. */
class ActivityTest {
    @Test
    void aRequestIsAloneUntilAnotherBegins() {
        Activity a = new Activity(Clock.systemUTC());
        assertTrue(a.alone(), "nothing in flight");
        a.begin();
        assertTrue(a.alone(), "the asking request itself");
        a.begin();
        assertFalse(a.alone(), "two requests in flight");
        a.end();
        assertTrue(a.alone());
        a.end();
        assertTrue(a.alone());
    }
}
