package dev.graphiti.graph;

/** A result: the item, an excerpt around the matched words, and its combined score (higher is better). */
public record SearchHit(KnowledgeItem item, String snippet, double score) {
}
