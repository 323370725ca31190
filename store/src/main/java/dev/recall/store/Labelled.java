package dev.recall.store;

import java.util.Arrays;
import java.util.List;

/** An enum stored and shown by a lowercase label. */
public interface Labelled {
    String label();

    /**
     * The constant whose label is {@code label}, given for {@code field} (a request field, a file's key); anything
     * else is {@link RecallException#unknownValue} naming the field, the value and the known labels.
     */
    static <E extends Enum<E> & Labelled> E parse(Class<E> type, String field, String label) {
        if (label != null) {
            for (E e : type.getEnumConstants()) {
                if (e.label().equals(label)) {
                    return e;
                }
            }
        }
        throw RecallException.unknownValue(field, label, labels(type));
    }

    /**
     * The same, for a value a person typed (a flag, a config value): blanks around it and its case do not matter.
     */
    static <E extends Enum<E> & Labelled> E parseTyped(Class<E> type, String field, String typed) {
        return parse(type, field, typed == null ? null : typed.strip().toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * A label read back from recall.db, where CHECK constraints admit only known labels: anything else is recall's
     * own failure (a newer recall wrote it, or the file was edited by hand), not the user's.
     */
    static <E extends Enum<E> & Labelled> E stored(Class<E> type, String column, String label) {
        try {
            return parse(type, column, label);
        } catch (RecallException e) {
            throw new StoreException("recall.db holds " + column + " '" + label + "', which this recall does not know"
                    + " (allowed: " + String.join(", ", labels(type)) + ")");
        }
    }

    static <E extends Enum<E> & Labelled> List<String> labels(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Labelled::label).toList();
    }
}
