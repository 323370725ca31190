package dev.recall.sessions;

import java.util.List;

/**
 * Values assigned to keys that name a secret, in the forms people paste into a session: env files and shell
 * ({@code DB_PASSWORD=x}, {@code export X_TOKEN="x"}), YAML and headers ({@code password: x},
 * {@code X-Api-Key: x}), JSON and code ({@code "apiKey": "x"}, {@code token = 'x'}), TOML and INI, query strings
 * ({@code ?access_token=x&}), .npmrc ({@code //host/:_authToken=x}), docker config ({@code "auth": "x"}),
 * connection strings ({@code AccountKey=x;}), XML ({@code <password>x</password>}) and long CLI flags
 * ({@code --db-password x}). Parsed by hand from each occurrence of a secret word: a key is found by widening
 * the word to the identifier around it, then a separator and a value are read after it.
 */
final class SecretAssignments {
    static final String ASSIGNMENT = "secret_assignment";
    static final String FLAG = "secret_flag";
    static final String ENTROPY = "high_entropy_assignment";
    /** Bumped when this parser, {@link SecretKeyName} or {@link SecretValues} changes what they catch. */
    static final int VERSION = 5;

    /** Lower-case fragments of every word {@link SecretKeyName} knows; only keys holding one are looked at. */
    private static final List<String> HINTS = List.of("pass", "pwd", "pw", "secret", "token", "key", "auth", "cred",
            "sig", "salt", "sas", "pat", "dsn", "bearer", "connection", "cookie", "nonce", "otp", "seed", "mnemonic",
            "pin");

    private static final int MAX_VALUE = 4096;
    private static final List<String> PASS = List.of("pass");

    private SecretAssignments() {}

    /** A value found: its span in the text and how sure the key makes it. */
    record Found(int start, int end, String rule, SecretScanner.Tier tier) {}

    interface Sink {
        void add(Found f);
    }

    /** The lower-case words whose occurrences {@link #find} needs. */
    static List<String> hints() {
        return HINTS;
    }

    /** Reads the key around each hint occurrence ({@code at}: positions from {@link HintIndex}). */
    static void find(String text, int[] at, Sink out) {
        int done = -1;
        for (int i : at) {
            if (i < done) {
                continue; // inside a key already read
            }
            int ks = i;
            while (ks > 0 && keyChar(text.charAt(ks - 1))) {
                ks--;
            }
            int ke = i;
            while (ke < text.length() && keyChar(text.charAt(ke))) {
                ke++;
            }
            done = ke;
            read(text, ks, ke, out);
        }
    }

    private static void read(String text, int ks, int ke, Sink out) {
        int dashes = 0;
        while (ks + dashes < ke && text.charAt(ks + dashes) == '-') {
            dashes++;
        }
        int end = ke;
        while (end > ks + dashes && (text.charAt(end - 1) == '.' || text.charAt(end - 1) == '-')) {
            end--;
        }
        if (end <= ks + dashes) {
            return;
        }
        int n = text.length();
        char before = ks > 0 ? text.charAt(ks - 1) : '\n';
        if (before == '$' || before == '{' && ks > 1 && text.charAt(ks - 2) == '$') {
            return; // $API_KEY, ${API_KEY:-default}: a reference to the variable, not an assignment of it
        }
        boolean flag = dashes >= 1 && Character.isWhitespace(before);
        int p = end;
        // <password>value</password>
        if (before == '<' && p < n && text.charAt(p) == '>') {
            int close = text.indexOf('<', p + 1);
            if (close > p + 1 && close - p <= MAX_VALUE && strength(text, ks + dashes, end) != null) {
                judge(text, p + 1, close, true, false, flag, strength(text, ks + dashes, end), out);
            }
            return;
        }
        // the key's closing quote: "password": / 'password': / \"password\": / escaped twice over
        p += quote(text, p);
        int ws = p;
        while (p < n && (text.charAt(p) == ' ' || text.charAt(p) == '\t')) {
            p++;
        }
        boolean spaced = p > ws;
        boolean equals;
        if (text.startsWith(":=", p) || text.startsWith("?=", p) || text.startsWith("=>", p)) {
            p += 2;
            equals = true;
        } else if (p < n && text.charAt(p) == '=' && !(p + 1 < n && text.charAt(p + 1) == '=')) {
            p++;
            equals = true;
        } else if (p < n && text.charAt(p) == ':' && !text.startsWith("://", p) && !text.startsWith("::", p)) {
            p++;
            equals = false;
            if (before == ':' && p < n && !Character.isWhitespace(text.charAt(p))) {
                return; // arn:aws:secretsmanager:region:account:secret:name, a URN's parts
            }
        } else if (flag && spaced && p < n && text.charAt(p) != '-' && text.charAt(p) != '\n') {
            equals = false; // --password value, -storepass value
        } else {
            return;
        }
        // only now, with a separator found, is the key worth classifying: most secret words are not keys
        SecretKeyName.Strength strength = strength(text, ks + dashes, end);
        if (strength == null || !equals && !flag && SecretKeyName.words(text.substring(ks, end)).equals(PASS)) {
            return; // "--- PASS: TestName": a test runner's verdict, not a password
        }
        while (p < n && (text.charAt(p) == ' ' || text.charAt(p) == '\t')) {
            p++;
        }
        if (p >= n || text.charAt(p) == '\n' || text.charAt(p) == '\r' || continuation(text, p)
                || (text.charAt(p) == '|' || text.charAt(p) == '>')
                && blockIndicator(text.substring(p, lineEnd(text, p)).strip())) {
            nextLine(text, p, strength, out);
            return;
        }
        boolean codeStyle = equals && spaced;
        char c = text.charAt(p);
        int q = c == '\\' ? quote(text, p) : 0;
        if (q > 0) {
            // an escaped quote (\" in JSON, \\\" in JSON inside JSON): the value ends at the same sequence
            String seq = text.substring(p, p + q);
            int close = text.indexOf(seq, p + q);
            int eol = lineEnd(text, p);
            if (close > p + q && close <= eol && close - p <= MAX_VALUE) {
                judge(text, p + q, close, true, codeStyle, flag, strength, out);
            }
            return;
        }
        if (c == '"' || c == '\'' || c == '`') {
            int close = closing(text, p + 1, c);
            if (close > p + 1) {
                judge(text, p + 1, close, true, codeStyle, flag, strength, out);
                return;
            }
            if (close == p + 1) {
                return; // ""
            }
            p++; // an unbalanced quote: read what follows as a bare value
        }
        int v = p;
        while (p < n && p - v < MAX_VALUE && (bareChar(text.charAt(p)) || joinedInValue(text, p))) {
            p++;
        }
        if (p - v >= 2 && !text.startsWith("..", p - 2)) {
            while (p > v && (text.charAt(p - 1) == '.' || text.charAt(p - 1) == ',')) {
                p--; // a sentence's full stop, not an ellipsis standing in for the value
            }
        }
        // "password: groups are managed by...", "the token= parameter is optional": the first word of a sentence.
        // An env assignment glued to its key (PASSWORD=letmein make deploy) is a value whatever follows it.
        boolean glued = equals && v == valueStart(text, end);
        boolean sentence = !glued || !hasUpper(text, ks, end) && dashes == 0;
        if (p > v && !(sentence && SecretValues.wordInProse(text, v, p))) {
            judge(text, v, p, false, codeStyle, flag, strength, out);
        }
    }

    /** Where a value glued to its key's separator would start: just after the separator. */
    private static int valueStart(String text, int keyEnd) {
        int p = keyEnd + quote(text, keyEnd);
        if (text.startsWith(":=", p) || text.startsWith("?=", p) || text.startsWith("=>", p)) {
            return p + 2;
        }
        return p + 1;
    }

    private static boolean hasUpper(String text, int start, int end) {
        for (int i = start; i < end; i++) {
            if (Character.isUpperCase(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Nothing after the separator but the line's end, a YAML block indicator ({@code key: |}) or a shell line
     * continuation ({@code TOKEN=\\}): the value is the next line. A plain next line counts only when it is a single
     * word (quoted or not); text with spaces there is prose, a mapping or a command, not a value. A block scalar's
     * lines are its value, each line of it judged.
     */
    private static void nextLine(String text, int p, SecretKeyName.Strength strength, Sink out) {
        int n = text.length();
        int eol = lineEnd(text, p);
        String rest = text.substring(p, eol).strip();
        boolean block = blockIndicator(rest);
        if (!rest.isEmpty() && !block && !rest.equals("\\")) {
            return;
        }
        int indent = -1;
        for (int s = eol + 1; s < n; s = lineEnd(text, s) + 1) {
            LineContent line = LineContent.of(text, s, lineEnd(text, s));
            if (line.blank() || indent >= 0 && line.indent() < indent) {
                return; // a blank line, or the block ended
            }
            if (!block) {
                valueLine(text, line.start(), line.end(), strength, out);
                return;
            }
            indent = indent < 0 ? line.indent() : indent;
            judge(text, line.start(), line.end(), true, false, false, strength, out);
        }
    }

    /** A next line that is the whole value: one word, or one quoted string with an optional trailing comma. */
    private static void valueLine(String text, int vs, int ve, SecretKeyName.Strength strength, Sink out) {
        if (ve - vs >= 3 && text.charAt(ve - 1) == ',') {
            ve--; // "value", in pretty-printed JSON
        }
        char first = text.charAt(vs);
        if (ve - vs >= 3 && (first == '"' || first == '\'') && text.charAt(ve - 1) == first) {
            judge(text, vs + 1, ve - 1, true, false, false, strength, out);
            return;
        }
        for (int i = vs; i < ve; i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == '"' || c == '\'' || c == '`') {
                return;
            }
        }
        if (text.charAt(ve - 1) == ':' || first == '#' || first == '-' && ve - vs > 1 && text.charAt(vs + 1) == ' ') {
            return; // the next key, a comment, a list item
        }
        judge(text, vs, ve, false, false, false, strength, out);
    }

    /** A YAML block scalar's header: {@code |}, {@code >}, with a chomping indicator or not. */
    private static boolean blockIndicator(String rest) {
        return rest.length() >= 1 && rest.length() <= 2 && (rest.charAt(0) == '|' || rest.charAt(0) == '>')
                && (rest.length() == 1 || rest.charAt(1) == '-' || rest.charAt(1) == '+');
    }

    /** A shell line continuation: a backslash and the line's end. */
    private static boolean continuation(String text, int p) {
        return text.charAt(p) == '\\' && (p + 1 == text.length() || text.charAt(p + 1) == '\n'
                || text.charAt(p + 1) == '\r');
    }

    /** The key's strength, or null when it names no secret. */
    private static SecretKeyName.Strength strength(String text, int start, int end) {
        SecretKeyName.Strength s = SecretKeyName.of(text.substring(start, end));
        return s == SecretKeyName.Strength.NONE ? null : s;
    }

    private static void judge(String text, int start, int end, boolean quoted, boolean codeStyle, boolean flag,
            SecretKeyName.Strength strength, Sink out) {
        String value = text.substring(start, end);
        if (start > 0 && text.charAt(start - 1) == '`' && value.indexOf(' ') >= 0) {
            return; // a `code span` in prose: a command, not a credential
        }
        if (strength == SecretKeyName.Strength.STRONG && SecretValues.literal(value, quoted, codeStyle)) {
            out.add(new Found(start, end, flag ? FLAG : ASSIGNMENT, SecretScanner.Tier.DEFINITE));
        } else if (SecretValues.highEntropy(value) && SecretValues.literal(value, quoted, codeStyle)) {
            out.add(new Found(start, end, ENTROPY, SecretScanner.Tier.CANDIDATE));
        }
    }

    /** The length of a quote at {@code p} with the backslashes escaping it, or 0 when there is none. */
    private static int quote(String text, int p) {
        int i = p;
        while (i < text.length() && text.charAt(i) == '\\' && i - p < 8) {
            i++;
        }
        return i < text.length() && (text.charAt(i) == '"' || text.charAt(i) == '\'') ? i - p + 1 : 0;
    }

    /** The closing quote on the same line, or -1; a double-quoted string honours backslash escapes. */
    private static int closing(String text, int from, char quote) {
        for (int i = from; i < text.length() && i - from <= MAX_VALUE; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                return -1;
            }
            if (c == '\\' && quote == '"') {
                i++;
                continue;
            }
            if (c == quote) {
                return i;
            }
        }
        return -1;
    }

    private static int lineEnd(String text, int from) {
        int eol = text.indexOf('\n', from);
        return eol < 0 ? text.length() : eol;
    }

    static boolean keyChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.');
    }

    /**
     * An {@code &} or {@code ;} inside a bare value ({@code password: Tr0ub4dor&3}) rather than after it: it ends the
     * value only before the next parameter of a query or connection string ({@code &page=2}, {@code ;EndpointSuffix=}),
     * an escaped {@code &amp;}, another separator, a quote or a space, so that no part of a password is left in clear.
     */
    private static boolean joinedInValue(String text, int p) {
        char c = text.charAt(p);
        int q = p + 1;
        if (c != '&' && c != ';' || q >= text.length() || !bareChar(text.charAt(q)) || text.startsWith("amp;", q)) {
            return false;
        }
        int k = q;
        while (k < text.length() && (Character.isLetterOrDigit(text.charAt(k)) || "_.-[] ".indexOf(text.charAt(k)) >= 0)) {
            k++;
        }
        return !(k > q && k < text.length() && text.charAt(k) == '=');
    }

    private static boolean bareChar(char c) {
        return !Character.isWhitespace(c) && c != '"' && c != '\'' && c != '`' && c != ',' && c != ';' && c != '&'
                && c != '|' && c != '<' && c != '>' && c != ')' && c != '}' && c != ']' && c != '\\';
    }
}
