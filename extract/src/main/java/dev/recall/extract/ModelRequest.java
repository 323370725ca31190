package dev.recall.extract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What an endpoint extraction asks the model, beyond the chunk: the system prompt (a built-in profile's, or a
 * file from a prompts directory) and the request knobs (temperature, max_tokens, extra_body merged into the
 * request). All of it shapes the output, so all of it is in the generation fingerprint.
 *
 * <p>Profiles are data: "base" is the prompt recall ships; "qwen" adds the chat-template switch that turns hidden
 * reasoning off, which otherwise spends the whole token budget before any JSON appears. Without an explicit
 * profile, the model name picks one by prefix.
 */
public record ModelRequest(String profile, String systemPrompt, double temperature, Integer maxTokens,
        Map<String, Object> extraBody) {

    /** Request keys recall sets itself; extra_body may not replace them. */
    static final Set<String> RESERVED = Set.of("model", "messages", "stream", "response_format");
    static final String PROMPT_FILE = "system.txt";

    private record Profile(String name, List<String> modelPrefixes, Map<String, Object> extraBody) {}

    private static final List<Profile> PROFILES = List.of(
            new Profile("qwen", List.of("qwen"), Map.of("chat_template_kwargs", Map.of("enable_thinking", false))),
            new Profile("base", List.of(), Map.of()));

    public ModelRequest {
        if (systemPrompt == null || systemPrompt.isBlank()) {
            throw new IllegalArgumentException("the system prompt is empty");
        }
        if (temperature < 0 || temperature > 2) {
            throw new IllegalArgumentException("temperature must be between 0 and 2, not " + temperature);
        }
        if (maxTokens != null && maxTokens < 1) {
            throw new IllegalArgumentException("max_tokens must be at least 1, not " + maxTokens);
        }
        extraBody = extraBody == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(extraBody));
        for (String key : extraBody.keySet()) {
            if (RESERVED.contains(key)) {
                throw new IllegalArgumentException("extra_body may not set '" + key + "': recall sets it");
            }
        }
    }

    /** The defaults for a model: its profile's prompt and knobs, temperature 0. */
    public static ModelRequest forModel(String model) {
        return resolve(null, null, model, null, null, null);
    }

    /**
     * Resolves the configuration: an explicit profile must exist; a prompts directory's system.txt replaces the
     * profile's prompt (an empty file is an error, a missing one is no override); extra_body keys override the
     * profile's.
     */
    public static ModelRequest resolve(String profileName, Path promptsDir, String model, Double temperature,
            Integer maxTokens, Map<String, Object> extraBody) {
        Profile profile = profile(profileName, model);
        String prompt = ChatRequest.SYSTEM_PROMPT;
        if (promptsDir != null) {
            if (!Files.isDirectory(promptsDir)) {
                throw new IllegalArgumentException("prompts dir " + promptsDir + " is not a directory");
            }
            Path file = promptsDir.resolve(PROMPT_FILE);
            if (Files.exists(file)) {
                try {
                    prompt = Files.readString(file).strip();
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + file, e);
                }
                if (prompt.isEmpty()) {
                    throw new IllegalArgumentException(file + " is empty; delete it to use the built-in prompt");
                }
            }
        }
        Map<String, Object> body = new TreeMap<>(profile.extraBody());
        if (extraBody != null) {
            body.putAll(extraBody);
        }
        return new ModelRequest(profile.name(), prompt, temperature == null ? 0 : temperature, maxTokens, body);
    }

    private static Profile profile(String name, String model) {
        if (name != null) {
            return PROFILES.stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("unknown prompts profile '" + name + "' (have: "
                            + String.join(", ", profileNames()) + ")"));
        }
        String lower = model == null ? "" : model.toLowerCase(Locale.ROOT);
        for (Profile p : PROFILES) {
            if (p.modelPrefixes().stream().anyMatch(lower::startsWith)) {
                return p;
            }
        }
        return PROFILES.getLast();
    }

    public static List<String> profileNames() {
        return PROFILES.stream().map(Profile::name).sorted().toList();
    }

    /** What the fingerprint records of it: the prompt's digest and every knob. */
    Map<String, Object> identity() {
        Map<String, Object> m = new TreeMap<>();
        m.put("prompt_sha256", dev.recall.store.Digests.sha256(systemPrompt));
        m.put("temperature", temperature);
        if (maxTokens != null) {
            m.put("max_tokens", maxTokens);
        }
        m.put("extra_body", extraBody);
        return m;
    }
}
