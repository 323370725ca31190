package dev.recall.service;

import dev.recall.extract.ExtractConfig;
import dev.recall.store.RecallException;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tomlj.TomlTable;

/**
 * Reads {@code [recall.extract]} of config.toml. Every key is optional; the default is the local extractor. A
 * wrong key or value is an invalid request naming the file and key.
 *
 * <pre>
 * [recall.extract]
 * extractor = "local"              # local | endpoint
 * endpoint = "http://127.0.0.1:8080/v1"   # OpenAI-compatible; /chat/completions is appended
 * model = "qwen2.5-7b-instruct"
 * api_key_env = "RECALL_EXTRACT_API_KEY"  # the NAME of the variable holding the key
 * allow_http = false               # plain http to a non-loopback host
 * timeout = "120s"
 * quiet_period = "30m"             # a session must be ended and quiet this long
 * candidate_findings = "block"     # block | allow (candidate-tier secret findings)
 * max_facts = 3
 * max_chunk_messages = 40
 * max_chunk_chars = 24000
 * max_message_chars = 2000
 * </pre>
 */
final class ExtractSettings {
    private static final Set<String> KEYS = Set.of("extractor", "endpoint", "model", "api_key_env", "allow_http",
            "timeout", "quiet_period", "candidate_findings", "max_facts", "max_chunk_messages", "max_chunk_chars",
            "max_message_chars");
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

    private ExtractSettings() {}

    static ExtractConfig read(RecallConfig rc) {
        TomlTable t = rc.raw().getTable("recall.extract");
        if (t == null) {
            return ExtractConfig.local();
        }
        String where = rc.file() + ": [recall.extract] ";
        for (String key : t.keySet()) {
            if (key.equals("api_key")) {
                throw new RecallException(RecallException.Kind.INVALID, where + "api_key: keys never go in"
                        + " config.toml; put the key in an environment variable and name it in api_key_env");
            }
            if (!KEYS.contains(key)) {
                throw new RecallException(RecallException.Kind.INVALID, where + "unknown key '" + key + "' (known: "
                        + String.join(", ", new TreeSet<>(KEYS)) + ")");
            }
        }
        try {
            ExtractConfig.Kind kind = ExtractConfig.Kind.parse(string(t, "extractor", "local"));
            ExtractConfig.Segmentation seg = new ExtractConfig.Segmentation(
                    (int) integer(t, "max_chunk_messages", ExtractConfig.Segmentation.DEFAULT.maxMessages()),
                    (int) integer(t, "max_chunk_chars", ExtractConfig.Segmentation.DEFAULT.maxChars()),
                    (int) integer(t, "max_message_chars", ExtractConfig.Segmentation.DEFAULT.maxMessageChars()));
            ExtractConfig.Endpoint endpoint = null;
            String url = string(t, "endpoint", null);
            if (url != null || kind == ExtractConfig.Kind.ENDPOINT) {
                endpoint = new ExtractConfig.Endpoint(url == null ? null : URI.create(url), string(t, "model", null),
                        string(t, "api_key_env", null), bool(t, "allow_http", false),
                        duration(t, "timeout", ExtractConfig.Endpoint.DEFAULT_TIMEOUT));
            }
            return new ExtractConfig(kind, seg, (int) integer(t, "max_facts", 3), endpoint,
                    duration(t, "quiet_period", ExtractConfig.DEFAULT_QUIET_PERIOD),
                    ExtractConfig.CandidateFindings.parse(string(t, "candidate_findings", "block")));
        } catch (IllegalArgumentException e) {
            throw new RecallException(RecallException.Kind.INVALID, where + e.getMessage());
        }
    }

    private static String string(TomlTable t, String key, String fallback) {
        Object v = t.get(key);
        if (v == null) {
            return fallback;
        }
        if (v instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException(key + " must be a string");
    }

    private static long integer(TomlTable t, String key, long fallback) {
        Object v = t.get(key);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Long l) {
            return l;
        }
        throw new IllegalArgumentException(key + " must be an integer");
    }

    private static boolean bool(TomlTable t, String key, boolean fallback) {
        Object v = t.get(key);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        throw new IllegalArgumentException(key + " must be true or false");
    }

    /** "30m", "90s", "2h", "500ms", or a number of seconds. */
    static Duration duration(TomlTable t, String key, Duration fallback) {
        Object v = t.get(key);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Long seconds) {
            return Duration.ofSeconds(seconds);
        }
        if (v instanceof String s) {
            Matcher m = DURATION.matcher(s.strip());
            if (m.matches()) {
                long n = Long.parseLong(m.group(1));
                return switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                };
            }
        }
        throw new IllegalArgumentException(key + " must be a duration such as \"30m\", \"90s\" or \"2h\"");
    }
}
