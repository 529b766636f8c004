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
        Function<String, BudgetCount> exact = text -> new BudgetCount(true, counter.count(text));
        return cheapest(value, exact, exact).response();
    }

    /** A cache of TOON line counts for one run of {@link #encodeWithin} calls over similar payloads. */
    ToonLineCounts newToonLineCounts() {
        return new ToonLineCounts(counter);
    }

    /**
     * The cheapest rendering of {@code value} if one fits {@code budget} (Claude-estimated tokens),
     * tokenizing no more of each candidate than the budget covers.
     */
    BudgetProbe encodeWithin(JsonValue value, int budget, ToonLineCounts toonLines) {
        return cheapest(value, text -> toonLines.countWithin(text, budget), text -> counter.countWithin(text, budget));
    }

    /** Like {@link #encodeWithin} with TOON as the only candidate. */
    BudgetProbe toonWithin(JsonValue value, int budget, ToonLineCounts toonLines) {
        return cheapest(value, text -> toonLines.countWithin(text, budget), null);
    }

    /** Like {@link #encodeWithin} with compact JSON as the only candidate. */
    BudgetProbe jsonWithin(JsonValue value, int budget) {
        return cheapest(value, null, text -> counter.countWithin(text, budget));
    }

    /** The cheapest rendering; a null measure leaves that format out. */
    private BudgetProbe cheapest(JsonValue value, Function<String, BudgetCount> measureToon,
                                 Function<String, BudgetCount> measureJson) {
        if (value == null) {
            throw new IllegalArgumentException("value must not be null (use JsonValue.NULL)");
        }
        if (Column.isPrimitive(value)) {
            String text = plainText(value);
            Function<String, BudgetCount> measure = measureToon != null ? measureToon : measureJson;
            return BudgetProbe.of(text, ResponseFormat.TEXT, measure.apply(text));
        }
        BudgetProbe toonProbe = measureToon == null ? null : measure(toon.encode(value), ResponseFormat.TOON, measureToon);
        BudgetProbe jsonProbe = measureJson == null ? null : measure(compactJson(value), ResponseFormat.JSON, measureJson);
        if (toonProbe == null || jsonProbe == null) {
            return toonProbe == null ? jsonProbe : toonProbe;
        }
        // TOON unless JSON fits and costs fewer tokens; when neither fits, the smaller estimate.
        boolean jsonCheaper = jsonProbe.fits() == toonProbe.fits()
                ? jsonProbe.o200k() < toonProbe.o200k()
                : jsonProbe.fits();
        return jsonCheaper ? jsonProbe : toonProbe;
    }

    private static BudgetProbe measure(String text, ResponseFormat format, Function<String, BudgetCount> measure) {
        return BudgetProbe.of(text, format, measure.apply(text));
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
