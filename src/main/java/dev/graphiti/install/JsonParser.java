package dev.graphiti.install;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A strict JSON (RFC 8259) parser that records each value's position in the text; as JSONC (VS Code's and
 * several agents' settings) it also takes comments and trailing commas, which the position-keeping
 * editor then leaves where they are.
 */
final class JsonParser {

    private static final int MAX_DEPTH = 512;

    private final String text;
    private final boolean jsonc;
    private int pos;
    private int depth;

    private JsonParser(String text, boolean jsonc) {
        this.text = text;
        this.jsonc = jsonc;
    }

    /** Parses one JSON value surrounded by optional whitespace (and an optional leading byte-order mark). */
    static JsonNode parse(String text) throws JsonSyntaxException {
        return parse(text, false);
    }

    /** As {@link #parse(String)}; with {@code jsonc}, comments count as whitespace and a trailing comma is allowed. */
    static JsonNode parse(String text, boolean jsonc) throws JsonSyntaxException {
        JsonParser parser = new JsonParser(text, jsonc);
        if (text.startsWith("\uFEFF")) {
            parser.pos = 1;
        }
        parser.skipWhitespace();
        JsonNode value = parser.value();
        parser.skipWhitespace();
        if (parser.pos < text.length()) {
            throw parser.error("unexpected text after the JSON value");
        }
        return value;
    }

    private JsonNode value() throws JsonSyntaxException {
        if (pos >= text.length()) {
            throw error("unexpected end of text, expected a value");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> {
                int start = pos;
                String s = string();
                yield new JsonNode.ScalarNode(start, pos, new Json.JString(s));
            }
            case 't' -> literal("true", new Json.JBool(true));
            case 'f' -> literal("false", new Json.JBool(false));
            case 'n' -> literal("null", new Json.JNull());
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    yield number();
                }
                throw error("unexpected character '" + printable(c) + "', expected a value");
            }
        };
    }

    private JsonNode object() throws JsonSyntaxException {
        int start = pos;
        enter();
        pos++;
        List<JsonNode.Member> members = new ArrayList<>();
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            depth--;
            return new JsonNode.ObjectNode(start, pos, members);
        }
        while (true) {
            skipWhitespace();
            if (jsonc && peek() == '}' && !members.isEmpty()) {
                pos++;
                depth--;
                return new JsonNode.ObjectNode(start, pos, members);
            }
            if (peek() != '"') {
                throw error("expected a quoted member name");
            }
            int memberStart = pos;
            String key = string();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            members.add(new JsonNode.Member(memberStart, key, value()));
            skipWhitespace();
            char c = peek();
            if (c == ',') {
                pos++;
            } else if (c == '}') {
                pos++;
                depth--;
                return new JsonNode.ObjectNode(start, pos, members);
            } else {
                throw error("expected ',' or '}' in an object");
            }
        }
    }

    private JsonNode array() throws JsonSyntaxException {
        int start = pos;
        enter();
        pos++;
        List<JsonNode> items = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            depth--;
            return new JsonNode.ArrayNode(start, pos, items);
        }
        while (true) {
            skipWhitespace();
            if (jsonc && peek() == ']' && !items.isEmpty()) {
                pos++;
                depth--;
                return new JsonNode.ArrayNode(start, pos, items);
            }
            items.add(value());
            skipWhitespace();
            char c = peek();
            if (c == ',') {
                pos++;
            } else if (c == ']') {
                pos++;
                depth--;
                return new JsonNode.ArrayNode(start, pos, items);
            } else {
                throw error("expected ',' or ']' in an array");
            }
        }
    }

    private String string() throws JsonSyntaxException {
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                pos--;
                throw error("control character in a string must be escaped");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("incomplete \\u escape");
                    }
                    try {
                        sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException ex) {
                        throw error("bad \\u escape");
                    }
                    pos += 4;
                }
                default -> {
                    pos--;
                    throw error("bad escape '\\" + printable(e) + "'");
                }
            }
        }
    }

    private JsonNode number() throws JsonSyntaxException {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        if (peek() == '0') {
            pos++;
        } else if (isDigit(peek())) {
            digits();
        } else {
            throw error("expected a digit");
        }
        if (peek() == '.') {
            pos++;
            if (!isDigit(peek())) {
                throw error("expected a digit after '.'");
            }
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (!isDigit(peek())) {
                throw error("expected a digit in the exponent");
            }
            digits();
        }
        return new JsonNode.ScalarNode(start, pos, new Json.JNumber(new BigDecimal(text.substring(start, pos))));
    }

    private JsonNode literal(String word, Json value) throws JsonSyntaxException {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected character '" + printable(text.charAt(pos)) + "', expected a value");
        }
        int start = pos;
        pos += word.length();
        return new JsonNode.ScalarNode(start, pos, value);
    }

    private void digits() {
        while (isDigit(peek())) {
            pos++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private void enter() throws JsonSyntaxException {
        if (++depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH + " levels");
        }
    }

    private void expect(char c) throws JsonSyntaxException {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    /** The current character, or NUL at the end (never valid where a real character is expected). */
    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void skipWhitespace() throws JsonSyntaxException {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (jsonc && c == '/' && text.startsWith("//", pos)) {
                int end = text.indexOf('\n', pos);
                pos = end < 0 ? text.length() : end;
                continue;
            }
            if (jsonc && c == '/' && text.startsWith("/*", pos)) {
                int end = text.indexOf("*/", pos + 2);
                if (end < 0) {
                    throw error("unterminated comment");
                }
                pos = end + 2;
                continue;
            }
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private static String printable(char c) {
        return c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c);
    }

    private JsonSyntaxException error(String what) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < Math.min(pos, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        String where = pos >= text.length() ? "at the end" : "at line " + line + ", column " + column;
        return new JsonSyntaxException(what + " " + where);
    }
}
