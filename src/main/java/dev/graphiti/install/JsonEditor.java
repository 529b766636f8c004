package dev.graphiti.install;

import java.util.List;
import java.util.Optional;

/**
 * Edits a JSON text in place: each change splices only the text of the value it touches and keeps every
 * other character (keys, their order, formatting, a trailing newline) as it was. Inserted values follow
 * the layout around them; an insertion at the end of a container followed by removing it again gives
 * back the original text exactly.
 */
final class JsonEditor {

    private String text;
    private JsonNode root;
    private final JsonStyle style;
    private final boolean jsonc;

    JsonEditor(String text) throws JsonSyntaxException {
        this(text, false);
    }

    /** {@code jsonc}: the text may hold comments and trailing commas (kept as they are). */
    JsonEditor(String text, boolean jsonc) throws JsonSyntaxException {
        this.text = text;
        this.jsonc = jsonc;
        this.root = JsonParser.parse(text, jsonc);
        this.style = detectStyle();
    }

    String text() {
        return text;
    }

    JsonNode root() {
        return root;
    }

    /** The node at a path of member names from the root, if every step exists and is an object member. */
    Optional<JsonNode> find(List<String> path) {
        JsonNode node = root;
        for (String key : path) {
            if (!(node instanceof JsonNode.ObjectNode object) || object.member(key) == null) {
                return Optional.empty();
            }
            node = object.member(key).value();
        }
        return Optional.of(node);
    }

    /** Sets {@code key} in the object at {@code objectPath}: replaces its value, or appends the member. */
    void put(List<String> objectPath, String key, Json value) {
        JsonNode.ObjectNode object = object(objectPath);
        JsonNode.Member member = object.member(key);
        if (member != null) {
            replace(member.value(), value, indentOfLine(member.start()));
            return;
        }
        String quoted = JsonWriter.quote(key);
        if (object.members().isEmpty()) {
            insertIntoEmpty(object, indent -> quoted + style.colon() + JsonWriter.write(value, style, indent));
        } else {
            List<JsonNode.Member> members = object.members();
            Layout layout = layout(object, members.get(0).start(),
                    members.size() > 1 ? members.get(1).start() : -1, members.get(0).value().end());
            insertAfter(members.get(members.size() - 1).value().end(), layout,
                    quoted + layout.style().colon() + JsonWriter.write(value, layout.style(), layout.indent()));
        }
    }

    /** Removes {@code key} from the object at {@code objectPath}; false if it was not there. */
    boolean remove(List<String> objectPath, String key) {
        JsonNode.ObjectNode object = object(objectPath);
        List<JsonNode.Member> members = object.members();
        for (int i = members.size() - 1; i >= 0; i--) {
            if (members.get(i).key().equals(key)) {
                removeElement(object, members.stream().map(JsonNode.Member::start).toList(),
                        members.stream().map(m -> m.value().end()).toList(), i);
                return true;
            }
        }
        return false;
    }

    /** Appends {@code value} to the array at {@code arrayPath}. */
    void append(List<String> arrayPath, Json value) {
        JsonNode.ArrayNode array = array(arrayPath);
        List<JsonNode> items = array.items();
        if (items.isEmpty()) {
            insertIntoEmpty(array, indent -> JsonWriter.write(value, style, indent));
            return;
        }
        Layout layout = layout(array, items.get(0).start(), items.size() > 1 ? items.get(1).start() : -1,
                items.get(0).end());
        insertAfter(items.get(items.size() - 1).end(), layout, JsonWriter.write(value, layout.style(), layout.indent()));
    }

    /** Replaces the element at {@code index} of the array at {@code arrayPath}. */
    void replaceElement(List<String> arrayPath, int index, Json value) {
        JsonNode item = array(arrayPath).items().get(index);
        replace(item, value, indentOfLine(item.start()));
    }

    /** Removes the element at {@code index} of the array at {@code arrayPath}. */
    void removeElement(List<String> arrayPath, int index) {
        JsonNode.ArrayNode array = array(arrayPath);
        List<JsonNode> items = array.items();
        removeElement(array, items.stream().map(JsonNode::start).toList(), items.stream().map(JsonNode::end).toList(),
                index);
    }

    private void removeElement(JsonNode container, List<Integer> starts, List<Integer> ends, int index) {
        if (starts.size() == 1) {
            splice(container.start() + 1, container.end() - 1, "");
        } else if (index == starts.size() - 1) {
            splice(ends.get(index - 1), ends.get(index), "");
        } else {
            splice(starts.get(index), starts.get(index + 1), "");
        }
    }

    private void replace(JsonNode node, Json value, String indent) {
        splice(node.start(), node.end(), JsonWriter.write(value, style, indent));
    }

    private interface Rendering {
        String render(String indent);
    }

    private void insertIntoEmpty(JsonNode container, Rendering element) {
        if (!style.multiline()) {
            splice(container.start() + 1, container.end() - 1, element.render(""));
            return;
        }
        String outer = indentOfLine(container.start());
        String inner = outer + style.indent();
        splice(container.start() + 1, container.end() - 1,
                style.newline() + inner + element.render(inner) + style.newline() + outer);
    }

    private void insertAfter(int position, Layout layout, String element) {
        splice(position, position, layout.separator() + element);
    }

    /** How the elements of a non-empty container are laid out: on their own lines, or on one line. */
    private record Layout(String separator, String indent, JsonStyle style) {
    }

    private Layout layout(JsonNode container, int firstStart, int secondStart, int firstEnd) {
        String lead = text.substring(container.start() + 1, firstStart);
        int newline = lead.lastIndexOf('\n');
        if (newline >= 0) {
            String indent = lead.substring(newline + 1);
            JsonStyle nested = style.multiline() ? style
                    : new JsonStyle(JsonStyle.STRINGIFY.indent(), style.newline(), style.colon(), ",");
            return new Layout("," + nested.newline() + indent, indent, nested);
        }
        String comma = ", ";
        if (secondStart >= 0) {
            String between = text.substring(firstEnd, secondStart);
            comma = between.trim().equals(",") ? "," + between.substring(between.indexOf(',') + 1) : ", ";
        } else if (!style.multiline()) {
            comma = style.comma();
        }
        return new Layout(comma, "", style.oneLine(comma));
    }

    private JsonNode.ObjectNode object(List<String> path) {
        return find(path).filter(JsonNode.ObjectNode.class::isInstance).map(JsonNode.ObjectNode.class::cast)
                .orElseThrow(() -> new IllegalArgumentException("no object at " + String.join(".", path)));
    }

    private JsonNode.ArrayNode array(List<String> path) {
        return find(path).filter(JsonNode.ArrayNode.class::isInstance).map(JsonNode.ArrayNode.class::cast)
                .orElseThrow(() -> new IllegalArgumentException("no array at " + String.join(".", path)));
    }

    private void splice(int from, int to, String replacement) {
        String edited = text.substring(0, from) + replacement + text.substring(to);
        try {
            root = JsonParser.parse(edited, jsonc);
        } catch (JsonSyntaxException e) {
            throw new IllegalStateException("an edit produced invalid JSON: " + e.getMessage(), e);
        }
        text = edited;
    }

    /** The spaces and tabs that start the line holding {@code position}. */
    private String indentOfLine(int position) {
        int lineStart = text.lastIndexOf('\n', position - 1) + 1;
        int end = lineStart;
        while (end < text.length() && (text.charAt(end) == ' ' || text.charAt(end) == '\t')) {
            end++;
        }
        return text.substring(lineStart, end);
    }

    /**
     * The layout the text already uses, read from the root object's first member: its indentation gives
     * the indent unit, the space after its colon the colon style. An empty or scalar root gives
     * JSON.stringify's two-space layout.
     */
    private JsonStyle detectStyle() {
        String newline = text.contains("\r\n") ? "\r\n" : "\n";
        if (!(root instanceof JsonNode.ObjectNode object) || object.members().isEmpty()) {
            return new JsonStyle(JsonStyle.STRINGIFY.indent(), newline, JsonStyle.STRINGIFY.colon(), ", ");
        }
        JsonNode.Member first = object.members().get(0);
        int colon = text.lastIndexOf(':', first.value().start());
        String colonStyle = Character.isWhitespace(text.charAt(colon + 1)) ? ": " : ":";
        String lead = text.substring(object.start() + 1, first.start());
        int nl = lead.lastIndexOf('\n');
        if (nl < 0) {
            return new JsonStyle(null, newline, colonStyle, colonStyle.equals(": ") ? ", " : ",");
        }
        String unit = lead.substring(nl + 1);
        return new JsonStyle(unit.isEmpty() ? JsonStyle.STRINGIFY.indent() : unit, newline, colonStyle, ",");
    }
}
