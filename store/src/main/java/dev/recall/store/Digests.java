package dev.recall.store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 digests of the fields that identify content; parts are length-prefixed so boundaries count. */
public final class Digests {
    private Digests() {}

    public static String sha256(String... parts) {
        MessageDigest md = newDigest();
        for (String part : parts) {
            byte[] bytes = part == null ? new byte[0] : part.getBytes(StandardCharsets.UTF_8);
            md.update((part == null ? "-" : Integer.toString(bytes.length)).getBytes(StandardCharsets.UTF_8));
            md.update((byte) ':');
            md.update(bytes);
        }
        return hex(md);
    }

    /** The plain SHA-256 of some bytes, in lowercase hex. */
    public static String sha256Hex(byte[] data) {
        return hex(newDigest().digest(data));
    }

    /** Finishes a digest fed elsewhere (a stream, a file) and spells it in lowercase hex. */
    public static String hex(MessageDigest digest) {
        return hex(digest.digest());
    }

    private static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }

    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the JDK", e);
        }
    }

    /** The digest a message's content is anchored by. */
    public static String message(String role, String text, String toolName, String toolInput) {
        return sha256(role, text, toolName, toolInput);
    }

    /** The digest an evidence anchor holds: the anchored messages' ordinals and content digests, in order. */
    public static String anchor(java.util.List<Message> messages) {
        String[] parts = new String[messages.size() * 2];
        for (int i = 0; i < messages.size(); i++) {
            parts[2 * i] = Integer.toString(messages.get(i).ordinal());
            parts[2 * i + 1] = messages.get(i).contentDigest();
        }
        return sha256(parts);
    }
}
