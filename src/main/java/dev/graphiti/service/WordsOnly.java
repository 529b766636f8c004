package dev.graphiti.service;

/**
 * Why a search asked to rank by meaning ranked by words alone.
 *
 * @param code one of off, pending, loading, unavailable (the `semantic` field of the JSON rows)
 * @param why  the same in a sentence that says what to do about it
 */
public record WordsOnly(String code, String why) {

    static WordsOnly off() {
        return new WordsOnly("off", "search by meaning is off here (graphiti.semantic / GRAPHITI_SEMANTIC=off)");
    }

    static WordsOnly noVectors() {
        return new WordsOnly("pending", "no item has vectors yet: run `graphiti embed` (a running MCP server also embeds"
                + " new items in the background)");
    }

    static WordsOnly loading() {
        return new WordsOnly("loading", "the embedding model is still loading: ask again in a few seconds");
    }

    static WordsOnly unavailable(String problem) {
        return new WordsOnly("unavailable", "the embedding model cannot load here" + (problem.isBlank() ? "" : ": " + problem));
    }
}
