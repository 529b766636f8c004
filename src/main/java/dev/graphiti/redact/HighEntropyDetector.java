package dev.graphiti.redact;

import java.util.function.Consumer;

/**
 * Runs of base64/base64url characters ({@code A-Z a-z 0-9 + / _ -}, then {@code =} padding) of at least
 * {@link RandomTokens#MIN_LENGTH} that {@link RandomTokens#looksRandom} takes for key material. A plain loop
 * over the characters rather than a regex: it runs on every text and touches each character once.
 */
final class HighEntropyDetector implements Detector {

    @Override
    public void find(String text, String lowerCase, Consumer<Finding> findings) {
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
            if (bodyEnd - start >= RandomTokens.MIN_LENGTH && !goSum
                    && RandomTokens.looksRandom(text.substring(start, i))) {
                findings.accept(new Finding(start, i, SecretKind.HIGH_ENTROPY));
            }
        }
    }

    private static boolean isTokenChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '/'
                || c == '_' || c == '-';
    }
}
