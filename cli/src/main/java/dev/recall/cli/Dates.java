package dev.recall.cli;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Times in tables: to the minute, UTC, sortable; a dash when there is none. */
final class Dates {
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private Dates() {}

    static String minute(Instant t) {
        return t == null ? "-" : MINUTE.format(t);
    }
}
