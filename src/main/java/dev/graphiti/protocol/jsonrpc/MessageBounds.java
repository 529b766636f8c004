package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonValue;

/**
 * What the JSON parser is never handed: nesting deeper than {@value #MAX_DEPTH} levels (a parse error:
 * the parser's own guard throws at 1,000 and its tree building recurses) and number literals longer than
 * {@value #MAX_NUMBER_CHARS} characters (an invalid request: JSON-P refuses to read them, and an id that
 * long could not be echoed). No MCP message comes near either: a tool call's arguments sit four or five
 * levels deep, and ids are counters or short strings. One pass over the characters, skipping strings.
 */
final class MessageBounds {

    static final int MAX_DEPTH = 64;
    static final int MAX_NUMBER_CHARS = 100;

    private MessageBounds() {
    }

    static void check(String text) throws MalformedMessageException {
        int depth = 0;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c == '"') {
                i = endOfString(text, i);
            } else if (c == '{' || c == '[') {
                if (++depth > MAX_DEPTH) {
                    throw new MalformedMessageException(ErrorCode.PARSE_ERROR, JsonValue.NULL,
                            "Parse error: the message nests deeper than " + MAX_DEPTH + " levels");
                }
            } else if (c == '}' || c == ']') {
                depth--;
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                int start = i;
                while (i + 1 < length && isNumberPart(text.charAt(i + 1))) {
                    i++;
                }
                if (i + 1 - start > MAX_NUMBER_CHARS) {
                    throw new MalformedMessageException(ErrorCode.INVALID_REQUEST, JsonValue.NULL,
                            "Invalid Request: a number of " + (i + 1 - start) + " characters exceeds the limit of "
                                    + MAX_NUMBER_CHARS + " (an id is a string or an integer of at most "
                                    + MAX_NUMBER_CHARS + " digits)");
                }
            }
        }
    }

    /** The index of the quote that closes the string opening at {@code open} (or the text's end). */
    private static int endOfString(String text, int open) {
        int length = text.length();
        for (int i = open + 1; i < length; i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return length;
    }

    private static boolean isNumberPart(char c) {
        return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
    }
}
