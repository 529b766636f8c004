package dev.graphiti.redact.corpus;

import java.util.List;
import java.util.Random;

/**
 * Random strings in the shapes public secret scanners' test suites use (gitleaks rules, trufflehog detector
 * tests, detect-secrets plugin tests), built at run time from a seed: the sources hold no literal a scanner
 * would flag, and every run sees the same corpus.
 */
final class Shapes {

    static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    static final String LOWER = "abcdefghijklmnopqrstuvwxyz";
    static final String DIGITS = "0123456789";
    static final String ALNUM = UPPER + LOWER + DIGITS;
    static final String HEX = "0123456789abcdef";

    /** Ordinary words people use as passwords and in them. */
    private static final List<String> WORDS = List.of("random", "password", "sunshine", "dragon", "letmein",
            "correct", "horse", "battery", "staple", "welcome", "monkey", "trustno", "opensesame", "pineapple",
            "starwars", "football", "princess", "mustang", "hunter", "secret", "sauce", "tiger", "lily", "marmalade",
            "orange", "winter", "summer", "autumn", "falcon", "rainbow", "shadow", "master", "silver", "golden",
            "banana", "coffee", "cookie", "purple", "phoenix", "thunder", "matrix", "hockey", "soccer", "pepper");

    private final Random random;

    Shapes(long seed) {
        this.random = new Random(seed);
    }

    String of(String alphabet, int length) {
        StringBuilder s = new StringBuilder(length);
        while (s.length() < length) {
            s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return s.toString();
    }

    /** Letters and digits with at least one upper, one lower and one digit, as generated keys have. */
    String alnum(int length) {
        String s;
        do {
            s = of(ALNUM, length);
        } while (!s.chars().anyMatch(Character::isDigit) || !s.chars().anyMatch(Character::isUpperCase)
                || !s.chars().anyMatch(Character::isLowerCase));
        return s;
    }

    String lowerAlnum(int length) {
        String s;
        do {
            s = of(LOWER + DIGITS, length);
        } while (!s.chars().anyMatch(Character::isDigit) || !s.chars().anyMatch(Character::isLetter));
        return s;
    }

    String upperAlnum(int length) {
        return of(UPPER + DIGITS, length);
    }

    String hex(int length) {
        String s;
        do {
            s = of(HEX, length);
        } while (!s.chars().anyMatch(Character::isLetter) || !s.chars().anyMatch(Character::isDigit));
        return s;
    }

    String digits(int length) {
        return of("123456789", 1) + of(DIGITS, length - 1);
    }

    /** Standard base64 of random bytes: letters, digits, '+' and '/', padded to a multiple of four. */
    String base64(int length) {
        String body = alnum(length);
        char[] c = body.toCharArray();
        c[random.nextInt(length)] = '+';
        c[random.nextInt(length)] = '/';
        return new String(c);
    }

    String base64url(int length) {
        String body = alnum(length);
        char[] c = body.toCharArray();
        c[1 + random.nextInt(length - 2)] = '_';
        c[1 + random.nextInt(length - 2)] = '-';
        return new String(c);
    }

    String uuid() {
        String h = hex(32);
        return h.substring(0, 8) + "-" + h.substring(8, 12) + "-4" + h.substring(13, 16) + "-" + "89ab".charAt(random.nextInt(4))
                + h.substring(17, 20) + "-" + h.substring(20);
    }

    /**
     * Two ordinary words, sometimes with a few digits or a symbol, as people choose passwords (two, so that a
     * password is never a word the texts around it use anyway, which would make a leak impossible to tell).
     */
    String wordPassword() {
        String first = word();
        String second = word();
        while (second.equals(first)) {
            second = word();
        }
        String w = first + second;
        return switch (random.nextInt(4)) {
            case 0 -> w + digits(2);
            case 1 -> capitalize(w) + of("!#%*", 1);
            default -> w;
        };
    }

    /** Something a person typed: mixed words, digits and a symbol. */
    String chosenPassword() {
        return capitalize(word()) + of("!@#%^*-_.", 1) + digits(2 + random.nextInt(3)) + word();
    }

    String word() {
        return WORDS.get(random.nextInt(WORDS.size()));
    }

    int nextInt(int bound) {
        return random.nextInt(bound);
    }

    <T> T pick(List<T> items) {
        return items.get(random.nextInt(items.size()));
    }

    String pem(String label, String lineBreak, int lines) {
        StringBuilder s = new StringBuilder("-----BEGIN ").append(label).append("-----").append(lineBreak);
        for (int i = 0; i < lines; i++) {
            s.append(base64(64)).append(lineBreak);
        }
        return s.append(base64(28)).append("==").append(lineBreak).append("-----END ").append(label).append("-----")
                .toString();
    }

    static String capitalize(String w) {
        return Character.toUpperCase(w.charAt(0)) + w.substring(1);
    }
}
