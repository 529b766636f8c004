package dev.graphiti.exchange;

/**
 * graphiti's own export: JSON Lines, a header line ({"graphiti":"items","version":1,...}) and then one item a line
 * with every field, its provenance and its place in a conversation. Field names follow the CLI's JSON; times are
 * ISO-8601 UTC to the millisecond, as stored.
 */
final class FullJson {

    static final String HEADER = "graphiti";
    static final String HEADER_VALUE = "items";
    static final int VERSION = 1;

    private FullJson() {
    }
}
