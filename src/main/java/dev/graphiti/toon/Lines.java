package dev.graphiti.toon;

/** The output document: LF-separated lines, space indentation, no trailing newline (spec §12). */
final class Lines {
    private final StringBuilder text = new StringBuilder();
    private final int indentSize;

    Lines(int indentSize) {
        this.indentSize = indentSize;
    }

    /** A line at {@code depth}. */
    void add(int depth, String content) {
        start(depth).append(content);
    }

    /** A list-item line: "- content" at {@code depth}, or the bare "-" of an empty object (§10). */
    void item(int depth, String content) {
        StringBuilder line = start(depth).append('-');
        if (!content.isEmpty()) {
            line.append(' ').append(content);
        }
    }

    /**
     * The opening line of a value whose content belongs at {@code depth}. On a hyphen line (the first
     * field of a list-item object, §10) it is written as a list item one level up, so everything the
     * value nests still lands at depth + 1 and the object's other fields at {@code depth}.
     */
    void open(int depth, boolean onHyphen, String content) {
        if (onHyphen) {
            item(depth - 1, content);
        } else {
            add(depth, content);
        }
    }

    private StringBuilder start(int depth) {
        if (text.length() > 0) {
            text.append('\n');
        }
        for (int i = depth * indentSize; i > 0; i--) {
            text.append(' ');
        }
        return text;
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
