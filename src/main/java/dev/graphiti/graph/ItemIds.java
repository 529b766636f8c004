package dev.graphiti.graph;

import java.security.SecureRandom;

/** Short random ids: 8 characters of lower-case Crockford base32 (40 bits), easy to read and type. */
public final class ItemIds {

    private static final char[] ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz".toCharArray();
    public static final int LENGTH = 8;

    private final SecureRandom random = new SecureRandom();

    public String next() {
        long bits = random.nextLong();
        char[] id = new char[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            id[i] = ALPHABET[(int) (bits & 31)];
            bits >>>= 5;
        }
        return new String(id);
    }

    /** True when {@code text} is a whole id (lower case). */
    public static boolean isId(String text) {
        return text.length() == LENGTH && text.equals(text.toLowerCase(java.util.Locale.ROOT)) && looksLikeId(text);
    }

    /** True when {@code text} could be (a prefix of) an id. */
    public static boolean looksLikeId(String text) {
        if (text.isEmpty() || text.length() > LENGTH) {
            return false;
        }
        for (char c : text.toLowerCase(java.util.Locale.ROOT).toCharArray()) {
            if (new String(ALPHABET).indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }
}
