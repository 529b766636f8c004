package dev.graphiti.redact;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Values that stand in for a secret without being one: references to it ({@code ${DB_PASSWORD}},
 * {@code $TOKEN}, {@code {{ secrets.X }}}, {@code %s}, {@code :password}), examples ({@code <your-token>},
 * {@code xxxx}, {@code ****}) and type names or literals ({@code string}, {@code null}, {@code true}).
 * Leaving them alone keeps documentation, templates and code readable; none of them leaks anything.
 */
final class StandIns {

    private static final Set<String> WORDS = Set.of(
            "null", "nil", "none", "undefined", "true", "false", "yes", "no", "on", "off",
            "string", "str", "number", "int", "integer", "long", "boolean", "bool", "object", "any", "char",
            "bytes", "byte", "required", "optional", "empty", "redacted", "hidden", "masked", "changeme",
            "change_me", "change-me");

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_\\-]{0,63}+");

    private StandIns() {
    }

    static boolean isStandIn(String value) {
        if (isReference(value)) {
            return true;
        }
        String v = value;
        if (WORDS.contains(v.toLowerCase(Locale.ROOT))) {
            return true;
        }
        // A value that is itself a secret's name is a reference or an example: PASSWORD, new_password, apiKey.
        // Words that merely end in one (randompassword, Mustang_35secret) are what people choose.
        return NAME.matcher(v).matches() && SecretNames.isPlainSecretName(v);
    }

    /**
     * Only what cannot be a value: a reference or template ({@code ${DB_PASSWORD}}, {@code $TOKEN},
     * {@code {password}}, {@code %s}, {@code <password>}), a mask ({@code ****}), or a name in capitals
     * ({@code PASSWORD}, {@code DB_PASS}). Where any word is a plausible secret, as in the password of
     * {@code postgres://user:pass@host}, the words {@link #isStandIn} also spares (pass, secret, changeme)
     * are redacted: an example costs a placeholder, a real one would leak.
     */
    static boolean isReference(String value) {
        String v = value.strip();
        if (v.isEmpty() || v.length() != value.length()) {
            // Secrets do not begin or end with blanks; such "values" are the middle of a sentence or an
            // expression like `"Invalid token: " + reason`.
            return true;
        }
        char first = v.charAt(0);
        if (first == '$' || first == '%' || first == ':' || first == '?' || first == '#'
                || first == '[' || v.contains("{{") || v.contains("${")) {
            return true;
        }
        if (first == '{' && v.charAt(v.length() - 1) == '}') {
            // {password} is a template; Jenkins stores encrypted secrets as {AQAAABAAAAAQ...=}
            String inside = v.substring(1, v.length() - 1);
            return NAME.matcher(inside).matches() && !RandomTokens.isKeyMaterial(inside);
        }
        if (first == '<' && v.charAt(v.length() - 1) == '>') {
            return true;
        }
        if (v.chars().allMatch(c -> c == v.charAt(0))) {
            return true;
        }
        return NAME.matcher(v).matches() && v.equals(v.toUpperCase(Locale.ROOT)) && SecretNames.isPlainSecretName(v);
    }
}
