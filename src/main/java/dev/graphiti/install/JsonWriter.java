package dev.graphiti.install;

import java.util.Iterator;

/**
 * Writes JSON the way JavaScript's JSON.stringify does (key order kept, empty containers as {} and [],
 * only required escapes, non-ASCII as is), in a given {@link JsonStyle}.
 */
final class JsonWriter {

    private JsonWriter() {
    }

    /** The value as text; continuation lines start with {@code indent} (the indentation of its first line). */
    static String write(Json value, JsonStyle style, String indent) {
        StringBuilder out = new StringBuilder();
        write(value, style, indent, out);
        return out.toString();
    }

    private static void write(Json value, JsonStyle style, String indent, StringBuilder out) {
        if (value instanceof Json.JObject o) {
            container(o.members().entrySet(), '{', '}', style, indent, out, (entry, inner) -> {
                quote(entry.getKey(), out);
                out.append(style.colon());
                write(entry.getValue(), style, inner, out);
            });
        } else if (value instanceof Json.JArray a) {
            container(a.items(), '[', ']', style, indent, out, (item, inner) -> write(item, style, inner, out));
        } else if (value instanceof Json.JString s) {
            quote(s.value(), out);
        } else if (value instanceof Json.JNumber n) {
            out.append(number(n.value()));
        } else if (value instanceof Json.JBool b) {
            out.append(b.value());
        } else {
            out.append("null");
        }
    }

    /** Plain digits up to 1e21 like JavaScript, exponent form beyond. */
    private static String number(java.math.BigDecimal n) {
        return n.abs().compareTo(java.math.BigDecimal.TEN.pow(21)) < 0 ? n.toPlainString()
                : n.toString().replace("E", "e");
    }

    private interface ElementWriter<T> {
        void write(T element, String indent);
    }

    private static <T> void container(Iterable<T> elements, char open, char close, JsonStyle style, String indent,
                                      StringBuilder out, ElementWriter<T> writer) {
        Iterator<T> it = elements.iterator();
        out.append(open);
        if (!it.hasNext()) {
            out.append(close);
            return;
        }
        String inner = style.multiline() ? indent + style.indent() : indent;
        while (it.hasNext()) {
            if (style.multiline()) {
                out.append(style.newline()).append(inner);
            }
            writer.write(it.next(), inner);
            if (it.hasNext()) {
                out.append(style.multiline() ? "," : style.comma());
            }
        }
        if (style.multiline()) {
            out.append(style.newline()).append(indent);
        }
        out.append(close);
    }

    /** A string literal with JSON.stringify's escaping. */
    static String quote(String s) {
        StringBuilder out = new StringBuilder();
        quote(s, out);
        return out.toString();
    }

    private static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    boolean loneSurrogate = Character.isSurrogate(c) && !(Character.isHighSurrogate(c)
                            && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1)));
                    if (c < 0x20 || loneSurrogate) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                        if (Character.isHighSurrogate(c)) {
                            out.append(s.charAt(++i));
                        }
                    }
                }
            }
        }
        out.append('"');
    }
}
