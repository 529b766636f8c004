/**
 * The knowledge model and what can be asked of it: items ({@link dev.graphiti.graph.KnowledgeItem}), their kinds,
 * scopes and supersession, adding and finding them ({@link dev.graphiti.graph.ItemService}), ranking
 * ({@link dev.graphiti.graph.Ranking}), the context a new session starts with
 * ({@link dev.graphiti.graph.ContextAssembler}), health, summaries and compaction. This package owns the
 * interfaces the store implements ({@link dev.graphiti.graph.ItemRepository}, {@link dev.graphiti.graph.ItemWriter})
 * and the one-method port to secret redaction, so it knows neither SQLite nor the detectors.
 */
package dev.graphiti.graph;
