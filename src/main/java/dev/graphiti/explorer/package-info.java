/**
 * The explorer's API: what the explorer page can do with a graph, through the same services the tools' commands
 * call (search with the tools' ranking, lists with filters, an item with its entities, related items, supersession
 * chain and provenance, the entity graph, and a review queue for what capture and indexing stored by themselves:
 * accept, supersede, delete, each with undo). {@link dev.graphiti.explorer.Explorer} answers records
 * ({@link dev.graphiti.explorer.EntityGraph}, {@link dev.graphiti.explorer.ReviewPage}, the graph's values); it
 * imports service and graph and never a transport: its servlet is {@code dev.graphiti.http.explorer}. The page's
 * files (index.html, the scripts, style.css) live beside it as resources, shared with the tools' MCP App.
 */
package dev.graphiti.explorer;
