package dev.recall.sessions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a key (an environment variable, a config field, a JSON property, a header, a CLI flag) names a secret.
 * The key is cut into words at {@code _ - .} and camelCase humps, in any case: {@code DB_PASSWORD},
 * {@code x-api-key}, {@code clientSecret}, {@code _authToken}, {@code AccountKey}. A word such as
 * {@code password} or a pair such as {@code api key} makes it {@link Strength#STRONG}; a bare {@code key}, a salt or
 * a signature makes it {@link Strength#WEAK} (its value must look random to count). A last word that describes the
 * secret rather than holding it ({@code TOKEN_LIMIT}, {@code password_length}, {@code secret_name}) names nothing.
 */
final class SecretKeyName {
    enum Strength { NONE, WEAK, STRONG }

    private SecretKeyName() {}

    private static final Set<String> STRONG_WORDS = Set.copyOf(List.of("password", "passwd", "passphrase", "pwd", "pass", "passw",
            "secret", "token", "credential", "credentials", "creds", "apikey", "accesskey", "secretkey", "privatekey",
            "authtoken", "accesstoken", "refreshtoken", "clientsecret", "sessiontoken", "idtoken", "bearer", "auth",
            "authkey", "apitoken", "pat", "sas", "sastoken", "secretaccesskey", "accountkey", "masterkey",
            "signingkey", "encryptionkey", "apisecret", "appsecret", "consumersecret", "webhooksecret", "dsn",
            "connectionstring", "pw", "pword", "pin", "storepass", "keypass", "srcstorepass", "deststorepass",
            "keystorepass", "truststorepass", "httppassword", "passin", "passout"));

    /** Two adjacent words that name a secret together. */
    private static final Set<String> STRONG_PAIRS = Set.copyOf(List.of("api key", "access key", "secret key", "private key",
            "auth key", "account key", "client secret", "signing key", "encryption key", "master key", "shared key",
            "app key", "application key", "consumer key", "license key", "service key", "admin key", "write key",
            "deploy key", "connection string", "api secret", "app secret", "access id"));

    /** Words glued to a prefix in all-caps or lower-case names: PGPASSWORD, dbpassword, csrftoken. */
    private static final List<String> STRONG_ENDINGS = List.of("password", "passwd", "passphrase", "secret", "token",
            "apikey", "accesskey", "secretkey", "privatekey");

    private static final Set<String> WEAK_WORDS = Set.copyOf(List.of("key", "salt", "signature", "sig", "hmac", "cookie", "nonce",
            "otp", "totp", "seed", "mnemonic"));

    /** Last words that describe a secret (its size, name, place, kind) rather than hold it. */
    private static final Set<String> DESCRIPTIVE = Set.copyOf(List.of("count", "counts", "limit", "limits", "length", "len",
            "max", "min", "size", "type", "types", "name", "names", "id", "ids", "file", "files", "path", "paths", "dir",
            "url", "uri", "endpoint", "host", "expiry", "expires", "expiration", "expired", "ttl", "timeout", "policy",
            "required", "enabled", "enable", "disabled", "hint", "prompt", "field", "fields", "label", "env", "var",
            "vars", "header", "prefix", "suffix", "format", "version", "hash", "hashed", "reset", "changed",
            "placeholder", "pattern", "regex", "mode", "style", "kind", "usage", "budget", "index", "pos", "position",
            "cost", "price", "rate", "window", "offset", "bytes", "method", "methods", "scheme", "provider",
            "providers", "store", "manager", "service", "handler", "helper", "class", "module", "error", "errors",
            "message", "valid", "validator", "validation", "strength", "location", "ref", "refs", "encoding",
            "algorithm", "alg", "lifetime", "duration", "at", "created", "updated", "source", "mount", "input",
            "output", "box", "button", "form", "view", "page", "screen", "spec", "generator", "parser", "reader",
            "writer", "cache", "stdin", "command", "cmd", "script", "fn", "func", "callback", "event", "events", "flow",
            "exchange", "audience", "issuer", "scope", "scopes", "claims", "dialog", "modal", "level", "visible",
            "visibility", "counter", "estimator", "estimate", "used", "left", "remaining", "total", "ratio", "arn",
            "digest", "fingerprint", "store", "backend", "storage", "mgr", "ctx", "context", "config", "settings",
            "options", "opts", "template", "test", "tests", "example", "schema", "model", "spent", "filter",
            "metadata", "meta", "status", "state", "set", "get", "exists", "present", "rotation", "rotated", "owner",
            "user", "username", "login", "email", "account", "region", "bucket", "table", "column", "col", "list",
            "map", "keys", "values", "len", "sha", "md5", "crc", "checksum", "ts", "time", "date", "day", "days",
            "sec", "secs", "seconds", "ms", "minutes", "hours", "interval", "delay", "retries", "attempts"));

    static Strength of(String key) {
        List<String> words = words(key);
        if (words.isEmpty() || DESCRIPTIVE.contains(words.getLast())) {
            return Strength.NONE;
        }
        boolean weak = false;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (STRONG_WORDS.contains(w) || STRONG_ENDINGS.stream().anyMatch(w::endsWith)) {
                return Strength.STRONG;
            }
            if (i + 1 < words.size() && STRONG_PAIRS.contains(w + " " + words.get(i + 1))) {
                return Strength.STRONG;
            }
            weak |= WEAK_WORDS.contains(w);
        }
        return weak ? Strength.WEAK : Strength.NONE;
    }

    /** The key's words in lower case: split at {@code _ - . :} and at lower-to-upper case changes. */
    static List<String> words(String key) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                flush(w, out);
                continue;
            }
            boolean hump = i > 0 && Character.isUpperCase(c) && (Character.isLowerCase(key.charAt(i - 1))
                    || Character.isUpperCase(key.charAt(i - 1)) && i + 1 < key.length()
                    && Character.isLowerCase(key.charAt(i + 1)));
            if (hump) {
                flush(w, out); // apiKey -> api key; AWSSecretKey -> aws secret key
            }
            w.append(c);
        }
        flush(w, out);
        return out;
    }

    private static void flush(StringBuilder w, List<String> out) {
        if (!w.isEmpty()) {
            out.add(w.toString().toLowerCase(Locale.ROOT));
            w.setLength(0);
        }
    }
}
