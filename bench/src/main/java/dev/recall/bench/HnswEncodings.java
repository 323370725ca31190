package dev.recall.bench;

import dev.recall.index.VectorEncoding;
import dev.recall.store.RecallException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which HNSW encodings a tier builds and measures. They are built int8 first, float32 last, so with both the
 * float32 generation stays active as the default config has it; with one, that one is active.
 */
public record HnswEncodings(Set<VectorEncoding> set) {
    public static final HnswEncodings BOTH = new HnswEncodings(EnumSet.allOf(VectorEncoding.class));

    public HnswEncodings {
        if (set.isEmpty()) {
            throw RecallException.invalid("encodings", "needs at least one of float32 and int8");
        }
        set = Set.copyOf(set);
    }

    /** A comma-separated list of float32 and int8, e.g. {@code float32} or {@code float32,int8}. */
    public static HnswEncodings parse(String list) {
        EnumSet<VectorEncoding> out = EnumSet.noneOf(VectorEncoding.class);
        for (String part : list.split(",", -1)) {
            switch (part.strip().toLowerCase(Locale.ROOT)) {
                case "float32" -> out.add(VectorEncoding.FLOAT32);
                case "int8" -> out.add(VectorEncoding.INT8);
                default -> throw RecallException.unknownValue("encodings", part.strip(), List.of("float32", "int8"));
            }
        }
        return new HnswEncodings(out);
    }

    /** Build order: int8 before float32. */
    public List<VectorEncoding> buildOrder() {
        List<VectorEncoding> out = new ArrayList<>();
        for (VectorEncoding e : List.of(VectorEncoding.INT8, VectorEncoding.FLOAT32)) {
            if (set.contains(e)) {
                out.add(e);
            }
        }
        return out;
    }

    /** The generation left active: the last one built. */
    public VectorEncoding active() {
        return buildOrder().getLast();
    }

    static String label(VectorEncoding e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
