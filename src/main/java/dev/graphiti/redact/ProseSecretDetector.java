package dev.graphiti.redact;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Secrets written into sentences: "the staging API key is 7Cf...", "Rails master key: 5e91...", "I set the
 * root password to letmein", "password for the office: goldencookie47", "paste 2zu4... as the app secret".
 * A secret noun (password, passphrase, key, token, secret, access code, credentials) and, a few words away
 * along one of those shapes, one word: that word is the secret when it passes the noun's test.
 *
 * <p>For a password the word may be an ordinary word (people choose those), but not one a sentence about
 * passwords uses ("the password is stored / required / wrong / the same"), and when no linking word ties
 * it to the noun it needs a digit, a symbol or an inner capital. For keys, tokens and secrets the word must
 * be key material ({@link RandomTokens#isKeyMaterial}), so "the key is unique" and "the token expired" stay.
 */
final class ProseSecretDetector implements Detector {

    private static final List<String> HINTS = List.of("pass", "pwd", "key", "token", "secret", "access code",
            "credential");
    private static final Set<String> PASSWORD_NOUNS = Set.of("password", "passwd", "passphrase", "passcode", "pwd");
    private static final Set<String> KEY_NOUNS = Set.of("key", "token", "secret", "credential", "credentials");
    /** Words that tie a value to the noun in a sentence; code's "=" is the key-value detector's business. */
    private static final Set<String> LINKS = Set.of("is", "was", "are", "were", ":", "to", "becomes");
    /** "with password X", "using password X": the phrase names the password that follows. */
    private static final Set<String> NAMING = Set.of("with", "using");
    private static final Set<String> LINK_FILLERS = Set.of("set", "now", "still", "just", "simply", "currently", "to");
    private static final Set<String> PREPOSITIONS = Set.of("for", "of", "on", "in", "at");
    private static final Set<String> ARTICLES = Set.of("the", "a", "an", "our", "my", "your", "their", "this", "that",
            "his", "her", "its");
    /** Words that follow "the password is" in sentences about passwords rather than in ones that give one. */
    private static final Set<String> NOT_A_PASSWORD = Set.of(
            "the", "a", "an", "our", "my", "your", "their", "this", "that", "these", "those", "his", "her", "its",
            "not", "too", "very", "also", "only", "just", "never", "always", "still", "now", "then", "there", "here",
            "in", "on", "at", "for", "from", "with", "without", "of", "by", "and", "or", "but", "so", "if", "when",
            "than", "as", "into", "over", "under", "after", "before", "what", "which", "who", "how", "why", "where",
            "correct", "incorrect", "wrong", "right", "valid", "invalid", "required", "optional", "empty", "blank",
            "missing", "weak", "strong", "long", "short", "secure", "insecure", "same", "different", "unique",
            "random", "sensitive", "case-sensitive", "visible", "hidden", "mandatory", "set", "reset", "good", "bad",
            "fine", "ok", "okay", "done", "ready", "new", "old", "current", "default", "none", "null", "nil", "true",
            "false", "something", "anything", "nothing", "everything", "itself", "plaintext", "cleartext", "known",
            "shown", "given", "taken", "gone", "part", "one", "two", "three", "enough", "available", "unknown",
            "secret", "private", "public", "safe", "unsafe", "complex", "simple", "easy", "hard", "common",
            "temporary", "permanent", "expiring", "exactly", "probably", "actually", "usually", "really", "field",
            "prompt", "argument", "parameter", "variable", "value", "string", "hash", "check", "change", "policy",
            "manager", "login", "user", "admin", "root", "length", "rules", "rule", "entry", "input");

    @Override
    public void find(String text, String lowerCase, Consumer<Finding> findings) {
        Occurrences hints = new Occurrences(lowerCase, HINTS);
        int floor = 0;
        for (int at = hints.next(0); at >= 0; at = hints.next(Math.max(at + 1, floor))) {
            int start = at;
            while (start > 0 && isLetter(lowerCase.charAt(start - 1)) && at - start < 12) {
                start--;
            }
            int end = at;
            while (end < text.length() && isLetter(lowerCase.charAt(end)) && end - at < 16) {
                end++;
            }
            if (!wordBefore(lowerCase, start) || !wordAfter(lowerCase, end)) {
                // part of a name: code (password_hash, USER:PASSWORD@HOST), unless a sentence gives an
                // environment variable its value ("I set DB_PASSWORD to X", "`API_SECRET` is X")
                Finding found = variable(text, at);
                if (found != null) {
                    findings.accept(found);
                    floor = found.end();
                }
                continue;
            }
            if (lowerCase.startsWith("access code", start)) {
                start += "access ".length();
                end = start + "code".length();
                if (!wordAfter(lowerCase, end)) {
                    continue;
                }
            }
            String noun = lowerCase.substring(start, end);
            boolean password = PASSWORD_NOUNS.contains(noun);
            if (noun.equals("code")) {
                noun = "credential";
            }
            if (!password && !KEY_NOUNS.contains(noun)) {
                continue;
            }
            if (!password && qualifiedAway(lowerCase, start, noun)) {
                continue;
            }
            Value kind = password ? Value.PASSWORD : Value.KEY;
            Finding found = after(text, end, kind, password && named(lowerCase, start));
            if (found == null) {
                found = before(text, lowerCase, start, kind);
            }
            if (found != null) {
                findings.accept(found);
                floor = Math.max(end, found.end());
            }
        }
    }

    /** "cache key", "page token", "public key": the word before says it is no credential. */
    private static boolean qualifiedAway(String lowerCase, int start, String noun) {
        Words before = Words.backward(lowerCase, start, 1);
        if (before.count() == 0) {
            return false;
        }
        String word = before.word(0);
        return noun.equals("key") ? !SecretNames.isKeyName(word + "_key") : !SecretNames.isSecretName(word + "_token");
    }

    /** The noun, then the secret: directly, after a link ("is", ":", "to"), or after "for the office:". */
    private static boolean named(String lowerCase, int nounStart) {
        Words before = Words.backward(lowerCase, nounStart, 1);
        return before.count() == 1 && NAMING.contains(before.word(0));
    }

    /** What a value after a noun or a name must look like. */
    private enum Value {
        /** may be an ordinary word when linked */
        PASSWORD,
        /** key material only */
        KEY,
        /** a variable named for a secret: key material, or a password that looks chosen */
        NAMED
    }

    /** UPPER_SNAKE names, as environment variables are written. */
    private static final java.util.regex.Pattern VARIABLE =
            java.util.regex.Pattern.compile("[A-Z][A-Z0-9]{0,31}+(?:_[A-Z0-9]{1,32}+){1,6}+");

    /**
     * The environment variable around {@code at} in a sentence, when its name says secret and a link gives
     * it a value: "set DB_PASSWORD to X", "REDIS_PASSWORD is X now", "SIGNING_SECRET, which is X". Written
     * in backticks or not; a reference ({@code ${DB_PASSWORD}}) or an assignment ({@code DB_PASSWORD=X}, the
     * key-value detector's) is not one.
     */
    private static Finding variable(String text, int at) {
        int start = at;
        while (start > 0 && at - start < 64 && isVariableChar(text.charAt(start - 1))) {
            start--;
        }
        int end = at;
        while (end < text.length() && end - at < 64 && isVariableChar(text.charAt(end))) {
            end++;
        }
        if (start > 0 && " \t`(\"'".indexOf(text.charAt(start - 1)) < 0) {
            return null;
        }
        String name = text.substring(start, end);
        if (!VARIABLE.matcher(name).matches() || !SecretNames.isSecretName(name)) {
            return null;
        }
        if (end < text.length() && text.charAt(end) == '`') {
            end++;
        }
        List<String> words = SecretNames.words(name);
        boolean password = PASSWORD_NOUNS.contains(words.get(words.size() - 1))
                || words.get(words.size() - 1).equals("pass");
        return after(text, end, password ? Value.PASSWORD : Value.NAMED, false);
    }

    private static boolean isVariableChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    private static Finding after(String text, int nounEnd, Value kind, boolean named) {
        if (text.startsWith(", which ", nounEnd)) {
            nounEnd += ", which".length(); // "SIGNING_SECRET, which is X"
        }
        Words words = Words.forward(text, nounEnd, 8);
        int i = 0;
        boolean linked = named;
        if (words.count() == 0 || (words.attachedLink(-1) && text.charAt(nounEnd) == '=')) {
            return null; // password=X is code: the key-value detector judges it
        }
        if (words.attachedLink(-1)) { // "key: X"
            linked = true;
        } else if (PREPOSITIONS.contains(words.lower(0))) {
            // "for the office: X", "for the dashboard is X": up to three words, then a link
            int j = 1;
            while (j < 4 && j < words.count() && !words.attachedLink(j - 1) && !LINKS.contains(words.lower(j))) {
                j++;
            }
            if (j < words.count() && words.attachedLink(j - 1)) {
                i = j;
                linked = true;
            } else if (j < words.count() && LINKS.contains(words.lower(j))) {
                i = j + 1;
                linked = true;
            } else {
                return null;
            }
        }
        if (!linked && i < words.count() && LINKS.contains(words.lower(i))) {
            i++;
            linked = true;
        }
        while (linked && i < words.count() - 1 && LINK_FILLERS.contains(words.lower(i))) {
            i++;
        }
        if (i >= words.count()) {
            return null;
        }
        return accept(words, i, kind, linked, words.endsPhrase(i));
    }

    /** "paste X as the app secret", "use X as the password". */
    private static Finding before(String text, String lowerCase, int nounStart, Value kind) {
        Words back = Words.backward(lowerCase, nounStart, 5);
        int i = 0;
        // up to two qualifiers and an article between "as" and the noun: "as the app secret"
        while (i < back.count() && i < 3 && !back.word(i).equals("as")) {
            i++;
        }
        if (i >= back.count() - 1 || !back.word(i).equals("as")) {
            return null;
        }
        Words value = Words.backward(text, back.start(i), 1);
        return value.count() == 0 ? null : accept(value, 0, kind, false, false);
    }

    private static Finding accept(Words words, int i, Value kind, boolean linked, boolean endsPhrase) {
        String value = words.trimmed(i);
        if (value.isEmpty() || StandIns.isStandIn(value) || value.startsWith("[REDACTED:")) {
            return null;
        }
        boolean ok = switch (kind) {
            case PASSWORD -> isPassword(value, linked, endsPhrase);
            case KEY -> RandomTokens.isKeyMaterial(value);
            case NAMED -> linked && (RandomTokens.isKeyMaterial(value) || isPassword(value, false));
        };
        return ok ? new Finding(words.trimmedStart(i), words.trimmedStart(i) + value.length(), SecretKind.SECRET_ASSIGNMENT)
                : null;
    }

    static boolean isPassword(String value, boolean linked) {
        return isPassword(value, linked, false);
    }

    /**
     * @param endsPhrase the value ends its phrase (punctuation, the line's end or a new clause follows), so a
     *                   word ending in -ly is no adverb modifying what follows ("is butterfly." against
     *                   "is usually rotated")
     */
    static boolean isPassword(String value, boolean linked, boolean endsPhrase) {
        if (value.length() < 4 || value.length() > 128) {
            return false;
        }
        String lower = value.toLowerCase(Locale.ROOT);
        boolean digit = false;
        boolean symbol = false;
        boolean innerUpper = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            digit |= c >= '0' && c <= '9';
            // a hyphen between letters joins words ("case-sensitive", "one-time"): no symbol
            boolean joiner = c == '-' && i > 0 && i < value.length() - 1 && Character.isLetter(value.charAt(i - 1))
                    && Character.isLetter(value.charAt(i + 1));
            symbol |= !Character.isLetterOrDigit(c) && !joiner;
            innerUpper |= i > 0 && Character.isUpperCase(c);
        }
        if (NOT_A_PASSWORD.contains(lower)) {
            return false;
        }
        if (value.matches("[A-Za-z_]+(?:\\.[A-Za-z_]+)+|https?:.*|/.*|\\d+|[a-z]+(?:[A-Z][a-z]+)+")
                || value.chars().anyMatch(c -> "()[]{}<>\"'`=,;$".indexOf(c) >= 0)) {
            // a member access, a link, a path, a number ("at least 12"), a camel-case variable, code
            return false;
        }
        if (digit || symbol || innerUpper) {
            return true;
        }
        return linked && !lower.matches(".*(?:ed|ing|able|ible|ive|ful|less|ous|ment|tion|sion|ness)")
                && (endsPhrase || !lower.endsWith("ly"));
    }

    /** The noun starts a word: nothing of an identifier before it ("API-key" and "(password" are fine). */
    private static boolean wordBefore(String lowerCase, int start) {
        if (start == 0) {
            return true;
        }
        char c = lowerCase.charAt(start - 1);
        return !isLetter(c) && !(c >= '0' && c <= '9') && c != '_' && c != '.' && c != '$' && c != ':';
    }

    /** The noun ends a word: a blank, a colon and a blank, or the end of the text follows. */
    private static boolean wordAfter(String lowerCase, int end) {
        if (end == lowerCase.length()) {
            return true;
        }
        char c = lowerCase.charAt(end);
        if (c == ':') {
            return end + 1 == lowerCase.length() || lowerCase.charAt(end + 1) == ' ' || lowerCase.charAt(end + 1) == '\t';
        }
        return c == ' ' || c == '\t';
    }

    private static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z';
    }
}
