package dev.recall.service.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as config.toml writes them: "30m", "90s", "2h", "500ms", "1d", combined as in "1h30m", negative
 * with a leading "-" (the reference tool's way to turn a periodic pass off).
 */
public final class Durations {
    private static final Pattern WHOLE = Pattern.compile("-?(\\d+(ms|s|m|h|d))+");
    private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h|d)");

    private Durations() {}

    /** The duration, or an IllegalArgumentException naming the key. */
    public static Duration parse(String key, String value) {
        String v = value.strip();
        if (!WHOLE.matcher(v).matches()) {
            throw new IllegalArgumentException(key + " must be a duration such as \"30m\", \"90s\" or \"2h\", not '"
                    + value + "'");
        }
        Duration total = Duration.ZERO;
        Matcher m = PART.matcher(v);
        try {
            while (m.find()) {
                long n = Long.parseLong(m.group(1));
                total = total.plus(switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                });
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // digits past a long, or past what a Duration holds: a typo, not an internal failure
            throw new IllegalArgumentException(key + " is too long a duration: '" + value + "'");
        }
        return v.startsWith("-") ? total.negated() : total;
    }
}
