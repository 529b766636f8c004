package dev.graphiti.graph;

/**
 * A result: the item, an excerpt around the matched words, its combined score (higher is better), and which
 * ranking found it.
 */
public record SearchHit(KnowledgeItem item, String snippet, double score, Matched matched) {

    public SearchHit(KnowledgeItem item, String snippet, double score) {
        this(item, snippet, score, Matched.lexical);
    }

    /** Which evidence found a hit: its words, its meaning, or both. */
    public enum Matched {
        lexical, semantic, both
    }
}
