package dev.graphiti.redact;

import java.util.Random;

/**
 * Realistic-looking fake secrets, built at run time from a seeded random so the test sources hold no string
 * a secret scanner would take for a real credential, and every run sees the same values.
 */
final class FakeSecrets {

    private static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    private static final String LOWER = "abcdefghijklmnopqrstuvwxyz";
    private static final String DIGITS = "0123456789";
    private static final String ALNUM = UPPER + LOWER + DIGITS;

    private final Random random;

    FakeSecrets(long seed) {
        this.random = new Random(seed);
    }

    /** Mixed-case letters and digits, with at least one of each kind so every detector's shape check holds. */
    String alnum(int length) {
        StringBuilder s = new StringBuilder(pick(UPPER)).append(pick(DIGITS)).append(pick(LOWER));
        while (s.length() < length) {
            s.append(pick(ALNUM));
        }
        return s.substring(0, length);
    }

    String upperAlnum(int length) {
        StringBuilder s = new StringBuilder();
        while (s.length() < length) {
            s.append(pick(UPPER + DIGITS));
        }
        return s.toString();
    }

    /** Base64 body characters, always with a '/' and a '+' in it as real keys have (length >= 22). */
    String base64(int length) {
        String a = alnum(length - 2);
        return a.substring(0, 10) + "/" + a.substring(10, 20) + "+" + a.substring(20);
    }

    String hex(int length) {
        StringBuilder s = new StringBuilder();
        while (s.length() < length) {
            s.append(pick("0123456789abcdef"));
        }
        return s.toString();
    }

    String uuid() {
        String h = hex(32);
        return h.substring(0, 8) + "-" + h.substring(8, 12) + "-4" + h.substring(13, 16) + "-a" + h.substring(17, 20)
                + "-" + h.substring(20);
    }

    /** A PEM-style block; {@code type} is e.g. "RSA " or "" and the line break is "\n" or the JSON escape "\\n". */
    String privateKeyBlock(String type, String lineBreak) {
        String label = type + "PRIVATE KEY" + (type.equals("PGP ") ? " BLOCK" : "");
        StringBuilder s = new StringBuilder("-----BEGIN ").append(label).append("-----").append(lineBreak);
        for (int line = 0; line < 5; line++) {
            s.append(alnum(64)).append(lineBreak);
        }
        return s.append(alnum(20)).append("==").append(lineBreak).append("-----END ").append(label).append("-----")
                .toString();
    }

    String jwt() {
        return "eyJ" + alnum(30) + ".eyJ" + alnum(60) + "." + alnum(43);
    }

    private String pick(String alphabet) {
        return String.valueOf(alphabet.charAt(random.nextInt(alphabet.length())));
    }
}
