/**
 * The knowledge model and what can be asked of it: items ({@link dev.graphiti.graph.KnowledgeItem}), their kinds,
 * scopes and supersession, adding and finding them ({@link dev.graphiti.graph.ItemService}), ranking
 * ({@link dev.graphiti.graph.Ranking}), the context a new session starts with
 * ({@link dev.graphiti.graph.ContextAssembler}), health, summaries and compaction. This package owns the
 * interfaces the store implements ({@link dev.graphiti.graph.ItemRepository}, {@link dev.graphiti.graph.ItemWriter},
 * {@link dev.graphiti.graph.VectorStore}, and {@link dev.graphiti.graph.IngestState}: what git indexing and
 * transcript capture remember), where graphs are kept ({@link dev.graphiti.graph.GraphStore}, opened as a
 * {@link dev.graphiti.graph.GraphDatabase}) and the one-method port to secret redaction, so it knows neither SQLite
 * nor PostgreSQL nor the detectors, and imports no other package of graphiti.
 */
package dev.graphiti.graph;
