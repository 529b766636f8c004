package dev.graphiti.graph;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which of a query's words an item has, in some form: the same word, the same light stem ("emails", "emailed"), or
 * for a long query word a word it starts ("postgres" in "postgresql"), as the full-text match has it. One instance
 * per search: each distinct word of the candidates is judged once.
 */
final class QueryWords {

    private final List<String> words;
    /** Each query word's stem, once: every word the query counts as found starts with one of them. */
    private final List<String> stems;
    private final double[] weights;
    private final double total;
    private final Map<String, Integer> judged = new HashMap<>();

    /** @param weights each word's weight (its rarity), in the order of {@code words} */
    QueryWords(List<String> words, double[] weights) {
        if (words.size() > 31) {
            throw new IllegalArgumentException("at most 31 query words, not " + words.size());
        }
        this.words = words;
        this.stems = words.stream().map(QueryWords::stem).distinct().toList();
        this.weights = weights.clone();
        double sum = 0;
        for (double weight : weights) {
            sum += weight;
        }
        this.total = sum;
    }

    /**
     * The query words {@code text} has, one bit each: the same as judging every word of
     * {@link MatchExpression#words}, but only the words starting with a query word's stem are looked at (a word
     * that starts with none is judged no match), found with {@code indexOf} instead of cutting the whole text into
     * words.
     */
    int found(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        int mask = 0;
        for (String stem : stems) {
            for (int at = lower.indexOf(stem); at >= 0; at = lower.indexOf(stem, at + 1)) {
                if (startsWord(lower, at)) {
                    mask |= judged.computeIfAbsent(lower.substring(at, wordEnd(lower, at)), this::judge);
                }
            }
        }
        return mask;
    }

    /** Whether a word of {@link MatchExpression#words} starts at {@code at} (lower-cased text, as it cuts). */
    private static boolean startsWord(String lower, int at) {
        if (at == 0) {
            return true;
        }
        if (Character.isLetterOrDigit(lower.codePointBefore(at))) {
            return false;
        }
        // the fragment after an apostrophe inside a word ("caroline's") is not a word there
        char before = lower.charAt(at - 1);
        return !((before == '\'' || before == '\u2019') && Character.isLetter(lower.codePointAt(at))
                && at >= 2 && Character.isLetterOrDigit(lower.codePointAt(at - 2)));
    }

    private static int wordEnd(String lower, int from) {
        int end = from;
        while (end < lower.length()) {
            int c = lower.codePointAt(end);
            if (!Character.isLetterOrDigit(c)) {
                break;
            }
            end += Character.charCount(c);
        }
        return end;
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

    /** The query words {@code word} counts as: itself, its stem, or a long query word it starts with. */
    int judge(String word) {
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
