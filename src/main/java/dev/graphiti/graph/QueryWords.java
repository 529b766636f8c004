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
    /** Identifiers' parts joined by one space, each padded with a space either side. */
    private final List<String> phrases;
    private final double[] phraseWeights;
    private final double total;
    private final Map<String, Integer> judged = new HashMap<>();

    /** @param weights each word's weight (its rarity), in the order of {@code words} */
    QueryWords(List<String> words, double[] weights) {
        this(words, weights, List.of());
    }

    /**
     * @param phrases identifiers' parts joined by one space ({@link MatchExpression#phrases}): an item holding one
     *                whole covers its parts' weight once more, so it outranks one holding the parts apart
     */
    QueryWords(List<String> words, double[] weights, List<String> phrases) {
        if (words.size() > 31 || phrases.size() > 31) {
            throw new IllegalArgumentException("at most 31 query words and phrases, not " + words.size() + " and "
                    + phrases.size());
        }
        this.words = words;
        this.stems = words.stream().map(QueryWords::stem).distinct().toList();
        this.weights = weights.clone();
        this.phrases = phrases.stream().map(phrase -> " " + phrase + " ").toList();
        this.phraseWeights = new double[phrases.size()];
        double sum = 0;
        for (double weight : weights) {
            sum += weight;
        }
        for (int j = 0; j < phrases.size(); j++) {
            for (String part : phrases.get(j).split(" ")) {
                int at = words.indexOf(part);
                phraseWeights[j] += at >= 0 ? weights[at] : 0;
            }
            sum += phraseWeights[j];
        }
        this.total = sum;
    }

    /** The phrases {@code text} holds whole, one bit each: their parts as consecutive words, however joined. */
    int wholes(String text) {
        if (phrases.isEmpty()) {
            return 0;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        String cut = null;
        int mask = 0;
        for (int j = 0; j < phrases.size(); j++) {
            String phrase = phrases.get(j);
            // cutting the text into words costs more than a look for the first part, which most texts lack
            if (lower.contains(phrase.substring(1, phrase.indexOf(' ', 1)))) {
                cut = cut != null ? cut : " " + String.join(" ", MatchExpression.words(text)) + " ";
                mask |= cut.contains(phrase) ? 1 << j : 0;
            }
        }
        return mask;
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
        return coverage(own, nearby, nearShare, 0);
    }

    /** As {@link #coverage(int, int, double)}, with the phrases held whole ({@link #wholes}). */
    double coverage(int own, int nearby, double nearShare, int wholes) {
        if (total <= 0) {
            return 0;
        }
        double covered = 0;
        for (int j = 0; j < phrases.size(); j++) {
            covered += (wholes & 1 << j) != 0 ? phraseWeights[j] : 0;
        }
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
