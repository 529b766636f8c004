package dev.graphiti.toon;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Encodes a JSON-P value as TOON (spec 4.0), byte for byte as the official conformance fixtures
 * expect: LF line ends, no trailing newline, the document delimiter declared by every array header.
 * Immutable and thread-safe.
 */
public final class ToonEncoder {
    private final ToonOptions options;
    private final Delimiter delimiter;

    public ToonEncoder() {
        this(ToonOptions.DEFAULT);
    }

    public ToonEncoder(ToonOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        this.options = options;
        this.delimiter = options.delimiter();
    }

    public ToonOptions options() {
        return options;
    }

    /** The TOON document for {@code value}; an empty object gives the empty document. */
    public String encode(JsonValue value) {
        if (value == null) {
            throw new IllegalArgumentException("value must not be null (use JsonValue.NULL)");
        }
        Lines out = new Lines(options.indentSize());
        switch (value.getValueType()) {
            case OBJECT -> rootObject(value.asJsonObject(), out);
            case ARRAY -> {
                JsonArray array = value.asJsonArray();
                if (array.isEmpty()) {
                    out.add(0, "[]");
                } else {
                    array("", array, 0, false, out);
                }
            }
            default -> out.add(0, ToonLiterals.primitive(value, delimiter));
        }
        return out.toString();
    }

    private void rootObject(JsonObject object, Lines out) {
        List<Column> keyed = keyedColumns(object);
        if (keyed != null) {
            keyedTable("", object, keyed, 0, false, out);
        } else {
            fields(object, 0, out);
        }
    }

    private void fields(JsonObject object, int depth, Lines out) {
        for (Map.Entry<String, JsonValue> field : object.entrySet()) {
            field(field.getKey(), field.getValue(), depth, false, out);
        }
    }

    /** One object field whose content sits at {@code depth}; see {@link Lines#open} for onHyphen. */
    private void field(String name, JsonValue value, int depth, boolean onHyphen, Lines out) {
        String key = ToonLiterals.key(name);
        switch (value.getValueType()) {
            case ARRAY -> {
                JsonArray array = value.asJsonArray();
                if (array.isEmpty()) {
                    out.open(depth, onHyphen, key + ": []");
                } else {
                    array(key, array, depth, onHyphen, out);
                }
            }
            case OBJECT -> {
                JsonObject object = value.asJsonObject();
                List<Column> keyed = keyedColumns(object);
                if (keyed != null) {
                    keyedTable(key, object, keyed, depth, onHyphen, out);
                } else {
                    out.open(depth, onHyphen, key + ":");
                    fields(object, depth + 1, out);
                }
            }
            default -> out.open(depth, onHyphen, key + ": " + ToonLiterals.primitive(value, delimiter));
        }
    }

    /** A non-empty array under {@code key} ("" at the root): inline, tabular or expanded list (§9). */
    private void array(String key, JsonArray array, int depth, boolean onHyphen, Lines out) {
        if (allPrimitive(array)) {
            out.open(depth, onHyphen, header(key, array.size()) + ": " + inline(array));
            return;
        }
        List<Column> columns = tableColumns(array);
        if (columns != null) {
            out.open(depth, onHyphen, header(key, array.size()) + Column.header(columns, delimiter) + ":");
            for (JsonValue row : array) {
                out.add(depth + 1, Column.cells(columns, row.asJsonObject(), delimiter));
            }
            return;
        }
        out.open(depth, onHyphen, header(key, array.size()) + ":");
        listItems(array, depth + 1, out);
    }

    /** An object of two or more uniform objects as a keyed table (§9.5). */
    private void keyedTable(String key, JsonObject object, List<Column> columns, int depth, boolean onHyphen,
                            Lines out) {
        String bracket = "[" + object.size() + ":" + delimiter.headerSymbol() + "]";
        out.open(depth, onHyphen, key + bracket + Column.header(columns, delimiter) + ":");
        for (Map.Entry<String, JsonValue> entry : object.entrySet()) {
            out.add(depth + 1, ToonLiterals.key(entry.getKey()) + ": "
                    + Column.cells(columns, entry.getValue().asJsonObject(), delimiter));
        }
    }

    /** Elements of an expanded list, each a "- " line at {@code depth} (§9.4, §10). */
    private void listItems(JsonArray array, int depth, Lines out) {
        for (JsonValue item : array) {
            switch (item.getValueType()) {
                case ARRAY -> {
                    JsonArray inner = item.asJsonArray();
                    if (allPrimitive(inner)) {
                        // An empty inner array keeps the header form "- [0]:", never "- []" (§9.2).
                        String values = inner.isEmpty() ? ":" : ": " + inline(inner);
                        out.item(depth, header("", inner.size()) + values);
                    } else {
                        // Tabular form needs a key, so nested arrays of objects always expand (§9.4).
                        out.item(depth, header("", inner.size()) + ":");
                        listItems(inner, depth + 1, out);
                    }
                }
                case OBJECT -> listObject(item.asJsonObject(), depth, out);
                default -> out.item(depth, ToonLiterals.primitive(item, delimiter));
            }
        }
    }

    /** An object list item: first field on the hyphen line, the rest one level deeper (§10). */
    private void listObject(JsonObject object, int depth, Lines out) {
        if (object.isEmpty()) {
            out.item(depth, "");
            return;
        }
        boolean first = true;
        for (Map.Entry<String, JsonValue> field : object.entrySet()) {
            field(field.getKey(), field.getValue(), depth + 1, first, out);
            first = false;
        }
    }

    /** The key and bracket segment of a header, without the closing colon. */
    private String header(String key, int length) {
        return key + "[" + length + delimiter.headerSymbol() + "]";
    }

    private String inline(JsonArray array) {
        StringJoiner values = new StringJoiner(String.valueOf(delimiter.character()));
        for (JsonValue value : array) {
            values.add(ToonLiterals.primitive(value, delimiter));
        }
        return values.toString();
    }

    private static boolean allPrimitive(JsonArray array) {
        for (JsonValue value : array) {
            if (!Column.isPrimitive(value)) {
                return false;
            }
        }
        return true;
    }

    /** Columns when every element is an object and together they form a table, else null (§9.3). */
    private static List<Column> tableColumns(JsonArray array) {
        return uniformObjects(array);
    }

    /** Columns when an object has two or more entries whose values form a table, else null (§9.5). */
    private static List<Column> keyedColumns(JsonObject object) {
        return object.size() < 2 ? null : uniformObjects(object.values());
    }

    private static List<Column> uniformObjects(Iterable<JsonValue> values) {
        List<JsonObject> rows = new ArrayList<>();
        for (JsonValue value : values) {
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                return null;
            }
            rows.add(value.asJsonObject());
        }
        return Column.sharedBy(rows);
    }
}
