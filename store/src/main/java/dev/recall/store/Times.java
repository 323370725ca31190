package dev.recall.store;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/** Timestamps are stored as fixed-width UTC text so that string order is time order. */
public final class Times {
    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Times() {}

    public static String format(Instant instant) {
        return instant == null ? null : FORMAT.format(instant.truncatedTo(ChronoUnit.MILLIS));
    }

    public static Instant parse(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        Instant stored = storedFormat(text);
        if (stored != null) {
            return stored;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            try {
                return java.time.OffsetDateTime.parse(text).toInstant();
            } catch (DateTimeParseException e2) {
                throw new IllegalArgumentException("not an ISO-8601 timestamp: '" + text + "'");
            }
        }
    }

    /**
     * The format {@link #format} writes, read digit by digit: {@link Instant#parse} took a third of loading an entry
     * (three timestamps each), and a query loads fifty (docs/benchmarks.md, issue 14). Null for any other text, or a
     * date or time out of range, which the general parser then reads (or refuses) as before.
     */
    static Instant storedFormat(String t) {
        if (t.length() != 24 || t.charAt(4) != '-' || t.charAt(7) != '-' || t.charAt(10) != 'T' || t.charAt(13) != ':'
                || t.charAt(16) != ':' || t.charAt(19) != '.' || t.charAt(23) != 'Z') {
            return null;
        }
        int year = digits(t, 0, 4);
        int month = digits(t, 5, 7);
        int day = digits(t, 8, 10);
        int hour = digits(t, 11, 13);
        int minute = digits(t, 14, 16);
        int second = digits(t, 17, 19);
        int millis = digits(t, 20, 23);
        if ((year | month | day | hour | minute | second | millis) < 0) {
            return null;
        }
        try {
            return java.time.LocalDateTime.of(year, month, day, hour, minute, second, millis * 1_000_000)
                    .toInstant(ZoneOffset.UTC);
        } catch (java.time.DateTimeException e) {
            return null;
        }
    }

    /** The decimal number in {@code t[from, to)}, or -1 when a character is not an ASCII digit. */
    private static int digits(String t, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
