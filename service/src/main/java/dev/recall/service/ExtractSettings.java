package dev.recall.service;

import dev.recall.extract.ExtractConfig;
import dev.recall.extract.ModelRequest;
import dev.recall.store.RecallException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tomlj.TomlTable;

/** Reads {@code [recall.extract]} of config.toml into an {@link ExtractConfig}. */
final class ExtractSettings {
    private static final Set<String> KEYS = Set.of("enabled", "extractor", "endpoint", "model", "api_key_env",
            "allow_http", "timeout", "quiet_period", "candidate_findings", "max_facts", "max_chunk_messages",
            "max_chunk_chars", "max_message_chars", "server", "servers", "prompts", "request");
    private static final Set<String> SERVER_KEYS = Set.of("endpoint", "api_key_env", "allow_http", "timeout");
    private static final Set<String> PROMPT_KEYS = Set.of("profile", "dir");
    private static final Set<String> REQUEST_KEYS = Set.of("temperature", "max_tokens", "extra_body");
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

    /**
     * Reads [recall.extract]. Every key is optional; the default is the local extractor. A wrong key or value is
     * an invalid request naming the file and key. The endpoint can be given inline (endpoint, api_key_env, ...) or as
     * named servers, one of which `server` selects (the only one needs no selection), as the reference tool has it.
     *
     * <pre>
     * [recall.extract]
     * enabled = false                  # automatic passes by the daemon; `extract run` works either way
     * extractor = "local"              # local | endpoint
     * model = "qwen2.5-7b-instruct"
     * server = "local"                 # which [recall.extract.servers.NAME]
     * quiet_period = "30m"             # a session must be ended and quiet this long
     * candidate_findings = "block"     # block | allow (candidate-tier secret findings)
     * max_facts = 3
     * max_chunk_messages = 40
     * max_chunk_chars = 24000
     * max_message_chars = 2000
     *
     * [recall.extract.servers.local]
     * endpoint = "http://127.0.0.1:8080/v1"   # OpenAI-compatible; /chat/completions is appended
     * api_key_env = "RECALL_EXTRACT_API_KEY"  # the NAME of the variable holding the key
     * allow_http = false               # plain http to a non-loopback host
     * timeout = "120s"
     *
     * [recall.extract.prompts]
     * profile = "base"                 # base | qwen; default: chosen by the model name
     * dir = "/path/to/prompts"         # system.txt there replaces the profile's prompt
     *
     * [recall.extract.request]
     * temperature = 0.0
     * max_tokens = 4096
     * extra_body = { top_p = 1.0 }     # merged into the request; model/messages/stream/response_format refused
     * </pre>
     */
    static ExtractConfig read(RecallConfig rc) {
        TomlTable t = rc.raw().getTable("recall.extract");
        if (t == null) {
            return ExtractConfig.local();
        }
        String where = rc.file() + ": [recall.extract] ";
        known(t, KEYS, where);
        try {
            ExtractConfig.Kind kind = ExtractConfig.Kind.parse(string(t, "extractor", "local"));
            ExtractConfig.Segmentation seg = new ExtractConfig.Segmentation(
                    (int) integer(t, "max_chunk_messages", ExtractConfig.Segmentation.DEFAULT.maxMessages()),
                    (int) integer(t, "max_chunk_chars", ExtractConfig.Segmentation.DEFAULT.maxChars()),
                    (int) integer(t, "max_message_chars", ExtractConfig.Segmentation.DEFAULT.maxMessageChars()));
            TomlTable server = server(t, rc.file() + ": [recall.extract.servers");
            ExtractConfig.Endpoint endpoint = null;
            TomlTable ep = server != null ? server : t;
            String url = string(ep, "endpoint", null);
            String model = string(t, "model", null);
            if (url != null || kind == ExtractConfig.Kind.ENDPOINT) {
                endpoint = new ExtractConfig.Endpoint(url == null ? null : URI.create(url), model,
                        string(ep, "api_key_env", null), bool(ep, "allow_http", false),
                        duration(ep, "timeout", ExtractConfig.Endpoint.DEFAULT_TIMEOUT));
            }
            ExtractConfig config = new ExtractConfig(kind, seg, (int) integer(t, "max_facts", 3), endpoint,
                    duration(t, "quiet_period", ExtractConfig.DEFAULT_QUIET_PERIOD),
                    ExtractConfig.CandidateFindings.parse(string(t, "candidate_findings", "block")))
                    .withEnabled(bool(t, "enabled", false));
            return endpoint == null ? config : config.withRequest(request(t, model, rc.file()));
        } catch (IllegalArgumentException e) {
            throw new RecallException(RecallException.Kind.INVALID, where + e.getMessage());
        }
    }

    private static void known(TomlTable t, Set<String> keys, String where) {
        for (String key : t.keySet()) {
            if (key.equals("api_key")) {
                throw new RecallException(RecallException.Kind.INVALID, where + "api_key: keys never go in config.toml; put the key"
                        + " in an environment variable and name it in api_key_env");
            }
            if (!keys.contains(key)) {
                throw new RecallException(RecallException.Kind.INVALID, where + "unknown key '" + key + "' (known: "
                        + String.join(", ", new java.util.TreeSet<>(keys)) + ")");
            }
        }
    }

    /** The selected [recall.extract.servers.NAME], the only one when `server` is not set, or null when none. */
    private static TomlTable server(TomlTable t, String where) {
        Object servers = t.get("servers");
        if (servers == null) {
            if (t.get("server") != null) {
                throw new IllegalArgumentException("server = \"" + t.get("server") + "\" but there is no"
                        + " [recall.extract.servers." + t.get("server") + "] table");
            }
            return null;
        }
        if (!(servers instanceof TomlTable table)) {
            throw new IllegalArgumentException("servers must be a table of named servers");
        }
        if (t.get("endpoint") != null) {
            throw new IllegalArgumentException("give the endpoint either inline or in [recall.extract.servers.NAME],"
                    + " not both");
        }
        String name = string(t, "server", null);
        if (name == null) {
            if (table.size() != 1) {
                throw new IllegalArgumentException(table.size() + " servers are configured ("
                        + String.join(", ", new java.util.TreeSet<>(table.keySet())) + "); choose one with server = \"NAME\"");
            }
            name = table.keySet().iterator().next();
        }
        Object chosen = table.get(java.util.List.of(name));
        if (!(chosen instanceof TomlTable server)) {
            throw new IllegalArgumentException("server = \"" + name + "\" but there is no [recall.extract.servers."
                    + name + "] table (have: " + String.join(", ", new java.util.TreeSet<>(table.keySet())) + ")");
        }
        known(server, SERVER_KEYS, where + "." + name + "] ");
        return server;
    }

    /** [recall.extract.prompts] and [recall.extract.request], resolved against the built-in profiles. */
    private static ModelRequest request(TomlTable t, String model, java.nio.file.Path configFile) {
        TomlTable prompts = table(t, "prompts");
        TomlTable request = table(t, "request");
        String profile = null;
        java.nio.file.Path dir = null;
        if (prompts != null) {
            known(prompts, PROMPT_KEYS, configFile + ": [recall.extract.prompts] ");
            profile = string(prompts, "profile", null);
            String d = string(prompts, "dir", null);
            if (d != null) {
                dir = configFile.toAbsolutePath().getParent().resolve(d.startsWith("~/")
                        ? System.getProperty("user.home") + d.substring(1) : d);
            }
        }
        Double temperature = null;
        Integer maxTokens = null;
        Map<String, Object> extraBody = null;
        if (request != null) {
            known(request, REQUEST_KEYS, configFile + ": [recall.extract.request] ");
            Object temp = request.get("temperature");
            if (temp != null) {
                if (!(temp instanceof Number n)) {
                    throw new IllegalArgumentException("temperature must be a number");
                }
                temperature = n.doubleValue();
            }
            if (request.get("max_tokens") != null) {
                maxTokens = (int) integer(request, "max_tokens", 0);
            }
            TomlTable extra = table(request, "extra_body");
            if (extra != null) {
                extraBody = extra.toMap().entrySet().stream().collect(java.util.stream.Collectors.toMap(
                        Map.Entry::getKey, e -> plain(e.getValue())));
            }
        }
        return ModelRequest.resolve(profile, dir, model, temperature, maxTokens, extraBody);
    }

    private static TomlTable table(TomlTable t, String key) {
        Object v = t.get(java.util.List.of(key));
        if (v == null) {
            return null;
        }
        if (v instanceof TomlTable table) {
            return table;
        }
        throw new IllegalArgumentException(key + " must be a table");
    }

    /** TOML values as plain Java values that Jackson serialises (tables to maps, arrays to lists). */
    private static Object plain(Object v) {
        if (v instanceof TomlTable table) {
            Map<String, Object> m = new java.util.TreeMap<>();
            table.toMap().forEach((k, x) -> m.put(k, plain(x)));
            return m;
        }
        if (v instanceof org.tomlj.TomlArray array) {
            return array.toList().stream().map(ExtractSettings::plain).toList();
        }
        return v;
    }

    private ExtractSettings() {}

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
