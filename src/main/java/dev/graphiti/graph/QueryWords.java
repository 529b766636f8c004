package dev.graphiti.graph;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which of a query's words an item has, in some form: the same word, the same light stem ("emails", "emailed"), or
 * for a long query word a word it starts ("postgres" in "postgresql"), as the full-text match has it. One instance
 * per search: each distinct word of the candidates is judged once.
 */
final class QueryWords {

    private final List<String> words;
    private final double[] weights;
    private final double total;
    private final Map<String, Integer> judged = new HashMap<>();

    /** @param weights each word's weight (its rarity), in the order of {@code words} */
    QueryWords(List<String> words, double[] weights) {
        if (words.size() > 31) {
            throw new IllegalArgumentException("at most 31 query words, not " + words.size());
        }
        this.words = words;
        this.weights = weights.clone();
        double sum = 0;
        for (double weight : weights) {
            sum += weight;
        }
        this.total = sum;
    }

    /** The query words {@code text} has, one bit each. */
    int found(String text) {
        int mask = 0;
        for (String word : MatchExpression.words(text)) {
            mask |= judged.computeIfAbsent(word, this::judge);
        }
        return mask;
    }

    /** The weighted share of the query the bits stand for; words only in {@code nearby} count {@code nearShare}. */
    double coverage(int own, int nearby, double nearShare) {
        if (total <= 0) {
            return 0;
        }
        double covered = 0;
        for (int i = 0; i < words.size(); i++) {
            if ((own & 1 << i) != 0) {
                covered += weights[i];
            } else if ((nearby & 1 << i) != 0) {
                covered += nearShare * weights[i];
            }
        }
        return covered / total;
    }

    /** About {@code span} words of {@code content} around where it holds the most query words. */
    String snippet(String content, int span) {
        String[] tokens = content.strip().split("\\s+");
        if (tokens.length <= span) {
            return String.join(" ", tokens);
        }
        int[] hits = new int[tokens.length];
        for (int i = 0; i < tokens.length; i++) {
            hits[i] = Integer.bitCount(found(tokens[i]));
        }
        int window = 0;
        for (int i = 0; i < span; i++) {
            window += hits[i];
        }
        int best = window;
        int start = 0;
        for (int i = span; i < tokens.length; i++) {
            window += hits[i] - hits[i - span];
            if (window > best) {
                best = window;
                start = i - span + 1;
            }
        }
        // start a little before the first match in the window, so the words lead into it
        int first = start;
        while (first < start + span && hits[first] == 0) {
            first++;
        }
        start = Math.max(0, Math.min(first - 3, tokens.length - span));
        int end = Math.min(tokens.length, start + span);
        return (start > 0 ? "…" : "") + String.join(" ", java.util.Arrays.copyOfRange(tokens, start, end))
                + (end < tokens.length ? "…" : "");
    }

    private int judge(String word) {
        int mask = 0;
        String stem = stem(word);
        for (int i = 0; i < words.size(); i++) {
            String query = words.get(i);
            String queryStem = stem(query);
            if (word.equals(query) || stem.equals(queryStem)
                    || query.length() >= MatchExpression.PREFIX_LENGTH && word.startsWith(queryStem)) {
                mask |= 1 << i;
            }
        }
        return mask;
    }

    /** A light stem: common English inflections cut, so "emails" and "emailed" meet at "email". */
    private static String stem(String word) {
        for (String suffix : new String[] {"ing", "ies", "ed", "es", "ly", "s"}) {
            if (word.endsWith(suffix) && word.length() - suffix.length() >= 3) {
                return word.substring(0, word.length() - suffix.length());
            }
        }
        return word;
    }
}
