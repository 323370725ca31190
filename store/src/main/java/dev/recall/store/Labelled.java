package dev.recall.store;

import java.util.Arrays;
import java.util.stream.Collectors;

/** An enum stored and shown by a lowercase label. */
public interface Labelled {
    String label();

    static <E extends Enum<E> & Labelled> E parse(Class<E> type, String label) {
        if (label != null) {
            for (E e : type.getEnumConstants()) {
                if (e.label().equals(label)) {
                    return e;
                }
            }
        }
        throw new IllegalArgumentException("unknown value '" + label + "' (allowed: "
                + Arrays.stream(type.getEnumConstants()).map(Labelled::label).collect(Collectors.joining(", ")) + ")");
    }
}
