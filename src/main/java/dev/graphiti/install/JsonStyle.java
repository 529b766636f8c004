package dev.graphiti.install;

/**
 * How a JSON text is laid out, so inserted values look like their neighbours. {@code indent} null means
 * one line; otherwise values nest with that indent unit and {@code newline} between lines.
 * {@link #STRINGIFY} is what Claude Code writes: JSON.stringify(value, null, 2).
 */
record JsonStyle(String indent, String newline, String colon, String comma) {

    static final JsonStyle STRINGIFY = new JsonStyle("  ", "\n", ": ", ",");
    /** One line without spaces, as the CLI prints every --format json answer. */
    static final JsonStyle COMPACT = new JsonStyle(null, "\n", ":", ",");

    boolean multiline() {
        return indent != null;
    }

    /** The same style laid out on one line (for values inserted into a one-line container). */
    JsonStyle oneLine(String comma) {
        return new JsonStyle(null, newline, colon, comma);
    }
}
