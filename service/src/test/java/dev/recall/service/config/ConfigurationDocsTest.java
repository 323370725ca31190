package dev.recall.service.config;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/configuration.md documents every key of {@link ConfigFile}, and nothing that is not one. */
class ConfigurationDocsTest {
    static final Path DOC = Path.of(System.getProperty("user.dir")).resolve("../docs/configuration.md").normalize();
    private static final Pattern HEADING = Pattern.compile("^## \\[([a-z_.A-Z]+)]\\s*$");
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z_0-9]+)` \\|");

    @Test
    void everyKeyIsDocumentedAndEveryDocumentedKeyExists() throws Exception {
        TreeSet<String> keys = new TreeSet<>();
        collect(ConfigFile.class, "", keys);
        TreeSet<String> documented = new TreeSet<>();
        String section = null;
        for (String line : Files.readAllLines(DOC)) {
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                section = h.group(1);
                continue;
            }
            Matcher r = ROW.matcher(line);
            if (r.find() && section != null) {
                documented.add(section + "." + r.group(1));
            }
        }
        TreeSet<String> missing = new TreeSet<>(keys);
        missing.removeAll(documented);
        TreeSet<String> extra = new TreeSet<>(documented);
        extra.removeAll(keys);
        assertTrue(missing.isEmpty(), "keys not in docs/configuration.md: " + missing);
        assertTrue(extra.isEmpty(), "documented but not keys: " + extra);
        assertTrue(keys.size() > 60, "the walk found the keys: " + keys.size());
    }

    /** Leaf keys as "section.key"; a map of records is a table per NAME, a record is a table. */
    private static void collect(Class<?> record, String prefix, TreeSet<String> out) {
        for (RecordComponent c : record.getRecordComponents()) {
            String name = PropertyNamingStrategies.SnakeCaseStrategy.INSTANCE.translate(c.getName());
            String key = prefix.isEmpty() ? name : prefix + "." + name;
            Class<?> type = c.getType();
            if (type.isRecord()) {
                collect(type, key, out);
            } else if (Map.class.isAssignableFrom(type) && valueType(c.getGenericType()) instanceof Class<?> v
                    && v.isRecord()) {
                collect(v, key + ".NAME", out);
            } else {
                if (prefix.isEmpty()) {
                    fail("a key outside any section: " + key);
                }
                out.add(key);
            }
        }
    }

    private static Type valueType(Type map) {
        return map instanceof ParameterizedType p ? p.getActualTypeArguments()[1] : Object.class;
    }
}
