package dev.recall.sessions;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kubernetes Secret manifests, where every value under {@code data} (base64) and {@code stringData} (plain) is a
 * secret whatever its key is called ({@code username}, {@code tls.crt}, {@code config.yaml}): in YAML
 * ({@code kubectl get secret -o yaml}, a manifest being written) and in JSON ({@code -o json}). The key names
 * nothing, so the keyed assignments cannot see these; the manifest's {@code kind} says it.
 */
final class SecretManifests {
    static final String RULE = "kubernetes_secret";
    /** Bumped when what is caught changes (part of the scanner's fingerprint). */
    static final int VERSION = 1;

    private static final Pattern YAML_KIND = Pattern.compile("(?m)^[ \\t]*kind:[ \\t]*[\"']?Secret[\"']?[ \\t]*(?:#.*)?$");
    private static final Pattern YAML_DATA = Pattern.compile("(?m)^([ \\t]*)(?:data|stringData):[ \\t]*(?:#.*)?$");
    private static final Pattern JSON_KIND = Pattern.compile("\"kind\"\\s*:\\s*\"Secret\"");
    private static final Pattern JSON_DATA = Pattern.compile("\"(?:data|stringData)\"\\s*:\\s*\\{");
    private static final Pattern JSON_PAIR = Pattern.compile("\\G\\s*,?\\s*\"(?:[^\"\\\\]|\\\\.)*\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    /** How far from its {@code kind} a data block may be and still belong to the same JSON object. */
    private static final int JSON_REACH = 4096;

    interface Sink {
        void add(int start, int end);
    }

    private SecretManifests() {}

    static void find(String text, Sink out) {
        int at = text.indexOf("Secret");
        if (at < 0 || text.indexOf("kind") < 0) {
            return;
        }
        if (text.indexOf("kind:") >= 0) {
            yaml(text, out);
        }
        if (text.indexOf("\"kind\"") >= 0) {
            json(text, out);
        }
    }

    private static void yaml(String text, Sink out) {
        Matcher kind = YAML_KIND.matcher(text);
        while (kind.find()) {
            int[] doc = document(text, kind.start());
            Matcher data = YAML_DATA.matcher(text).region(doc[0], doc[1]);
            while (data.find()) {
                block(text, data.end(), doc[1], data.group(1).length(), out);
            }
        }
    }

    /** The YAML document around {@code at}: between {@code ---} lines or markdown fences, else the whole text. */
    private static int[] document(String text, int at) {
        int start = 0;
        int end = text.length();
        for (int s = 0; s < text.length(); ) {
            int e = text.indexOf('\n', s);
            e = e < 0 ? text.length() : e;
            String line = text.substring(s, e).strip();
            if (line.equals("---") || line.startsWith("```")) {
                if (e < at) {
                    start = e + 1;
                } else if (s > at) {
                    end = s;
                    break;
                }
            }
            s = e + 1;
        }
        return new int[] {start, end};
    }

    /** The entries under {@code data:}: every line more indented than it; each value (or block line) a secret. */
    private static void block(String text, int from, int limit, int indent, Sink out) {
        int s = text.indexOf('\n', from);
        if (s < 0) {
            return;
        }
        for (s = s + 1; s < limit; ) {
            int e = text.indexOf('\n', s);
            e = e < 0 || e > limit ? limit : e;
            LineContent line = LineContent.of(text, s, e);
            if (!line.blank()) {
                if (line.indent() <= indent) {
                    return; // back at the level of data: the block ended
                }
                value(text, line.start(), line.end(), out);
            }
            s = e + 1;
        }
    }

    /** {@code key: value} (the value), a block scalar's header (nothing) or one of its lines (all of it). */
    private static void value(String text, int vs, int ve, Sink out) {
        int colon = -1;
        for (int i = vs; i < ve; i++) {
            char c = text.charAt(i);
            if (c == ':' && (i + 1 == ve || text.charAt(i + 1) == ' ' || text.charAt(i + 1) == '\t')) {
                colon = i;
                break;
            }
            if (c == ' ' || c == '"' || c == '\'') {
                break; // not a key: a line of a block scalar
            }
        }
        int v = colon < 0 ? vs : colon + 1;
        while (v < ve && (text.charAt(v) == ' ' || text.charAt(v) == '\t')) {
            v++;
        }
        int end = ve;
        if (end - v >= 2 && (text.charAt(v) == '"' || text.charAt(v) == '\'') && text.charAt(end - 1) == text.charAt(v)) {
            v++;
            end--;
        }
        String value = text.substring(v, end);
        if (value.isEmpty() || value.matches("[|>][+-]?") || SecretValues.reference(value)) {
            return;
        }
        out.add(v, end);
    }

    private static void json(String text, Sink out) {
        Matcher kind = JSON_KIND.matcher(text);
        while (kind.find()) {
            Matcher data = JSON_DATA.matcher(text).region(Math.max(0, kind.start() - JSON_REACH),
                    Math.min(text.length(), kind.end() + JSON_REACH));
            while (data.find()) {
                Matcher pair = JSON_PAIR.matcher(text).region(data.end(), text.length());
                while (pair.find()) {
                    if (pair.end(1) > pair.start(1) && !SecretValues.reference(pair.group(1))) {
                        out.add(pair.start(1), pair.end(1));
                    }
                }
            }
        }
    }
}
