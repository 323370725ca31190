package dev.recall.sessions;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a value found after a secret-naming key looks like: a literal credential, or something that only stands for
 * one (a variable reference, a placeholder, a type name, a code expression). Placeholders survive redaction so that
 * documentation and examples stay readable; weak real defaults such as {@code changeme} or {@code admin123} do not.
 */
final class SecretValues {
    private SecretValues() {}

    /** Values that name a type, a state or nothing at all, never a credential. */
    private static final Set<String> KEYWORDS = Set.of("true", "false", "null", "nil", "none", "undefined", "yes",
            "no", "on", "off", "required", "optional", "string", "str", "int", "bool", "boolean", "number", "any",
            "object", "bytes", "char", "text", "empty", "unset", "missing", "hidden", "masked", "redacted", "omitted",
            "default", "env", "environment", "prompt", "stdin", "file", "secret", "secrets", "password", "passwd",
            "token", "tokens", "pass", "pwd", "key", "apikey", "api_key", "auth", "credential", "credentials",
            "placeholder", "example", "sample", "dummy", "todo", "fixme", "tbd", "n/a", "na", "value", "your",
            "mine", "new", "old", "this", "self", "basic", "bearer", "digest", "oauth", "oauth2", "native", "local",
            "public", "private", "internal", "static", "final", "const", "let", "var", "function", "return",
            "await", "async",
            // access levels: a CI permission block (id-token: write, contents: read) or a role, not a credential
            "read", "write", "read-all", "write-all", "read-only", "readonly", "read-write", "readwrite");

    private static final Pattern DOTTED_PATH = Pattern.compile("[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)+");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][\\w$]*");
    private static final Pattern PLACEHOLDER_WORDS = Pattern.compile(
            "(?i).*(?:your[_-]?(?:own[_-]?)?(?:api[_-]?)?(?:key|token|secret|pass|password|pat|credential)"
                    + "|replace[_-]?(?:me|this|with)|insert[_-]?(?:your|here|key|token)|put[_-]?your"
                    + "|(?:token|key|secret|password)[_-]?here|^example[_-]|^sample[_-]|^dummy"
                    + "|^placeholder|^redacted|^not[_-]?set|^<|>$).*");

    /**
     * A value after a key that names a secret, as the source wrote it: {@code quoted} when it stood in quotes,
     * {@code codeStyle} when it was assigned with spaces around {@code =} (code, where an unquoted word is a
     * variable rather than a literal).
     */
    static boolean literal(String raw, boolean quoted, boolean codeStyle) {
        String v = raw.strip();
        if (v.length() < 4 || reference(v) || placeholder(v) || v.contains("${") || v.contains("$(")) {
            return false;
        }
        if (KEYWORDS.contains(v.toLowerCase(Locale.ROOT))) {
            return false;
        }
        if (v.chars().allMatch(Character::isDigit) && v.length() < 6) {
            return false; // a port, a count, a small id
        }
        if (!quoted) {
            if (v.indexOf('(') >= 0 || v.indexOf('[') >= 0 || v.startsWith("!") || v.startsWith("|")
                    || v.startsWith(">") || v.startsWith("/") || v.startsWith("./") || v.startsWith("~/")
                    || v.startsWith("http://") || v.startsWith("https://")) {
                return false; // a call, an index, a YAML tag or block, a file path, an endpoint
            }
            if (DOTTED_PATH.matcher(v).matches() && !hasDigit(v)) {
                return false; // config.password, process.env.TOKEN, args.token
            }
            if (codeStyle && IDENTIFIER.matcher(v).matches()
                    && (!hasDigit(v) || v.indexOf('_') >= 0 || camel(v))) {
                return false; // password = new_password, token = accessToken
            }
        }
        return true;
    }

    /** A word as prose writes it: letters (a hyphen or apostrophe between), lower case, Capitalised or CAPITALS. */
    private static final Pattern PROSE_WORD = Pattern.compile(
            "(?:[a-z]+|[A-Z][a-z]+|[A-Z]+)(?:['\u2019-](?:[a-z]+|[A-Z]+))*");
    /** What may follow it before the next word: a sentence's punctuation, then a space. */
    private static final Pattern NEXT_WORD = Pattern.compile(
            "[.,;:!?]?[ \\t]+(?:\\.\\.\\.|\u2026|[A-Za-z][a-z]+\\b(?![:=]))");

    /**
     * An unquoted value that is only the first word of a sentence: a plain word ("groups", "Required!") followed on
     * its line by another word or an ellipsis, as in "password: groups are managed by the admin team". A credential
     * written bare carries a digit, a symbol or mixed case ("hunter2", "P@ss", "xK9q"), or ends its line; the next
     * word of a mapping ({@code password: x, user: y}) or a flag does not count.
     */
    static boolean wordInProse(String text, int start, int end) {
        int e = end;
        while (e > start + 1 && ".,;:!?".indexOf(text.charAt(e - 1)) >= 0) {
            e--;
        }
        if (!PROSE_WORD.matcher(text).region(start, e).matches()) {
            return false;
        }
        Matcher next = NEXT_WORD.matcher(text).region(e, text.length());
        return next.lookingAt();
    }

    /** A value that has to carry its own evidence of being random: after a key that only may name a secret. */
    static boolean highEntropy(String raw) {
        String v = raw.strip();
        if (v.length() < 16 || reference(v) || placeholder(v)) {
            return false;
        }
        boolean letter = v.chars().anyMatch(Character::isLetter);
        return letter && (hasDigit(v) || v.length() >= 32) && entropy(v) >= 3.2;
    }

    /** A reference to where a secret lives, not the secret: variables, templates, redaction markers. */
    static boolean reference(String v) {
        return v.startsWith("$") || v.startsWith("%") || v.startsWith("{{") || v.startsWith("{%") || v.startsWith("#{")
                || v.startsWith("[REDACTED") || v.startsWith("process.env") || v.startsWith("os.environ")
                || v.startsWith("os.getenv") || v.startsWith("env.") || v.startsWith("ENV[") || v.startsWith("secrets.")
                || v.startsWith("vault:") || v.startsWith("op://") || v.startsWith("arn:");
    }

    /** Documentation stand-ins: {@code <your-token>}, {@code xxxx}, {@code ****}, {@code YOUR_API_KEY}. */
    static boolean placeholder(String v) {
        if (v.chars().allMatch(c -> c == '*' || c == 'x' || c == 'X' || c == '.' || c == '-' || c == '_' || c == '#'
                || c == '0' || c == '•' || c == '…')) {
            return true;
        }
        if (v.startsWith("<") || v.endsWith(">") || v.startsWith("[") && v.endsWith("]")) {
            return true;
        }
        String lower = v.toLowerCase(Locale.ROOT);
        if (lower.contains("xxxx") || lower.contains("****") || lower.contains("...")) {
            return true;
        }
        return PLACEHOLDER_WORDS.matcher(v).matches();
    }

    static boolean hasDigit(String v) {
        for (int i = 0; i < v.length(); i++) {
            if (Character.isDigit(v.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    static int digits(String v) {
        int n = 0;
        for (int i = 0; i < v.length(); i++) {
            if (Character.isDigit(v.charAt(i))) {
                n++;
            }
        }
        return n;
    }

    private static boolean camel(String v) {
        for (int i = 1; i < v.length(); i++) {
            if (Character.isUpperCase(v.charAt(i)) && Character.isLowerCase(v.charAt(i - 1))) {
                return true;
            }
        }
        return false;
    }

    /** Shannon entropy in bits per character. */
    static double entropy(String v) {
        int[] counts = new int[128];
        int other = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < 128) {
                counts[c]++;
            } else {
                other++;
            }
        }
        double h = 0;
        for (int c : counts) {
            if (c > 0) {
                double p = (double) c / v.length();
                h -= p * Math.log(p) / Math.log(2);
            }
        }
        if (other > 0) {
            double p = (double) other / v.length();
            h -= p * Math.log(p) / Math.log(2);
        }
        return h;
    }
}
