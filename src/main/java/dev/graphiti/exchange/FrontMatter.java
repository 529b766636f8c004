package dev.graphiti.exchange;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Markdown note's YAML front matter, the part of YAML notes use: {@code key: value} lines whose values are plain,
 * "double" or 'single' quoted scalars, [flow, lists], block lists ({@code - item} lines) and | or > block scalars.
 * Keys it does not know a reader ignores; nested maps under them are passed over. Written the same way, every string
 * double quoted (JSON's escapes are YAML's), so any text survives.
 */
final class FrontMatter {

    private final Map<String, Object> values;
    private final String body;

    private FrontMatter(Map<String, Object> values, String body) {
        this.values = values;
        this.body = body;
    }

    /** The note's front matter (empty when it has none) and its body; {@code where} names the file in errors. */
    static FrontMatter parse(String text, String where) {
        String normalized = text.startsWith("\uFEFF") ? text.substring(1) : text;
        normalized = normalized.replace("\r\n", "\n");
        if (!normalized.startsWith("---\n")) {
            return new FrontMatter(Map.of(), normalized);
        }
        String[] lines = normalized.split("\n", -1);
        int end = -1;
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].equals("---") || lines[i].equals("...")) {
                end = i;
                break;
            }
        }
        if (end < 0) {
            throw new MalformedFile(where + " line 1", "the front matter opened by --- is never closed by a --- line");
        }
        Map<String, Object> values = new LinkedHashMap<>();
        int i = 1;
        while (i < end) {
            String line = lines[i];
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#") || Character.isWhitespace(line.charAt(0)) || trimmed.startsWith("-")) {
                i++; // a comment, or the inside of a value of a key passed over
                continue;
            }
            String lineWhere = where + " line " + (i + 1);
            int colon = keyEnd(trimmed);
            if (colon <= 0) {
                throw new MalformedFile(lineWhere, "expected 'key: value' in the front matter, found '" + cut(trimmed) + "'");
            }
            String key = trimmed.substring(0, colon).strip();
            String value = trimmed.substring(colon + 1).strip();
            i++;
            if (value.isEmpty()) {
                List<String> list = new ArrayList<>();
                while (i < end && (lines[i].isBlank() || lines[i].strip().startsWith("- ") || lines[i].strip().equals("-"))) {
                    String item = lines[i].strip();
                    if (!item.isEmpty()) {
                        list.add(scalar(item.substring(1).strip(), where + " line " + (i + 1)));
                    }
                    i++;
                }
                values.put(key, list);
            } else if (value.startsWith("|") || value.startsWith(">")) {
                StringBuilder block = new StringBuilder();
                while (i < end && (lines[i].isBlank() || Character.isWhitespace(lines[i].charAt(0)))) {
                    block.append(lines[i].strip()).append(value.startsWith("|") ? "\n" : " ");
                    i++;
                }
                values.put(key, block.toString().strip());
            } else if (value.startsWith("[")) {
                values.put(key, flowList(value, lineWhere));
            } else {
                values.put(key, scalar(value, lineWhere));
            }
        }
        StringBuilder body = new StringBuilder();
        for (int j = end + 1; j < lines.length; j++) {
            body.append(lines[j]);
            if (j < lines.length - 1) {
                body.append('\n');
            }
        }
        return new FrontMatter(values, body.toString());
    }

    String body() {
        return body;
    }

    /** A scalar's text; a list's first element. */
    Optional<String> string(String key) {
        Object value = values.get(key);
        if (value instanceof List<?> list) {
            return list.isEmpty() ? Optional.empty() : Optional.of((String) list.get(0));
        }
        return Optional.ofNullable((String) value).filter(text -> !text.isEmpty() && !text.equals("null") && !text.equals("~"));
    }

    /** A list's elements; a scalar is split on commas and spaces (tags: "a, b" or "#a #b"). */
    List<String> strings(String key) {
        Object value = values.get(key);
        if (value instanceof List<?> list) {
            return list.stream().map(String.class::cast).toList();
        }
        return string(key).map(text -> List.of(text.split("[,\\s]+"))).orElse(List.of());
    }

    /** Where the key ends: the first colon followed by a space or the end, outside quotes. */
    private static int keyEnd(String line) {
        if (line.startsWith("\"") || line.startsWith("'")) {
            int close = line.indexOf(line.charAt(0), 1);
            return close < 0 ? -1 : line.indexOf(':', close);
        }
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == ':' && (i + 1 == line.length() || line.charAt(i + 1) == ' ')) {
                return i;
            }
        }
        return -1;
    }

    private static String scalar(String value, String where) {
        if (value.startsWith("\"")) {
            StringBuilder out = new StringBuilder();
            int end = doubleQuoted(value, 1, out, where);
            requireNothingAfter(value, end, where);
            return out.toString();
        }
        if (value.startsWith("'")) {
            StringBuilder out = new StringBuilder();
            int end = singleQuoted(value, 1, out, where);
            requireNothingAfter(value, end, where);
            return out.toString();
        }
        int comment = value.indexOf(" #");
        return (comment >= 0 ? value.substring(0, comment) : value).strip();
    }

    private static void requireNothingAfter(String value, int end, String where) {
        String rest = value.substring(end).strip();
        if (!rest.isEmpty() && !rest.startsWith("#")) {
            throw new MalformedFile(where, "unexpected '" + cut(rest) + "' after a quoted value");
        }
    }

    /** Reads a "..." scalar from just after its opening quote into {@code out}; returns the index after the closing quote. */
    private static int doubleQuoted(String value, int from, StringBuilder out, String where) {
        for (int i = from; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (++i == value.length()) {
                break;
            }
            char escaped = value.charAt(i);
            switch (escaped) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case '0' -> out.append('\0');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    if (i + 4 >= value.length()) {
                        throw new MalformedFile(where, "a \\u escape needs four hex digits");
                    }
                    try {
                        out.append((char) Integer.parseInt(value.substring(i + 1, i + 5), 16));
                    } catch (NumberFormatException e) {
                        throw new MalformedFile(where, "a \\u escape needs four hex digits");
                    }
                    i += 4;
                }
                default -> out.append(escaped);
            }
        }
        throw new MalformedFile(where, "a \"quoted\" value is never closed");
    }

    private static int singleQuoted(String value, int from, StringBuilder out, String where) {
        for (int i = from; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\'') {
                if (i + 1 < value.length() && value.charAt(i + 1) == '\'') {
                    out.append('\'');
                    i++;
                    continue;
                }
                return i + 1;
            }
            out.append(c);
        }
        throw new MalformedFile(where, "a 'quoted' value is never closed");
    }

    private static List<String> flowList(String value, String where) {
        List<String> items = new ArrayList<>();
        int i = 1;
        while (true) {
            while (i < value.length() && value.charAt(i) == ' ') {
                i++;
            }
            if (i >= value.length()) {
                throw new MalformedFile(where, "a [list] is never closed");
            }
            char c = value.charAt(i);
            if (c == ']') {
                requireNothingAfter(value, i + 1, where);
                return items;
            }
            StringBuilder item = new StringBuilder();
            if (c == '"' || c == '\'') {
                i = c == '"' ? doubleQuoted(value, i + 1, item, where) : singleQuoted(value, i + 1, item, where);
                items.add(item.toString());
            } else {
                while (i < value.length() && value.charAt(i) != ',' && value.charAt(i) != ']') {
                    item.append(value.charAt(i++));
                }
                if (!item.toString().isBlank()) {
                    items.add(item.toString().strip());
                }
            }
            while (i < value.length() && value.charAt(i) == ' ') {
                i++;
            }
            if (i < value.length() && value.charAt(i) == ',') {
                i++;
            }
        }
    }

    private static String cut(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "…" : text;
    }

    /** Writes front matter: the fields in order, strings double quoted, lists as block lists, absent values left out. */
    static String write(Map<String, Object> fields) {
        StringBuilder out = new StringBuilder("---\n");
        fields.forEach((key, value) -> {
            if (value instanceof List<?> list) {
                out.append(key).append(":");
                out.append(list.isEmpty() ? " []\n" : "\n");
                list.forEach(item -> out.append("  - ").append(quoted(item.toString())).append('\n'));
            } else if (value instanceof Plain plain) {
                out.append(key).append(": ").append(plain.text()).append('\n');
            } else if (value != null) {
                out.append(key).append(": ").append(quoted(value.toString())).append('\n');
            }
        });
        return out.append("---\n").toString();
    }

    private static String quoted(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** A value written without quotes (ids, kinds, times: nothing YAML could read otherwise). */
    record Plain(String text) {
    }
}
