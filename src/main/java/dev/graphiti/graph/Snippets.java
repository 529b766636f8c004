package dev.graphiti.graph;

/** Excerpts for results that no matched word anchors. */
final class Snippets {

    private Snippets() {
    }

    /** The content's first 160 characters, whitespace folded. */
    static String lead(String content) {
        String flat = content.strip().replaceAll("\\s+", " ");
        return flat.length() <= 160 ? flat : flat.substring(0, 159) + "…";
    }
}
