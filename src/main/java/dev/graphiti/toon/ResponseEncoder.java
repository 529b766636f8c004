package dev.graphiti.toon;

import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.spi.JsonProvider;

import java.io.StringWriter;
import java.util.Map;
import java.util.function.Function;

/**
 * Renders a tool result for an agent in whichever form costs fewer tokens: TOON, or compact JSON
 * where TOON comes out larger (deeply nested or irregular data); a scalar goes as plain text.
 * Thread-safe.
 */
public final class ResponseEncoder {
    private final ToonEncoder toon;
    private final TokenCounter counter;
    private final JsonWriterFactory compactJson;

    public ResponseEncoder(ToonEncoder toon, TokenCounter counter) {
        if (toon == null || counter == null) {
            throw new IllegalArgumentException("toon and counter must not be null");
        }
        this.toon = toon;
        this.counter = counter;
        // Looked up once: each JsonProvider.provider() call is a service-loader scan.
        this.compactJson = JsonProvider.provider().createWriterFactory(Map.of());
    }

    /** The cheapest rendering of {@code value}; TOON wins a tie. */
    public EncodedResponse encode(JsonValue value) {
        return cheapest(value, text -> new BudgetCount(true, counter.count(text))).response();
    }

    /**
     * The cheapest rendering of {@code value} if one fits {@code budget} (Claude-estimated tokens),
     * tokenizing no more of each candidate than the budget covers.
     */
    BudgetProbe encodeWithin(JsonValue value, int budget) {
        return cheapest(value, text -> counter.countWithin(text, budget));
    }

    private BudgetProbe cheapest(JsonValue value, Function<String, BudgetCount> measure) {
        if (value == null) {
            throw new IllegalArgumentException("value must not be null (use JsonValue.NULL)");
        }
        if (Column.isPrimitive(value)) {
            String text = plainText(value);
            return probe(text, ResponseFormat.TEXT, measure.apply(text));
        }
        String toonText = toon.encode(value);
        BudgetCount toonCount = measure.apply(toonText);
        String jsonText = compactJson(value);
        BudgetCount jsonCount = measure.apply(jsonText);
        boolean jsonCheaper = jsonCount.fits()
                && (!toonCount.fits() || jsonCount.tokens().o200k() < toonCount.tokens().o200k());
        if (jsonCheaper) {
            return probe(jsonText, ResponseFormat.JSON, jsonCount);
        }
        if (toonCount.fits()) {
            return probe(toonText, ResponseFormat.TOON, toonCount);
        }
        return new BudgetProbe(null, Math.min(toonCount.tokens().claude(), jsonCount.tokens().claude()));
    }

    private static BudgetProbe probe(String text, ResponseFormat format, BudgetCount count) {
        EncodedResponse response = count.fits() ? new EncodedResponse(text, format, count.tokens()) : null;
        return new BudgetProbe(response, count.tokens().claude());
    }

    /** {@code value} as compact JSON text. */
    public String compactJson(JsonValue value) {
        StringWriter out = new StringWriter();
        try (JsonWriter writer = compactJson.createWriter(out)) {
            writer.write(value);
        }
        return out.toString();
    }

    private static String plainText(JsonValue value) {
        return switch (value.getValueType()) {
            case STRING -> ((JsonString) value).getString();
            case NUMBER -> ToonLiterals.number((JsonNumber) value);
            case TRUE -> "true";
            case FALSE -> "false";
            default -> "null";
        };
    }
}
