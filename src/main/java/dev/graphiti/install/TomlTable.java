package dev.graphiti.install;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The few TOML facts install needs to add one table to a file it otherwise leaves byte for byte: how to
 * write a table of strings, and whether the file already defines the table (as a [header], a dotted key
 * or an inline table) so that appending would make it invalid or shadow the user's entry.
 */
final class TomlTable {

    private static final Pattern HEADER = Pattern.compile("^\\s*\\[\\s*([^\\[\\]]+?)\\s*\\]\\s*(#.*)?$");
    private static final Pattern KEY = Pattern.compile("^\\s*([A-Za-z0-9_.\\-\" ]+?)\\s*=");

    private TomlTable() {
    }

    /** {@code [header]} and one line per key: strings, arrays of strings, or inline tables of strings. */
    static String render(String header, Map<String, Object> values) {
        StringBuilder out = new StringBuilder("[").append(header).append("]\n");
        values.forEach((key, value) -> out.append(key).append(" = ").append(value(value)).append('\n'));
        return out.toString();
    }

    @SuppressWarnings("unchecked")
    private static String value(Object value) {
        if (value instanceof String s) {
            return quote(s);
        }
        if (value instanceof List<?> list) {
            return "[" + String.join(", ", list.stream().map(TomlTable::value).toList()) + "]";
        }
        Map<String, Object> table = (Map<String, Object>) value;
        return "{ " + String.join(", ", table.entrySet().stream()
                .map(e -> e.getKey() + " = " + value(e.getValue())).toList()) + " }";
    }

    /** A TOML basic string: JSON's escapes are TOML's, except that TOML also escapes DEL. */
    static String quote(String s) {
        return JsonWriter.quote(s).replace("\u007f", "\\u007F");
    }

    /**
     * Where the file already defines {@code header} (dotted, e.g. mcp_servers.graphiti) or its parent as an
     * inline table, described for an error message; empty when appending the table is safe. Quoted keys
     * are compared without their quotes.
     */
    static Optional<String> conflict(String text, String header) {
        String parent = header.substring(0, header.lastIndexOf('.'));
        String table = "";
        int lineNumber = 0;
        for (String line : text.split("\n", -1)) {
            lineNumber++;
            Matcher h = HEADER.matcher(line);
            if (h.matches() && !line.trim().startsWith("[[")) {
                table = unquote(h.group(1));
                if (table.equals(header) || table.startsWith(header + ".")) {
                    return Optional.of("a [" + table + "] table at line " + lineNumber);
                }
                continue;
            }
            Matcher k = KEY.matcher(line);
            if (!k.find() || line.trim().startsWith("#")) {
                continue;
            }
            String key = (table.isEmpty() ? "" : table + ".") + unquote(k.group(1));
            if (key.equals(header) || key.startsWith(header + ".")) {
                return Optional.of("a key " + key + " at line " + lineNumber);
            }
            if (key.equals(parent)) {
                return Optional.of(parent + " as an inline table at line " + lineNumber
                        + " (a [" + header + "] table cannot be added to it)");
            }
        }
        return Optional.empty();
    }

    private static String unquote(String dotted) {
        return dotted.replace("\"", "").replaceAll("\\s*\\.\\s*", ".").trim();
    }
}
