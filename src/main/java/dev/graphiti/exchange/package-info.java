/**
 * Import and export: the formats a graph's items travel in, read into {@link dev.graphiti.graph.ItemRecord}s and
 * written from {@link dev.graphiti.graph.StoredItem}s. The reference MCP memory server's JSON Lines (entities with
 * observations, relations), Markdown notes with YAML front matter (one file per item, for Obsidian and people),
 * and graphiti's own JSON Lines that keep everything; and, written in place into the agents' own files, graphiti's
 * marked part of AGENTS.md and Claude Code's path-scoped rules ({@link dev.graphiti.exchange.GraphitiSection}). Readers name the file and line of anything malformed;
 * storing, deduplication and redaction are the graph's ({@link dev.graphiti.graph.ItemService#restore}).
 * Imports only {@code graph}.
 */
package dev.graphiti.exchange;
