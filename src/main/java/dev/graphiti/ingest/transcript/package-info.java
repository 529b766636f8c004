/**
 * `graphiti capture`: reads the new turns of a Claude Code transcript (user and assistant text only), claims
 * that byte range so two captures never store a turn twice, and extracts decisions, preferences, root causes
 * and architecture statements through an {@link dev.graphiti.ingest.transcript.Extractor}.
 */
package dev.graphiti.ingest.transcript;
