package dev.recall.sessions;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Secrets hidden in base64: a Kubernetes Secret's {@code data}, a docker config, an {@code echo ... | base64 -d},
 * an env var holding an encoded connection string. Each base64 run that decodes to text is scanned again with the
 * same rules; when the decoded text holds a secret, the whole run is redacted. Encoded text without a secret and
 * encoded binary data (images, hashes, keys already caught by their form) are left as they are.
 */
final class EncodedSecrets {
    static final String RULE = "encoded_secret";
    /** Bumped when what is caught changes (part of the scanner's fingerprint). */
    static final int VERSION = 1;

    /** "user:pw" is 8 characters of base64 at least; anything shorter decodes to too little to hold a secret. */
    private static final int MIN_RUN = 16;
    /** Longer runs are images or archives, not text worth decoding on every scan. */
    private static final int MAX_RUN = 64 * 1024;

    /** Scans decoded text: the strongest tier found in it, or null. */
    interface Rescan {
        SecretScanner.Tier strongest(String decoded);
    }

    interface Sink {
        void add(int start, int end, SecretScanner.Tier tier);
    }

    private EncodedSecrets() {}

    static void find(String text, Rescan rescan, Sink out) {
        int n = text.length();
        int i = 0;
        while (i < n) {
            if (!alphabet(text.charAt(i)) || i > 0 && (alphabet(text.charAt(i - 1)) || text.charAt(i - 1) == '=')) {
                i++;
                continue;
            }
            int end = i;
            boolean upper = false;
            boolean lower = false;
            boolean digit = false;
            boolean urlSafe = false;
            boolean standard = false;
            while (end < n && alphabet(text.charAt(end))) {
                char c = text.charAt(end);
                upper |= c >= 'A' && c <= 'Z';
                lower |= c >= 'a' && c <= 'z';
                digit |= c >= '0' && c <= '9';
                urlSafe |= c == '-' || c == '_';
                standard |= c == '+' || c == '/';
                end++;
            }
            int run = end - i;
            int padded = end;
            while (padded < n && padded - end < 2 && text.charAt(padded) == '=') {
                padded++;
            }
            // encoded text mixes cases and digits; an identifier, a word or a hex digest does not
            if (run >= MIN_RUN && run <= MAX_RUN && upper && lower && (digit || padded > end) && !(urlSafe && standard)
                    && (padded == n || !alphabet(text.charAt(padded)))) {
                String decoded = decode(text.substring(i, end), urlSafe);
                if (decoded != null) {
                    SecretScanner.Tier tier = rescan.strongest(decoded);
                    if (tier != null) {
                        out.add(i, padded, tier);
                    }
                }
            }
            i = padded > i ? padded : i + 1;
        }
    }

    private static boolean alphabet(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/'
                || c == '-' || c == '_';
    }

    /** The run decoded as UTF-8 text, or null when it is not base64 of text. */
    static String decode(String run, boolean urlSafe) {
        if (run.length() % 4 == 1 || !textStart(run, urlSafe)) {
            return null;
        }
        byte[] bytes;
        try {
            bytes = (urlSafe ? Base64.getUrlDecoder() : Base64.getDecoder()).decode(pad(run));
        } catch (IllegalArgumentException e) {
            return null;
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
        for (int k = 0; k < text.length(); k++) {
            char c = text.charAt(k);
            if (Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t') {
                return null; // binary that happens to be valid UTF-8
            }
        }
        return text;
    }

    /**
     * Whether the first three bytes are printable ASCII: random binary passes one time in twenty, so most binary
     * (hashes, images, keys) costs four characters, not a full decode. Text starting with another script is skipped.
     */
    private static boolean textStart(String run, boolean urlSafe) {
        byte[] head;
        try {
            head = (urlSafe ? Base64.getUrlDecoder() : Base64.getDecoder()).decode(run.substring(0, 4));
        } catch (IllegalArgumentException e) {
            return false;
        }
        for (byte b : head) {
            if ((b < 0x20 || b > 0x7e) && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return true;
    }

    private static String pad(String run) {
        return switch (run.length() % 4) {
            case 2 -> run + "==";
            case 3 -> run + "=";
            default -> run;
        };
    }
}
