package dev.recall.embeddings;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One protocol-buffers message as its raw fields, in file order: enough to read and rewrite an ONNX model's graph
 * without the ONNX schema classes (no Java artifact ships them beside ONNX Runtime). Unknown fields pass through
 * untouched, so whatever {@link FusedEncoderGraph} does not edit is written back byte for byte.
 */
final class ProtoMessage {

    private static final int VARINT = 0;
    private static final int FIXED64 = 1;
    private static final int LENGTH_DELIMITED = 2;
    private static final int FIXED32 = 5;

    /**
     * @param number the field number
     * @param wireType 0 varint, 1 fixed 64, 2 length-delimited, 5 fixed 32
     * @param varint the value of a varint field
     * @param bytes the payload of every other field (little-endian for fixed ones)
     */
    record Field(int number, int wireType, long varint, byte[] bytes) {

        static Field varint(int number, long value) {
            return new Field(number, VARINT, value, null);
        }

        static Field bytes(int number, byte[] value) {
            return new Field(number, LENGTH_DELIMITED, 0, value);
        }

        static Field string(int number, String value) {
            return bytes(number, value.getBytes(StandardCharsets.UTF_8));
        }

        static Field message(int number, ProtoMessage value) {
            return bytes(number, value.toBytes());
        }

        static Field fixed32(int number, int bits) {
            return new Field(number, FIXED32, 0, new byte[] {
                (byte) bits, (byte) (bits >>> 8), (byte) (bits >>> 16), (byte) (bits >>> 24)});
        }

        String string() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        ProtoMessage message() {
            return ProtoMessage.parse(bytes);
        }
    }

    private final List<Field> fields;

    ProtoMessage(List<Field> fields) {
        this.fields = List.copyOf(fields);
    }

    List<Field> fields() {
        return fields;
    }

    List<Field> all(int number) {
        return fields.stream().filter(f -> f.number() == number).toList();
    }

    /** The strings of a repeated string field, in order. */
    List<String> strings(int number) {
        return all(number).stream().map(Field::string).toList();
    }

    /** The last value of a string field (protobuf's rule for a repeated singular field), or "" when absent. */
    String string(int number) {
        List<Field> found = all(number);
        return found.isEmpty() ? "" : found.getLast().string();
    }

    static ProtoMessage parse(byte[] data) {
        List<Field> fields = new ArrayList<>();
        int[] at = {0};
        while (at[0] < data.length) {
            long key = readVarint(data, at);
            int number = (int) (key >>> 3);
            int wireType = (int) (key & 7);
            switch (wireType) {
                case VARINT -> fields.add(Field.varint(number, readVarint(data, at)));
                case FIXED64 -> fields.add(new Field(number, wireType, 0, take(data, at, 8)));
                case LENGTH_DELIMITED -> fields.add(new Field(number, wireType, 0, take(data, at, (int) readVarint(data, at))));
                case FIXED32 -> fields.add(new Field(number, wireType, 0, take(data, at, 4)));
                default -> throw new EmbeddingException("not a protocol-buffers message: wire type " + wireType
                        + " at byte " + at[0]);
            }
        }
        return new ProtoMessage(fields);
    }

    byte[] toBytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Field field : fields) {
            writeVarint(out, (long) field.number() << 3 | field.wireType());
            if (field.wireType() == VARINT) {
                writeVarint(out, field.varint());
            } else {
                if (field.wireType() == LENGTH_DELIMITED) {
                    writeVarint(out, field.bytes().length);
                }
                out.writeBytes(field.bytes());
            }
        }
        return out.toByteArray();
    }

    private static long readVarint(byte[] data, int[] at) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at[0] >= data.length) {
                throw new EmbeddingException("not a protocol-buffers message: truncated varint");
            }
            byte b = data[at[0]++];
            value |= (long) (b & 0x7f) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw new EmbeddingException("not a protocol-buffers message: varint longer than 10 bytes");
    }

    private static byte[] take(byte[] data, int[] at, int length) {
        if (length < 0 || at[0] + length > data.length) {
            throw new EmbeddingException("not a protocol-buffers message: a field runs past the end");
        }
        byte[] out = java.util.Arrays.copyOfRange(data, at[0], at[0] + length);
        at[0] += length;
        return out;
    }

    private static void writeVarint(ByteArrayOutputStream out, long value) {
        while ((value & ~0x7fL) != 0) {
            out.write((int) (value & 0x7f) | 0x80);
            value >>>= 7;
        }
        out.write((int) value);
    }
}
