/**
 * The explorer: a page for people to see and fix what the graph holds (search with the tools' ranking, lists with
 * filters, an item with its entities, related items, supersession chain and provenance, and a review queue for
 * what capture and indexing stored by themselves: accept, supersede, delete, each with undo). {@link
 * dev.graphiti.explorer.ExplorerServlet} serves the page and its JSON API; {@link dev.graphiti.explorer.Explorer}
 * is what the API does, through the services. Item text is untrusted: the page puts it in the DOM as text only.
 * Imports service and graph; `graphiti ui` (cli) starts it on loopback through the launcher's Jetty.
 */
package dev.graphiti.explorer;
