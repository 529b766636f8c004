package dev.graphiti.tools;

import dev.graphiti.protocol.feature.Content;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.toon.BudgetTrimmer;
import dev.graphiti.toon.ResponseEncoder;
import dev.graphiti.toon.TrimmedResponse;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Turns a CLI outcome into what the agent reads: a failure becomes an isError result carrying the CLI's
 * own message; JSON output is sent as TOON or compact JSON, whichever costs fewer tokens; row lists over
 * the response budget lose whole rows from their far end (so TOON's [N] stays true) and say so; no answer
 * passes {@link AnswerCap#MAX_BYTES} on the wire.
 */
public final class ResultRenderer {

    private final ResponseEncoder encoder;
    private final BudgetTrimmer trimmer;
    private final int responseTokens;
    private final AnswerCap cap;

    /** @param responseTokens the largest row list, in Claude-estimated tokens, one response may carry */
    public ResultRenderer(ResponseEncoder encoder, int responseTokens) {
        this(encoder, responseTokens, AnswerCap.MAX_BYTES);
    }

    /** @param maxAnswerBytes the most one answer may take on the wire */
    ResultRenderer(ResponseEncoder encoder, int responseTokens, int maxAnswerBytes) {
        this.encoder = encoder;
        this.trimmer = new BudgetTrimmer(encoder);
        this.responseTokens = responseTokens;
        this.cap = new AnswerCap(maxAnswerBytes);
    }

    public ResponseEncoder encoder() {
        return encoder;
    }

    ToolResult render(String command, CliOutcome outcome, ResultShape shape) {
        return render(command, outcome, shape, row -> Optional.empty(), false);
    }

    /**
     * As {@link #render(String, CliOutcome, ResultShape)}; rows sent are followed by their {@code link} (a resource
     * link), and with {@code structuredRows} (for a client that shows them in an app, {@link ExplorerApp}) are also
     * the result's structured content, {@code {"items": [...]}}, as the CLI printed them.
     */
    ToolResult render(String command, CliOutcome outcome, ResultShape shape, Function<JsonObject, Optional<Content>> link,
                      boolean structuredRows) {
        if (!outcome.succeeded()) {
            return ToolResult.error(cap.message(failure(command, outcome)));
        }
        JsonStructure json;
        try {
            json = outcome.json();
        } catch (jakarta.json.JsonException e) {
            return ToolResult.error("graphiti " + command + " printed output that is not JSON: "
                    + excerpt(outcome.stdout()));
        }
        if (shape == ResultShape.STORED_ITEM && json instanceof JsonObject item) {
            json = stored(item);
        }
        return switch (shape) {
            case OBJECT, STORED_ITEM -> cap.fit(json, value -> value instanceof JsonObject object
                    ? ToolResult.structured(object, encoder.encode(object).text())
                    : ToolResult.text(encoder.encode(value).text()));
            case RANKED_ROWS, NEWEST_ROWS -> json instanceof JsonArray rows
                    ? cap.fit(AnswerCap.cut(rows, AnswerCap.ROW_STRING_CHARS), value -> rows((JsonArray) value, shape, link, structuredRows))
                    : cap.fit(json, value -> ToolResult.text(encoder.encode(value).text()));
        };
    }

    /** What an add answers: the stored item without its content and entities (the caller has just sent them). */
    private static JsonObject stored(JsonObject item) {
        var brief = InputSchema.JSON.createObjectBuilder();
        item.forEach((name, value) -> {
            if (!name.equals("content") && !name.equals("entities")) {
                brief.add(name, value);
            }
        });
        if (item.get("content") instanceof JsonString content) {
            brief.add("content_chars", content.getString().length());
        }
        return brief.build();
    }

    private ToolResult rows(JsonArray cliRows, ResultShape shape, Function<JsonObject, Optional<Content>> link,
                            boolean structuredRows) {
        if (cliRows.isEmpty()) {
            return structuredRows ? ToolResult.structured(InputSchema.JSON.createObjectBuilder()
                    .add("items", JsonValue.EMPTY_JSON_ARRAY).build(), "nothing found") : ToolResult.text("nothing found");
        }
        JsonArray rows = flat(cliRows);
        TrimmedResponse trimmed = trimmer.trim(rows, responseTokens);
        var links = new java.util.ArrayList<Content>();
        for (JsonValue row : cliRows.subList(0, trimmed.trimmed() ? trimmed.keptRows() : cliRows.size())) {
            if (row instanceof JsonObject object) {
                link.apply(object).ifPresent(links::add);
            }
        }
        Optional<JsonObject> structured = structuredRows ? Optional.of(InputSchema.JSON.createObjectBuilder()
                .add("items", trimmed.trimmed() ? InputSchema.JSON.createArrayBuilder(cliRows.subList(0, trimmed.keptRows())).build()
                        : cliRows).build()) : Optional.empty();
        if (!trimmed.trimmed()) {
            var content = new java.util.ArrayList<Content>(List.of(Content.text(trimmed.text())));
            content.addAll(links);
            return new ToolResult(content, structured, false);
        }
        String more = shape == ResultShape.NEWEST_ROWS && trimmed.keptRows() > 0
                ? "for older ones pass before=" + createdAt(rows.get(trimmed.keptRows() - 1))
                : "narrow the query or filter by kind, tag or since";
        String note = "showing " + trimmed.keptRows() + " of " + trimmed.totalRows()
                + " rows (response budget " + responseTokens + " tokens); " + more;
        var content = new java.util.ArrayList<Content>(List.of(Content.text(trimmed.text()), Content.text(note)));
        content.addAll(links);
        return new ToolResult(content, structured, false);
    }

    /**
     * Rows whose lists of scalars (tags) are joined into one comma-separated field: TOON writes uniform rows
     * of scalars as one table with the field names once, but rows holding arrays only as a longer list.
     */
    public static JsonArray flat(JsonArray rows) {
        var flat = InputSchema.JSON.createArrayBuilder();
        for (JsonValue row : rows) {
            if (!(row instanceof JsonObject object)) {
                return rows;
            }
            var builder = InputSchema.JSON.createObjectBuilder();
            for (var field : object.entrySet()) {
                if (field.getValue() instanceof JsonArray list && list.stream().allMatch(JsonString.class::isInstance)) {
                    builder.add(field.getKey(), String.join(",", list.getValuesAs(JsonString::getString)));
                } else {
                    builder.add(field.getKey(), field.getValue());
                }
            }
            flat.add(builder);
        }
        return flat.build();
    }

    private static String createdAt(JsonValue row) {
        return Optional.ofNullable(row instanceof JsonObject o ? o.get("created_at") : null)
                .filter(JsonString.class::isInstance).map(v -> ((JsonString) v).getString()).orElse("?");
    }

    private static String failure(String command, CliOutcome outcome) {
        String said = outcome.stderr().strip();
        return switch (outcome.ending()) {
            case TIMED_OUT -> "graphiti " + command + " did not finish in time and was stopped. " + said;
            case CANCELLED -> ("graphiti " + command + " was cancelled. " + said).strip();
            case FAILED_TO_START -> said;
            case EXITED -> outcome.truncated()
                    ? "graphiti " + command + " printed more output than the runner accepts; narrow the request."
                    : said.isEmpty() ? "graphiti " + command + " failed (exit " + outcome.exitCode() + ")" : said;
        };
    }

    private static String excerpt(String text) {
        String stripped = text.strip();
        return stripped.length() <= 200 ? stripped : stripped.substring(0, 200) + "...";
    }
}
