/**
 * Knowledge that arrives by itself: the shared parts of the git indexer ({@code ingest.git}) and transcript
 * capture ({@code ingest.transcript}): drafts of items, the sink that redacts and stores them through the
 * graph, and the state both keep in the graph's database.
 */
package dev.graphiti.ingest;
