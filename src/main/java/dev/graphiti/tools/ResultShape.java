package dev.graphiti.tools;

/** What a command's JSON output is, which decides how it is trimmed and whether it is structured content. */
enum ResultShape {
    /** One object: sent whole, also as structuredContent. */
    OBJECT,
    /** An item just stored: its id and what was stored in brief, never its content echoed back. */
    STORED_ITEM,
    /** An array best first (search): the lowest-ranked rows go first when over budget. */
    RANKED_ROWS,
    /** An array newest first (list): the oldest rows go first when over budget. */
    NEWEST_ROWS
}
