package dev.graphiti.toon;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * One column of a tabular array (§9.3) or keyed table (§9.5): a leaf field holding a primitive in
 * every row, or a nested field group over objects that share one shape.
 *
 * @param name   the field name
 * @param nested the sub-columns of a nested field group; empty for a leaf field
 */
record Column(String name, List<Column> nested) {

    /**
     * The columns shared by {@code rows}, in the first row's key order, or null when the rows cannot
     * form a table: a row is empty, the key sets differ, or a column mixes primitives with objects or
     * holds an array or an empty object.
     */
    static List<Column> sharedBy(List<JsonObject> rows) {
        JsonObject first = rows.get(0);
        if (first.isEmpty()) {
            return null;
        }
        for (JsonObject row : rows) {
            if (row.size() != first.size() || !row.keySet().containsAll(first.keySet())) {
                return null;
            }
        }
        List<Column> columns = new ArrayList<>(first.size());
        for (String key : first.keySet()) {
            Column column = column(key, rows);
            if (column == null) {
                return null;
            }
            columns.add(column);
        }
        return columns;
    }

    private static Column column(String key, List<JsonObject> rows) {
        JsonValue.ValueType type = rows.get(0).get(key).getValueType();
        if (type == JsonValue.ValueType.OBJECT) {
            List<JsonObject> values = new ArrayList<>(rows.size());
            for (JsonObject row : rows) {
                JsonValue value = row.get(key);
                if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                    return null;
                }
                values.add(value.asJsonObject());
            }
            List<Column> nested = sharedBy(values);
            return nested == null ? null : new Column(key, nested);
        }
        for (JsonObject row : rows) {
            if (!isPrimitive(row.get(key))) {
                return null;
            }
        }
        return new Column(key, List.of());
    }

    static boolean isPrimitive(JsonValue value) {
        JsonValue.ValueType type = value.getValueType();
        return type != JsonValue.ValueType.OBJECT && type != JsonValue.ValueType.ARRAY;
    }

    /** The braced field list of a header, nested groups inline: {@code {id,customer{name,country}}}. */
    static String header(List<Column> columns, Delimiter delimiter) {
        StringJoiner fields = new StringJoiner(String.valueOf(delimiter.character()), "{", "}");
        for (Column column : columns) {
            String name = ToonLiterals.key(column.name);
            fields.add(column.nested.isEmpty() ? name : name + header(column.nested, delimiter));
        }
        return fields.toString();
    }

    /** The row's leaf values in depth-first header order, joined by the delimiter. */
    static String cells(List<Column> columns, JsonObject row, Delimiter delimiter) {
        StringJoiner cells = new StringJoiner(String.valueOf(delimiter.character()));
        addCells(columns, row, delimiter, cells);
        return cells.toString();
    }

    private static void addCells(List<Column> columns, JsonObject row, Delimiter delimiter, StringJoiner cells) {
        for (Column column : columns) {
            JsonValue value = row.get(column.name);
            if (column.nested.isEmpty()) {
                cells.add(ToonLiterals.primitive(value, delimiter));
            } else {
                addCells(column.nested, value.asJsonObject(), delimiter, cells);
            }
        }
    }
}
