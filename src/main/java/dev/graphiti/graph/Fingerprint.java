package dev.graphiti.graph;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/**
 * What makes two items "the same": content equal once case, whitespace and punctuation are ignored
 * ({@code contentHash}), or the same normalized title with nearly the same words ({@link #similarity}).
 */
public record Fingerprint(String contentHash, String titleKey) {

    public static Fingerprint of(String title, String content) {
        return new Fingerprint(hash(normalize(content)), normalize(title));
    }

    /** Lower case letters and digits separated by single spaces. */
    public static String normalize(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder(lower.length());
        boolean space = true;
        for (int i = 0; i < lower.length(); ) {
            int c = lower.codePointAt(i);
            i += Character.charCount(c);
            if (Character.isLetterOrDigit(c)) {
                out.appendCodePoint(c);
                space = false;
            } else if (!space) {
                out.append(' ');
                space = true;
            }
        }
        int end = out.length();
        if (end > 0 && out.charAt(end - 1) == ' ') {
            out.setLength(end - 1);
        }
        return out.toString();
    }

    /** Jaccard similarity of the two texts' word sets, 0..1. */
    public static double similarity(String a, String b) {
        Set<String> left = words(a);
        Set<String> right = words(b);
        if (left.isEmpty() && right.isEmpty()) {
            return 1.0;
        }
        Set<String> union = new HashSet<>(left);
        union.addAll(right);
        left.retainAll(right);
        return (double) left.size() / union.size();
    }

    private static Set<String> words(String text) {
        String normalized = normalize(text);
        return normalized.isEmpty() ? new HashSet<>() : new HashSet<>(Arrays.asList(normalized.split(" ")));
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
