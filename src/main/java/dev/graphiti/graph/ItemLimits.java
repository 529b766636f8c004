package dev.graphiti.graph;

/**
 * How large the parts of an item besides its content may be (config add.max_content_bytes bounds the content).
 * Every writer goes through these, so a title or tag of any size never reaches the database, and what reads
 * items (the context, list rows) can rely on them. Documented in docs/cli.md ("Limits").
 */
public final class ItemLimits {

    public static final int TITLE_CHARS = 300;
    public static final int TAG_CHARS = 64;
    public static final int TAGS = 32;
    public static final int SOURCE_CHARS = 200;
    /** A longer "name" is no entity (a minified line, an encoded blob): the extractor passes it by. */
    public static final int ENTITY_CHARS = 200;
    /** An anchor's value, a repository path or a command: within what a PostgreSQL index entry holds (2,704 bytes). */
    public static final int ANCHOR_CHARS = 500;
    /** An item's occasion (what the work was when it was settled) is a few lines; longer is cut, never refused. */
    public static final int OCCASION_CHARS = 2_000;

    private ItemLimits() {
    }

    /** The length a user counts: characters, not UTF-16 units. */
    public static int chars(String text) {
        return text.codePointCount(0, text.length());
    }

    /** Fails naming {@code what} when {@code text} is longer than {@code limit} characters. */
    static void check(String what, String text, int limit, String advice) {
        int chars = chars(text);
        if (chars > limit) {
            throw new InvalidInputException(what + " is " + chars + " characters; the limit is " + limit
                    + ". Nothing was stored. " + advice);
        }
    }

    /** {@code text} cut to at most {@code limit} characters, marked with an ellipsis when cut. */
    public static String cut(String text, int limit) {
        if (text.length() <= limit || chars(text) <= limit) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, limit - 1)) + "…";
    }
}
