/**
 * Knowledge that arrives by itself: the shared parts of the git indexer ({@code ingest.git}) and transcript
 * capture ({@code ingest.transcript}): drafts of items and the sink that redacts and stores them through the
 * graph. What both remember between runs is the graph's {@link dev.graphiti.graph.IngestState}, which the store
 * implements. This package imports neither subpackage.
 */
package dev.graphiti.ingest;
