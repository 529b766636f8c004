package dev.graphiti.redact;

import java.util.function.Consumer;

/**
 * Runs of base64/base64url characters ({@code A-Z a-z 0-9 + / _ -}, then {@code =} padding) of at least
 * {@link RandomTokens#MIN_LENGTH} that {@link RandomTokens#looksRandom} takes for key material. A plain loop
 * over the characters rather than a regex: it runs on every text and touches each character once.
 *
 * <p>Left alone: runs in a {@link PublicSpans public stretch} (URL hosts and paths, data URIs, certificates),
 * and in a file path ({@code .next/static/<build id>/_buildManifest.js}) each segment is judged on its own,
 * so a build id shorter than a key does not make the whole path look random.
 */
final class HighEntropyDetector implements Detector {

    @Override
    public void find(String text, String lowerCase, Consumer<Finding> findings) {
        PublicSpans publicSpans = null;
        int i = 0;
        int length = text.length();
        while (i < length) {
            if (!isTokenChar(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < length && isTokenChar(text.charAt(i))) {
                i++;
            }
            int bodyEnd = i;
            while (i < length && text.charAt(i) == '=') {
                i++;
            }
            // go.sum lines hold base64 hashes after "h1:"
            boolean goSum = start >= 3 && text.startsWith("h1:", start - 3);
            if (bodyEnd - start < RandomTokens.MIN_LENGTH || goSum) {
                continue;
            }
            if (publicSpans == null) {
                publicSpans = PublicSpans.of(text, lowerCase);
            }
            int first = start;
            while (first < bodyEnd && text.charAt(first) == '/') {
                first++;
            }
            if (publicSpans.contains(first)) {
                continue;
            }
            if (isPath(text, start, bodyEnd)) {
                segments(text, start, bodyEnd, findings);
            } else if (RandomTokens.looksRandom(text.substring(start, i))) {
                findings.accept(new Finding(start, i, SecretKind.HIGH_ENTROPY));
            }
        }
    }

    private static void segments(String text, int start, int end, Consumer<Finding> findings) {
        int from = start;
        while (from < end) {
            int slash = text.indexOf('/', from);
            int to = slash < 0 || slash > end ? end : slash;
            if (to - from >= RandomTokens.MIN_LENGTH && RandomTokens.looksRandom(text.substring(from, to))) {
                findings.accept(new Finding(from, to, SecretKind.HIGH_ENTROPY));
            }
            from = to + 1;
        }
    }

    /**
     * Two or more segments between slashes that are lower-case words ({@code node_modules}, {@code static},
     * {@code caches}): a file path. Base64 key material almost never has two such segments.
     */
    private static boolean isPath(String text, int start, int end) {
        int words = 0;
        int from = start;
        while (from <= end && words < 2) {
            int slash = text.indexOf('/', from);
            int to = slash < 0 || slash > end ? end : slash;
            if (to == end && from == start) {
                return false; // no slash at all
            }
            if (isWordSegment(text, from, to)) {
                words++;
            }
            from = to + 1;
        }
        return words >= 2;
    }

    private static boolean isWordSegment(String text, int from, int to) {
        int run = 0;
        int longest = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                return false;
            }
            run = c >= 'a' && c <= 'z' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest >= 3;
    }

    private static boolean isTokenChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '/'
                || c == '_' || c == '-';
    }
}
