package dev.recall.service.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.recall.store.RecallException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Reads {@code config.toml} into a {@link ConfigFile}. A key no record declares is refused, at every level, naming
 * the file, the line, the section and the keys that section knows; so is a value of the wrong type. Strict
 * types: 2.5 is not an integer and "3" is not a number.
 */
public final class ConfigLoader {
    public static final String FILE_NAME = "config.toml";

    private final ObjectMapper mapper = TomlMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();

    /** The file's settings, or the defaults when there is no file. */
    public ConfigFile load(Path file) {
        if (!Files.exists(file)) {
            return ConfigFile.DEFAULTS;
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RecallException(RecallException.Kind.INTERNAL, "cannot read " + file + ": " + e.getMessage(), e);
        }
        return parse(file, text);
    }

    ConfigFile parse(Path file, String text) {
        try {
            ConfigFile parsed = mapper.readValue(text, ConfigFile.class);
            return parsed == null ? ConfigFile.DEFAULTS : parsed;
        } catch (UnrecognizedPropertyException e) {
            List<String> path = path(e);
            String key = e.getPropertyName();
            String section = section(path.subList(0, path.size() - 1));
            String where = where(file, text, path);
            if (key.equals("api_key")) {
                throw invalid(where + section + "api_key: keys never go in config.toml; put the key in an"
                        + " environment variable and name it in api_key_env");
            }
            String known = e.getKnownPropertyIds().stream().map(Object::toString)
                    .map(ConfigLoader::snake).collect(Collectors.toCollection(TreeSet::new)).toString();
            throw invalid(where + section + "unknown " + (path.size() == 1 ? "section or key" : "key") + " '" + key
                    + "' (known: " + known.substring(1, known.length() - 1) + ")");
        } catch (JsonMappingException e) {
            List<String> path = path(e);
            String key = String.join(".", path);
            throw invalid(where(file, text, path) + key + " has the wrong type: " + e.getOriginalMessage()
                    .replaceAll(" at \\[Source.*", "").replaceAll("\\(class [^)]*\\)", "").strip());
        } catch (JacksonException e) {
            long line = e.getLocation() == null ? -1 : e.getLocation().getLineNr();
            throw invalid(file + (line > 0 ? ":" + line : "") + ": " + e.getOriginalMessage());
        }
    }

    private static RecallException invalid(String message) {
        return new RecallException(RecallException.Kind.INVALID, message);
    }

    /** The keys from the top to the failing one, as written in the file (snake_case, map keys as they are). */
    private static List<String> path(JsonMappingException e) {
        List<String> out = new ArrayList<>();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                out.add(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                out.add("[" + r.getIndex() + "]");
            }
        }
        return out;
    }

    private static String section(List<String> tables) {
        return tables.isEmpty() ? "" : "[" + String.join(".", tables) + "] ";
    }

    /**
     * "file:line: " where the line is that of the key inside its table: the binding works on the parsed tree, so
     * the line is found again in the text (the first {@code key =} after the table's header).
     */
    static String where(Path file, String text, List<String> path) {
        int line = lineOf(text, path);
        return file + (line > 0 ? ":" + line : "") + ": ";
    }

    static int lineOf(String text, List<String> path) {
        String[] lines = text.split("\n", -1);
        String key = path.getLast();
        String table = String.join(".", path.subList(0, path.size() - 1));
        String current = "";
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            if (l.startsWith("[")) {
                current = l.replaceAll("^\\[+\\s*|\\s*]+.*$", "").replace("\"", "");
                if (current.equals(String.join(".", path))) {
                    return i + 1; // the key is a table of its own
                }
                continue;
            }
            String dotted = current.isEmpty() ? "" : current + ".";
            int eq = l.indexOf('=');
            if (eq > 0) {
                String name = dotted + l.substring(0, eq).strip().replace("\"", "");
                if (name.equals(table.isEmpty() ? key : table + "." + key)) {
                    return i + 1;
                }
            }
        }
        return -1;
    }

    private static String snake(String name) {
        return PropertyNamingStrategies.SnakeCaseStrategy.INSTANCE.translate(name);
    }
}
