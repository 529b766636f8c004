package dev.graphiti.graph;

/** A full-text candidate: the item and its relevance (the negated BM25 score, higher is better). */
public record LexicalMatch(KnowledgeItem item, double relevance) {
}
