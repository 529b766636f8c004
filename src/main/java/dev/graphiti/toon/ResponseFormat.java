package dev.graphiti.toon;

/** The form a response is sent in. */
public enum ResponseFormat {
    /** TOON spec 4.0. */
    TOON,
    /** Compact JSON, when it costs fewer tokens than TOON. */
    JSON,
    /** A scalar as plain text: a string unquoted, a number, true, false or null. */
    TEXT
}
