package dev.recall.embeddings;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 helpers; every JDK has the algorithm, so its absence is a broken runtime. */
final class Sha256 {

    private Sha256() {}

    static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    static String hex(byte[] data) {
        return HexFormat.of().formatHex(newDigest().digest(data));
    }

    static String hex(MessageDigest digest) {
        return HexFormat.of().formatHex(digest.digest());
    }
}
