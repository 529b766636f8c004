package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds FTS5 match expressions from what a person typed: words are quoted (so no input is FTS syntax),
 * stop words dropped unless nothing else is left.
 */
final class MatchExpression {

    private static final Set<String> STOP_WORDS = Set.of("a", "an", "and", "are", "as", "at", "be", "by", "do", "does",
            "for", "from", "how", "i", "in", "is", "it", "of", "on", "or", "our", "the", "this", "to", "was", "we",
            "what", "when", "where", "which", "who", "why", "with", "you");

    private final List<String> words;

    private MatchExpression(List<String> words) {
        this.words = words;
    }

    static MatchExpression of(String text) {
        List<String> all = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        String lower = text.toLowerCase(Locale.ROOT);
        for (int i = 0; i < lower.length(); ) {
            int c = lower.codePointAt(i);
            i += Character.charCount(c);
            if (Character.isLetterOrDigit(c)) {
                word.appendCodePoint(c);
            } else if (word.length() > 0) {
                all.add(word.toString());
                word.setLength(0);
            }
        }
        if (word.length() > 0) {
            all.add(word.toString());
        }
        List<String> meaningful = all.stream().filter(w -> !STOP_WORDS.contains(w)).distinct().toList();
        return new MatchExpression(meaningful.isEmpty() ? all.stream().distinct().toList() : meaningful);
    }

    boolean isEmpty() {
        return words.isEmpty();
    }

    int size() {
        return words.size();
    }

    /** Every word must occur. */
    String all() {
        return words.stream().map(MatchExpression::quote).collect(Collectors.joining(" "));
    }

    /** Any word may occur; BM25 still ranks items with more of them higher. */
    String any() {
        return words.stream().map(MatchExpression::quote).collect(Collectors.joining(" OR "));
    }

    /** The words of {@code text} in order as one phrase (stop words kept: they are part of the phrase). */
    static String phrase(String text) {
        return quote(text.strip().replaceAll("\\s+", " "));
    }

    private static String quote(String word) {
        return '"' + word.replace("\"", "\"\"") + '"';
    }
}
