/**
 * Import and export: the formats a graph's items travel in, read into {@link dev.graphiti.graph.ItemRecord}s and
 * written from {@link dev.graphiti.graph.StoredItem}s. The reference MCP memory server's JSON Lines (entities with
 * observations, relations), Markdown notes with YAML front matter (one file per item, for Obsidian and people),
 * and graphiti's own JSON Lines that keep everything. Readers name the file and line of anything malformed;
 * storing, deduplication and redaction are the graph's ({@link dev.graphiti.graph.ItemService#restore}).
 * Imports only {@code graph}.
 */
package dev.graphiti.exchange;
