package dev.recall.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The stored format's own reader must give exactly what the general ISO parser gives, and leave it the rest. */
class TimesTest {
    @Test
    void theStoredFormatReadsAsTheGeneralParserReadsIt() {
        Random random = new Random(14);
        long from = Instant.parse("1900-01-01T00:00:00Z").toEpochMilli();
        long to = Instant.parse("2200-01-01T00:00:00Z").toEpochMilli();
        for (int i = 0; i < 100_000; i++) {
            Instant t = Instant.ofEpochMilli(from + (long) (random.nextDouble() * (to - from)));
            String stored = Times.format(t);
            assertEquals(Instant.parse(stored), Times.storedFormat(stored), stored);
            assertEquals(t, Times.parse(stored), stored);
        }
        for (String edge : List.of("2024-02-29T23:59:59.999Z", "2026-12-31T00:00:00.000Z", "0000-01-01T00:00:00.000Z",
                "9999-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z")) {
            assertEquals(Instant.parse(edge), Times.storedFormat(edge), edge);
        }
    }

    @Test
    void anythingElseIsLeftToTheGeneralParser() {
        for (String other : List.of("2026-02-30T10:00:00.000Z", "2026-13-01T10:00:00.000Z", "2026-01-01T24:00:00.000Z",
                "2026-06-30T23:59:60.000Z", "2026-01-01T10:00:00Z", "2026-01-01T10:00:00.000+01:00",
                "2026-01-01T10:00:00.0000", "2026-01-01 10:00:00.000Z", "2026-0a-01T10:00:00.000Z",
                "+2026-01-01T10:00:00.00Z", "2026-01-01T10:00:00,000Z")) {
            assertNull(Times.storedFormat(other), other);
            Instant general;
            try {
                general = Instant.parse(other);
            } catch (DateTimeParseException e) {
                general = null;
            }
            if (general != null) {
                assertEquals(general, Times.parse(other), other);
            }
        }
        assertEquals(Instant.parse("2026-01-01T09:00:00Z"), Times.parse("2026-01-01T10:00:00.000+01:00"));
        assertThrows(IllegalArgumentException.class, () -> Times.parse("2026-02-30T10:00:00.000Z"));
        assertNull(Times.parse(""));
        assertNull(Times.parse(null));
    }
}
