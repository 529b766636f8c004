package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds FTS5 match expressions from what a person typed: words are quoted (so no input is FTS syntax), words that
 * carry no topic (pronouns, auxiliaries, question words, contraction fragments) dropped unless nothing else is
 * left. A word of {@value #PREFIX_LENGTH} letters or more matches as a prefix, so `postgres` finds PostgreSQL and
 * `prod` production (the index's stemmer has already made `deploys` and `deploying` one word).
 *
 * <p>An identifier, path, flag or version (`must_use`, `no_std`, `--no-verify`, `/etc/acme`, `2.4.1`, `maxConnections`)
 * is matched whole and by part: every part is a word of its own, stop word or not (`no_std` keeps `no`), and the
 * whole is a phrase of its parts, which the index holds as adjacent words however it was joined.
 */
final class MatchExpression {

    /** Shorter words match only whole: three-letter prefixes (`api`, `k8s`) would match too much. */
    static final int PREFIX_LENGTH = 4;
    /** A query longer than this is a pasted paragraph; its first words are searched. */
    static final int MAX_WORDS = 24;

    static final Set<String> STOP_WORDS = Set.of(
            // articles, conjunctions, prepositions
            "a", "an", "the", "and", "or", "but", "nor", "so", "yet", "if", "then", "than", "as", "at", "by", "for",
            "from", "in", "into", "of", "off", "on", "onto", "out", "over", "to", "up", "upon", "with", "within",
            "without", "about", "after", "before", "between", "during", "through", "under", "via", "per",
            // pronouns and determiners
            "i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "he", "him", "his", "himself",
            "she", "her", "hers", "herself", "it", "its", "itself", "we", "us", "our", "ours", "ourselves", "they",
            "them", "their", "theirs", "themselves", "this", "that", "these", "those", "there", "here", "some", "any",
            "each", "every", "all", "both", "either", "neither", "other", "another", "such", "own", "same",
            "something", "anything", "everything", "someone", "anyone", "one",
            // auxiliaries and light verbs
            "am", "is", "are", "was", "were", "be", "been", "being", "do", "does", "did", "doing", "done", "have",
            "has", "had", "having", "can", "could", "will", "would", "shall", "should", "may", "might", "must",
            "get", "gets", "got", "let", "lets",
            // question words
            "what", "when", "where", "which", "who", "whom", "whose", "why", "how", "whether",
            // contraction fragments ("Caroline's", "don't", "we'll") and their stems
            "s", "t", "d", "ll", "m", "re", "ve", "don", "doesn", "didn", "isn", "aren", "wasn", "weren", "won",
            "wouldn", "couldn", "shouldn", "hasn", "haven", "hadn", "cannot",
            // adverbs that carry no topic
            "not", "no", "also", "just", "very", "too", "only", "really", "ever", "again", "now", "still");

    /** At most this many identifiers are searched as phrases too. */
    static final int MAX_PHRASES = 8;

    private final List<String> words;
    private final List<String> phrases;
    private MatchExpression(List<String> words, List<String> phrases) {
        this.words = words;
        this.phrases = phrases;
    }

    static MatchExpression of(String text) {
        List<String> all = words(text);
        List<Identifier> identifiers = Identifier.in(text);
        List<String> kept = new ArrayList<>();
        for (String word : all) {
            if (!STOP_WORDS.contains(word) || identifiers.stream().anyMatch(id -> id.parts().contains(word))) {
                kept.add(word);
            }
        }
        identifiers.forEach(id -> kept.addAll(id.addedWords()));
        List<String> meaningful = kept.stream().distinct().limit(MAX_WORDS).toList();
        List<String> phrases = identifiers.stream().filter(id -> id.parts().size() > 1)
                .map(id -> String.join(" ", id.parts())).distinct().limit(MAX_PHRASES).toList();
        // a query of stop words only is searched for them: there is nothing else to go on
        return meaningful.isEmpty() ? new MatchExpression(all.stream().distinct().limit(MAX_WORDS).toList(), List.of())
                : new MatchExpression(meaningful, phrases);
    }

    /** Lower-cased runs of letters and digits; an apostrophe inside a word ends it ("caroline's" is "caroline"). */
    static List<String> words(String text) {
        List<String> all = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean skipping = false;
        String lower = text.toLowerCase(Locale.ROOT);
        for (int i = 0; i < lower.length(); ) {
            int c = lower.codePointAt(i);
            i += Character.charCount(c);
            if (Character.isLetterOrDigit(c)) {
                if (!skipping) {
                    word.appendCodePoint(c);
                }
            } else {
                if (word.length() > 0) {
                    all.add(word.toString());
                    word.setLength(0);
                }
                // the fragment after an apostrophe (s, t, ll, re) is grammar, not a word of its own
                skipping = (c == '\'' || c == '\u2019') && i < lower.length() && Character.isLetter(lower.codePointAt(i))
                        && i >= 2 && Character.isLetterOrDigit(lower.codePointAt(i - 2));
            }
        }
        if (word.length() > 0) {
            all.add(word.toString());
        }
        return all;
    }

    boolean isEmpty() {
        return words.isEmpty();
    }

    int size() {
        return words.size();
    }

    List<String> words() {
        return words;
    }

    /** Each identifier's parts joined by one space. */
    List<String> phrases() {
        return phrases;
    }

    /** Every word must occur, as itself (prefixes make an intersection a third dearer at 100k items). */
    String all() {
        return words.stream().map(MatchExpression::quote).collect(Collectors.joining(" AND "));
    }

    /** The word itself only, never as a prefix: what counting its items needs (a prefix count merges many lists). */
    static String whole(String word) {
        return quote(word);
    }

    /**
     * Any word may occur: one OR query, since BM25 already ranks items with more of the words (and rarer ones)
     * higher. Long words also match as prefixes; an identifier's whole is one more term, so an item holding it
     * outranks one holding its parts apart.
     */
    String any() {
        String any = anyOf(words);
        return phrases.isEmpty() ? any
                : any + " OR " + phrases.stream().map(MatchExpression::quote).collect(Collectors.joining(" OR "));
    }

    /** Any of {@code words}, as {@link #any} matches them. */
    static String anyOf(List<String> words) {
        return words.stream().map(MatchExpression::term).collect(Collectors.joining(" OR "));
    }

    /** One word as it matches: itself, or for a long word any word it starts. */
    static String term(String word) {
        return word.length() >= PREFIX_LENGTH ? quote(word) + "*" : quote(word);
    }

    /** The words of {@code text} in order as one phrase (stop words kept: they are part of the phrase). */
    static String phrase(String text) {
        return quote(text.strip().replaceAll("\\s+", " "));
    }

    private static String quote(String word) {
        return '"' + word.replace("\"", "\"\"") + '"';
    }
}
