package dev.graphiti.toon;

/**
 * Encoder options of TOON spec §13.
 *
 * @param delimiter  the document delimiter, also declared by every array header the encoder writes
 * @param indentSize spaces per indentation level (at least 1)
 */
public record ToonOptions(Delimiter delimiter, int indentSize) {

    /** Comma delimiter, two-space indentation: the spec defaults. */
    public static final ToonOptions DEFAULT = new ToonOptions(Delimiter.COMMA, 2);

    public ToonOptions {
        if (delimiter == null) {
            throw new IllegalArgumentException("delimiter must not be null");
        }
        if (indentSize < 1) {
            throw new IllegalArgumentException("indentSize must be at least 1, was: " + indentSize);
        }
    }

    public ToonOptions withDelimiter(Delimiter newDelimiter) {
        return new ToonOptions(newDelimiter, indentSize);
    }

    public ToonOptions withIndentSize(int newIndentSize) {
        return new ToonOptions(delimiter, newIndentSize);
    }
}
