package dev.recall.sessions;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Codex: {@code $CODEX_HOME/sessions} (else {@code ~/.codex/sessions}), {@code YYYY/MM/DD/rollout-*.jsonl[.zst]}. */
final class CodexAdapter extends LineAdapter {
    static final String ID = "codex";
    private static final Pattern UUID_SUFFIX =
            Pattern.compile("([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String displayName() {
        return "Codex";
    }

    @Override
    public String envVar() {
        return "CODEX_HOME";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return List.of(platform.home().resolve(".codex/sessions"));
    }

    @Override
    public List<Path> locationsFrom(String envValue) {
        return List.of(Path.of(envValue).resolve("sessions"));
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return files(location, p -> p.getFileName().toString().startsWith("rollout-")
                && (named(p, ".jsonl") || named(p, ".jsonl.zst"))).stream().map(this::file).toList();
    }

    @Override
    public boolean recognises(Probe probe) {
        String name = probe.name();
        if (!name.endsWith(".jsonl") && !name.endsWith(".jsonl.zst")) {
            return false;
        }
        if (name.startsWith("rollout-")) {
            return true;
        }
        for (JsonNode r : probe.firstRecords()) {
            if ((r.path("payload").isObject() && r.path("type").isTextual())
                    || "session_meta".equals(r.path("type").asText(null))
                    || (r.has("instructions") && !r.has("sessionId"))) {
                return true;
            }
        }
        return false;
    }

    @Override
    TranscriptFormat format(TranscriptFile file) {
        return new CodexFormat();
    }

    /** Codex's id comes from session_meta, else the UUID that ends the file name. */
    @Override
    String sessionId(TranscriptFile file, String recordSessionId) {
        if (recordSessionId != null && !recordSessionId.isBlank()) {
            return recordSessionId;
        }
        Matcher m = UUID_SUFFIX.matcher(file.stem());
        return m.find() ? m.group(1) : file.stem();
    }
}
