package dev.graphiti.graph;

/** The assembled context: Markdown text, its cost in Claude-estimated tokens, and the items it holds. */
public record ContextText(String text, int tokens, int items) {
}
