package dev.graphiti.redact;

import java.util.Locale;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Literal values assigned to a key whose name says secret: {@code PASSWORD=...}, {@code password: ...},
 * {@code "apiKey": "..."}, {@code String token = "...";}, {@code --password=...}, {@code db.password=...},
 * {@code val secret: String = "..."}. Only the value is replaced, so the text keeps saying what was there.
 *
 * <p>Code that merely names a secret keeps its text: {@code password = request.getParameter("password")}
 * (a call), {@code this.token = token;} (a variable), {@code token: string} (a type), {@code ${DB_PASSWORD}}
 * (a reference) and {@code password == other} (a comparison with a variable).
 *
 * <p>Kept linear and cheap: only where a secret word ({@link SecretNames#STEMS}) occurs is the key around it
 * matched by a short bounded pattern, and only when the key names a secret is the value matched, anchored
 * right after the separator.
 */
final class KeyValueDetector implements Detector {

    private static final int MAX_KEY = 80;
    private static final int MAX_VALUE = 512;
    /** Shorter for bare values: a long unquoted run is rarer, and each secret-named key costs one such scan. */
    private static final int MAX_BARE_VALUE = 256;

    private static final Pattern KEY = Pattern.compile(
            "(?<![A-Za-z0-9_.\\-])(?<!\\$\\{)" // a whole word, not inside a shell expansion such as ${TOKEN:0:4}
                    + "([A-Za-z_\\-][A-Za-z0-9_.\\-]{0,79}+)" // 1 key
                    + "(?:\\\\?[\"'`])?+" // closing quote of a quoted key, also escaped inside a JSON string
                    // A type annotation before '=': Kotlin/TypeScript `val token: String = "..."`.
                    + "(?:[ \\t]{0,4}+:[ \\t]{0,4}+[A-Za-z_][A-Za-z0-9_.<>?\\[\\]]{0,60}+[ \\t]{1,4}+(?==))?"
                    + "([ \\t]{0,4}+)(:=|===?|=>|=|:)([ \\t]{0,4}+)"); // 2 blank, 3 separator, 4 blank
    /** Groups 1-4 quote the value (the first with JSON-escaped quotes, as in transcripts), group 5 is bare. */
    private static final Pattern VALUE = Pattern.compile(
            "(?:\\\\\"([^\"\\\\\\r\\n]{1," + MAX_VALUE + "}+)\\\\\"" // \"value\"
                    + "|\"([^\"\\r\\n]{1," + MAX_VALUE + "}+)\"|'([^'\\r\\n]{1," + MAX_VALUE + "}+)'"
                    + "|`([^`\\r\\n]{1," + MAX_VALUE + "}+)`"
                    // Bare values stop at a backslash: in escaped text it starts the next \n or \".
                    + "|([^\\s'\"`,;&<>(){}\\[\\]\\\\]{1," + MAX_BARE_VALUE + "}+))"
                    + "(?=[\\s,;&)}\\]'\"`]|\\\\[nrt\"]|$)");
    private static final int BARE = 5;
    /** A variable or member chain, optionally with TypeScript's non-null assertion: {@code process.env.TOKEN!}. */
    private static final Pattern IDENTIFIER =
            Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]{0,511}+(?:\\.[A-Za-z_$][A-Za-z0-9_$]{0,511}+){0,64}+!?");

    @Override
    public void find(String text, String lowerCase, Consumer<Finding> findings) {
        Matcher key = KEY.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
        Matcher value = VALUE.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
        Occurrences stems = new Occurrences(lowerCase, SecretNames.STEMS);
        int floor = 0; // nothing may start before it: the end of the last key or value looked at
        for (int at = stems.next(0); at >= 0; at = stems.next(Math.max(at + 1, floor))) {
            key.region(keyStart(text, at, floor), text.length());
            if (!key.lookingAt()) {
                continue;
            }
            // Go on right after the separator unless the value is taken: a rejected "value" may hold the
            // key of a real one, as in `"token: " + t + " password=x"`.
            floor = key.end();
            boolean named = SecretNames.isSecretName(key.group(1));
            if ((!named && !SecretNames.isKeyName(key.group(1))) || isShellReference(text, key)) {
                continue;
            }
            value.region(key.end(), text.length());
            if (value.lookingAt()) {
                int group = valueGroup(value);
                if (named ? acceptable(text, key, value, group) : RandomTokens.isKeyMaterial(value.group(group))) {
                    findings.accept(new Finding(value.start(group), value.end(group), SecretKind.SECRET_ASSIGNMENT));
                    floor = value.end();
                }
            }
        }
    }

    /** Where the key holding the secret word at {@code at} begins: back over key characters, at most 80. */
    private static int keyStart(String text, int at, int floor) {
        int start = at;
        while (start > floor && at - start < MAX_KEY && isKeyChar(text.charAt(start - 1))) {
            start--;
        }
        return start;
    }

    private static boolean isKeyChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.'
                || c == '-';
    }

    /** {@code "$PWD":/work}, {@code $TOKEN:-x}: a shell variable read, unlike PHP's {@code $password = '...'}. */
    private static boolean isShellReference(String text, Matcher key) {
        return key.start(1) > 0 && text.charAt(key.start(1) - 1) == '$' && !key.group(3).startsWith("=");
    }

    private static int valueGroup(Matcher m) {
        for (int g = 1; g < BARE; g++) {
            if (m.start(g) >= 0) {
                return g;
            }
        }
        return BARE;
    }

    private static boolean acceptable(String text, Matcher key, Matcher m, int group) {
        String value = m.group(group);
        if (StandIns.isStandIn(value) || SecretNames.words(key.group(1)).contains(value.toLowerCase(Locale.ROOT))) {
            return false;
        }
        if (group < BARE) {
            return true;
        }
        // Bare values: tell a config line (PASSWORD=hunter2, password: s3cr3t) from code naming a variable.
        if (key.group(3).startsWith("==")) {
            return false;
        }
        if (value.length() < 4 && value.chars().allMatch(Character::isDigit)) {
            return false; // flags and small counters, never a secret
        }
        if (IDENTIFIER.matcher(value).matches()) {
            // `password = newPassword;` and `token: Token` are code; `Password=Secr3t!;` in a connection
            // string and `PASSWORD=hunter` in a .env file are not.
            boolean statementEnd = m.end(group) < text.length() && text.charAt(m.end(group)) == ';';
            boolean spaced = !key.group(2).isEmpty() || !key.group(4).isEmpty();
            boolean hasDigit = value.chars().anyMatch(Character::isDigit);
            return !spaced || (hasDigit && !statementEnd) || configLine(text, key, m, group);
        }
        return true;
    }

    /** A type ({@code Token}, {@code SecretStr}) or a variable ({@code newPassword}): code, not a value. */
    private static final Pattern TYPE_OR_VARIABLE = Pattern.compile("[A-Z][A-Za-z]*+|[a-z]++(?:[A-Z][a-z0-9]*+)++");

    /**
     * {@code   POSTGRES_PASSWORD: goldenhunter} in YAML, {@code password = hunter} in INI: the key starts its line
     * (after blanks or a list's dash) and the value, one plain word, ends it (a comment may follow). Code
     * would follow such a word with a comma, a semicolon or a call, or name a type or a variable.
     */
    private static boolean configLine(String text, Matcher key, Matcher m, int group) {
        if (m.group(group).indexOf('.') >= 0 || TYPE_OR_VARIABLE.matcher(m.group(group)).matches()) {
            return false;
        }
        int i = key.start(1);
        while (i > 0 && (text.charAt(i - 1) == ' ' || text.charAt(i - 1) == '\t' || text.charAt(i - 1) == '-')) {
            i--;
        }
        if (i > 0 && text.charAt(i - 1) != '\n') {
            return false;
        }
        int j = m.end(group);
        while (j < text.length() && (text.charAt(j) == ' ' || text.charAt(j) == '\t')) {
            j++;
        }
        return j == text.length() || text.charAt(j) == '\n' || text.charAt(j) == '\r' || text.charAt(j) == '#';
    }
}
