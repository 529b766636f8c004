package dev.graphiti.graph;

/**
 * How far health looks. Quick reads every page and record of the file once, checks the full-text index's
 * structure and that it holds a document for every item and none for a removed one: linear in the file size.
 * Full also looks every row up in each of its indexes (integrity_check) and tokenizes every item again to compare
 * it with the full-text index, several times the cost (100k items: seconds of CPU instead of a fraction of one).
 */
public enum HealthDepth {
    quick, full
}
