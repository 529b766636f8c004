package dev.graphiti.toon;

/** The delimiter that separates inline array values, tabular cells and field names (TOON spec §11). */
public enum Delimiter {
    COMMA(','),
    TAB('\t'),
    PIPE('|');

    private final char character;

    Delimiter(char character) {
        this.character = character;
    }

    /** The delimiter character itself. */
    public char character() {
        return character;
    }

    /** What a header writes inside its brackets: nothing for the default comma (§6). */
    String headerSymbol() {
        return this == COMMA ? "" : String.valueOf(character);
    }

    /** The delimiter written as {@code text}: ",", a tab, or "|". */
    public static Delimiter of(String text) {
        for (Delimiter d : values()) {
            if (text != null && text.length() == 1 && text.charAt(0) == d.character) {
                return d;
            }
        }
        throw new IllegalArgumentException("delimiter must be \",\", \"\\t\" or \"|\", was: " + text);
    }
}
