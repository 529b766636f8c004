package dev.graphiti.tools;

import dev.graphiti.protocol.feature.Content;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Keeps every tool answer under {@link #MAX_BYTES} on the wire, whatever the database holds (an item stored
 * before titles were bounded, a 1 MiB content shown as text and as structured content): clients drop a
 * connection whose message passes their limit (the TypeScript SDK at 10 MiB), and an agent gains nothing from
 * megabytes in one answer. Over the cap, the answer's longest strings are cut to one length, found by halving,
 * until it fits; each cut string ends with a marker saying how long it was, and a last block says so.
 */
final class AnswerCap {

    /** The most one tool answer (its JSON-RPC result) may take on the wire; documented in docs/mcp.md. */
    static final int MAX_BYTES = 1 << 20;
    /** What a row field may hold before rows are measured: rows are for scanning, show reads one item whole. */
    static final int ROW_STRING_CHARS = 1000;

    private final int maxBytes;

    AnswerCap(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** The answer {@code render} makes of {@code json}, with strings cut as far as needed to stay under the cap. */
    ToolResult fit(JsonStructure json, Function<JsonStructure, ToolResult> render) {
        long size = jsonBytes(json);
        // Rendering counts tokens (TOON or JSON, whichever is cheaper): not worth doing for what cannot fit anyway.
        if (size <= maxBytes) {
            ToolResult whole = render.apply(json);
            if (wireBytes(whole) <= maxBytes) {
                return whole;
            }
        }
        long room = maxBytes - NOTE_BYTES;
        // The wire carries the JSON as structured content and again as text (escaped once more): start from a
        // third of the room, and correct by what the rendered answer really took.
        long budget = room / 3;
        for (int attempt = 0; attempt < 6 && budget > 0; attempt++) {
            int kept = longestWithin(json, budget);
            ToolResult tried = render.apply(cut(json, kept));
            long bytes = wireBytes(tried);
            if (bytes <= room) {
                List<Content> content = new ArrayList<>(tried.content());
                content.add(Content.text("answer cut to fit " + maxBytes + " bytes: texts longer than " + kept
                        + " characters end in " + MARK + "; the command line (graphiti show ID) prints an item whole"));
                return new ToolResult(content, tried.structuredContent(), tried.isError());
            }
            budget = (long) (budget * (room / (double) bytes) * 0.9);
        }
        return ToolResult.error("the answer is " + size + " bytes of JSON, over the " + maxBytes
                + "-byte cap of one tool answer even with every text cut short; ask for fewer rows");
    }

    /** The longest string length that keeps {@code json}'s compact JSON within {@code budget} bytes (halving). */
    private static int longestWithin(JsonStructure json, long budget) {
        int low = 0;
        int high = longestString(json);
        while (low < high) {
            int mid = (int) ((low + (long) high + 1) / 2);
            if (jsonBytes(cut(json, mid)) <= budget) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low;
    }

    /** {@code json} with every string longer than {@code chars} cut to that length and marked. */
    static JsonStructure cut(JsonStructure json, int chars) {
        return (JsonStructure) cutValue(json, chars);
    }

    /** An error text cut to what the cap allows (a CLI's stderr may hold anything). */
    String message(String text) {
        int chars = maxBytes / 8; // up to 4 bytes a character in UTF-8, and escaping
        return text.length() <= chars ? text : text.substring(0, chars) + MARK;
    }

    private static final String MARK = "…[cut]";
    private static final int NOTE_BYTES = 300;

    private static JsonValue cutValue(JsonValue value, int chars) {
        if (value instanceof JsonString string) {
            String text = string.getString();
            return text.length() <= chars ? value
                    : InputSchema.JSON.createValue(text.substring(0, safeEnd(text, chars)) + MARK);
        }
        if (value instanceof JsonObject object) {
            var builder = InputSchema.JSON.createObjectBuilder();
            object.forEach((name, member) -> builder.add(name, cutValue(member, chars)));
            return builder.build();
        }
        if (value instanceof JsonArray array) {
            var builder = InputSchema.JSON.createArrayBuilder();
            array.forEach(element -> builder.add(cutValue(element, chars)));
            return builder.build();
        }
        return value;
    }

    /** An end that does not split a surrogate pair. */
    private static int safeEnd(String text, int end) {
        return end > 0 && Character.isHighSurrogate(text.charAt(end - 1)) ? end - 1 : end;
    }

    private static int longestString(JsonValue value) {
        if (value instanceof JsonString string) {
            return string.getString().length();
        }
        int longest = 0;
        if (value instanceof JsonObject object) {
            for (JsonValue member : object.values()) {
                longest = Math.max(longest, longestString(member));
            }
        } else if (value instanceof JsonArray array) {
            for (JsonValue element : array) {
                longest = Math.max(longest, longestString(element));
            }
        }
        return longest;
    }

    /** The UTF-8 bytes of the result as the protocol layer writes it. */
    static long wireBytes(ToolResult result) {
        return jsonBytes(result.toJson());
    }

    private static long jsonBytes(JsonStructure json) {
        var counter = new OutputStream() {
            long count;

            @Override
            public void write(int b) {
                count++;
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                count += length;
            }
        };
        try (var writer = InputSchema.JSON.createWriter(counter)) {
            writer.write(json);
        }
        return counter.count;
    }
}
