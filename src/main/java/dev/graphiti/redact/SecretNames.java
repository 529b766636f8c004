package dev.graphiti.redact;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a key name ({@code DB_PASSWORD}, {@code clientSecret}, {@code x-api-key}, {@code spring.datasource.password})
 * says its value is a secret. The name is split into words at {@code _ - . :} and camel-case humps, and
 * only its last word (or last two) decides: {@code password_hash}, {@code token_count}, {@code auth_url}
 * and {@code secretName} name something about a secret, not the secret itself.
 */
final class SecretNames {

    private static final Set<String> LAST_WORDS = Set.of(
            "password", "passwd", "pwd", "pass", "passphrase", "passcode", "secret", "token", "credential",
            "credentials", "auth", "authorization", "apikey", "accesskey", "secretkey", "privatekey");
    /** Words before a final "key" that make it a secret key rather than a map or sort key. */
    private static final Set<String> KEY_QUALIFIERS = Set.of(
            "api", "access", "secret", "private", "signing", "encryption", "master", "account", "client",
            "app", "license", "subscription", "service", "auth");
    /**
     * A final word after these names a limit, a count or an opaque id that is no credential: max_token,
     * MCP's progressToken, pagination's nextToken and pageToken, .NET's cancellationToken, Helm's existingSecret
     * (the name of a Kubernetes secret).
     */
    private static final Set<String> NOT_SECRET_BEFORE = Set.of(
            "max", "min", "num", "count", "total", "limit", "progress", "next", "page", "continuation",
            "cancellation", "sync", "existing");

    /**
     * Words before a final "key" that make it an address or an index rather than a credential: database keys,
     * map and cache keys, object keys in a bucket, public keys, i18n keys, keyboard keys.
     */
    private static final Set<String> NOT_CREDENTIAL_KEY = Set.of(
            "primary", "foreign", "publishable", "sort", "partition", "hash", "range", "cache", "map", "object", "public", "pub",
            "ssh", "idempotency", "lookup", "unique", "composite", "row", "index", "group", "dedup", "dedupe",
            "routing", "shard", "i18n", "translation", "label", "annotation", "config", "field", "column",
            "attribute", "dict", "hot", "short", "react", "list", "item", "node", "sequence", "storage", "s3",
            "bucket", "registry", "file", "path", "kms", "keyboard", "press", "state", "query", "message", "event");

    /** Every secret name contains one of these (lower-cased); detectors search for them before anything else. */
    static final List<String> STEMS = List.of("pass", "pwd", "secret", "token", "auth", "credential", "key");

    private SecretNames() {
    }

    static boolean isSecretName(String key) {
        if (key.toLowerCase(Locale.ROOT).endsWith("secret_key_base")) {
            return true; // Rails signs sessions with it
        }
        if (key.equals("PWD") || key.equals("OLDPWD")) {
            return false; // the shell's working directory, in every `env` dump
        }
        List<String> words = words(key);
        if (words.isEmpty()) {
            return false;
        }
        String last = words.get(words.size() - 1);
        String before = words.size() > 1 ? words.get(words.size() - 2) : "";
        if (NOT_SECRET_BEFORE.contains(before)) {
            return false;
        }
        if (LAST_WORDS.contains(last)) {
            return true;
        }
        if (key.indexOf('.') < 0 && (last.endsWith("password") || last.endsWith("secret") || last.endsWith("token")
                || last.endsWith("apikey") || last.endsWith("secretkey") || last.endsWith("privatekey")
                || last.endsWith("accesskey"))) {
            // Names written as one word: DBPASSWORD, GITHUBTOKEN, openai_apikey; not dotted names such as
            // the Maven group io.jsonwebtoken.
            return true;
        }
        return last.equals("key") && KEY_QUALIFIERS.contains(before);
    }

    /**
     * A name made of whole words that ends in a secret word ({@code PASSWORD}, {@code new_password},
     * {@code apiKey}, {@code DB_PASS}), as references and examples are written; unlike {@link #isSecretName}
     * not a word that merely ends in one ({@code randompassword}).
     */
    static boolean isPlainSecretName(String name) {
        List<String> words = words(name);
        if (words.isEmpty()) {
            return false;
        }
        String last = words.get(words.size() - 1);
        String before = words.size() > 1 ? words.get(words.size() - 2) : "";
        return !NOT_SECRET_BEFORE.contains(before)
                && (LAST_WORDS.contains(last) || (last.equals("key") && KEY_QUALIFIERS.contains(before)));
    }

    /**
     * A name whose last word is "key" without saying which kind ({@code Key}, {@code stripe_key},
     * {@code mailgunKey}): its value is a credential only when it looks like key material, which the caller
     * checks; database, cache, map and public keys are never.
     */
    static boolean isKeyName(String key) {
        List<String> words = words(key);
        if (words.isEmpty() || !words.get(words.size() - 1).equals("key")) {
            return false;
        }
        return words.size() == 1 || !NOT_CREDENTIAL_KEY.contains(words.get(words.size() - 2));
    }

    /** Lower-case words of a key: {@code X-Api-Key} -> x, api, key; {@code APIKeyName} -> api, key, name. */
    static List<String> words(String key) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                flush(word, words);
                continue;
            }
            if (Character.isUpperCase(c) && word.length() > 0) {
                char prev = key.charAt(i - 1);
                boolean nextLower = i + 1 < key.length() && Character.isLowerCase(key.charAt(i + 1));
                if (Character.isLowerCase(prev) || Character.isDigit(prev)
                        || (Character.isUpperCase(prev) && nextLower)) {
                    flush(word, words);
                }
            }
            word.append(Character.toLowerCase(c));
        }
        flush(word, words);
        return words;
    }

    private static void flush(StringBuilder word, List<String> words) {
        if (word.length() > 0) {
            words.add(word.toString());
            word.setLength(0);
        }
    }
}
