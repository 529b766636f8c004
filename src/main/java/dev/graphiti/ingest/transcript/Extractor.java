package dev.graphiti.ingest.transcript;

import java.util.List;

/**
 * Finds decisions, preferences, bug root causes and architecture statements in conversation turns.
 * The deterministic one is the default; an LLM-backed one can be configured later behind the same
 * contract (turns in, extractions out, nothing stored).
 */
public interface Extractor {

    List<Extraction> extract(List<Turn> turns);
}
