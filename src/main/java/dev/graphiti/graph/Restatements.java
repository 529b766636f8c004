package dev.graphiti.graph;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the current item a statement restates: the assistant recalling a stored decision in its own words
 * ("According to the project memory, we decided to keep SQLite in WAL mode") shares nearly all its meaningful
 * words with that item, while a new decision, even about the same thing, brings words of its own.
 */
final class Restatements {

    /** The share of the statement's meaningful words an item must hold to be what the statement restates. */
    static final double COVERED = 0.8;
    static final int MIN_WORDS = 3;
    private static final int CANDIDATES = 5;
    /** Words that frame a statement (who decided, where it was read) rather than say what it is about. */
    private static final Set<String> FRAMING = Set.of("according", "project", "projects", "memory", "memories", "graph",
            "graphiti", "context", "knowledge", "recorded", "stored", "noted", "earlier", "previously", "already",
            "decided", "decide", "decision", "decisions", "chose", "chosen", "agreed", "settled", "picked", "going",
            "will", "shall", "should", "that", "this", "these", "those", "there", "then", "have", "had", "has", "our",
            "your", "you", "we", "said", "says", "also", "so", "its", "it's", "we're", "let's", "lets");

    private final ItemRepository repository;

    Restatements(ItemRepository repository) {
        this.repository = repository;
    }

    Optional<KnowledgeItem> of(String statement) {
        Set<String> words = meaningful(statement);
        if (words.size() < MIN_WORDS) {
            return Optional.empty();
        }
        String any = MatchExpression.of(String.join(" ", words)).any();
        List<LexicalMatch> candidates = repository.lexical(any, ItemFilter.current(), Optional.empty(), CANDIDATES);
        for (LexicalMatch candidate : candidates) {
            Set<String> theirs = meaningful(candidate.item().title() + " " + candidate.item().content());
            long shared = words.stream().filter(theirs::contains).count();
            if (shared >= COVERED * words.size()) {
                return Optional.of(candidate.item());
            }
        }
        return Optional.empty();
    }

    /** Lower-case words of three or more letters or digits, framing words left out, plural "s" taken off. */
    static Set<String> meaningful(String text) {
        Set<String> words = new HashSet<>();
        for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}']+")) {
            String clean = word.replaceAll("^'+|'+$", "");
            if (clean.length() >= 3 && !FRAMING.contains(clean)) {
                words.add(clean.length() > 4 && clean.endsWith("s") && !clean.endsWith("ss")
                        ? clean.substring(0, clean.length() - 1) : clean);
            }
        }
        return words;
    }
}
