package dev.graphiti.toon;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;

import java.util.function.IntFunction;

/**
 * Fits a ranked row list into a token budget by dropping rows, never by cutting text: the payload is
 * re-encoded with the first k rows, so the TOON length header stays true. Rows must come best first
 * (the caller orders them); the last ones go first. The budget is in Claude-estimated tokens
 * ({@link TokenCount#claude()}) of the cheaper of TOON and compact JSON. Thread-safe.
 */
public final class BudgetTrimmer {
    private final ResponseEncoder encoder;
    private final JsonProvider json;

    public BudgetTrimmer(ResponseEncoder encoder) {
        if (encoder == null) {
            throw new IllegalArgumentException("encoder must not be null");
        }
        this.encoder = encoder;
        this.json = JsonProvider.provider();
    }

    /** The longest prefix of {@code rows} whose encoding fits {@code budget}. */
    public TrimmedResponse trim(JsonArray rows, int budget) {
        if (rows == null) {
            throw new IllegalArgumentException("rows must not be null");
        }
        return fit(rows.size(), budget, k -> prefix(rows, k));
    }

    /**
     * {@code payload} with its array field {@code rowsKey} cut to the longest prefix that fits
     * {@code budget}; every other field is kept whole and in place.
     */
    public TrimmedResponse trim(JsonObject payload, String rowsKey, int budget) {
        if (payload == null || rowsKey == null) {
            throw new IllegalArgumentException("payload and rowsKey must not be null");
        }
        JsonValue field = payload.get(rowsKey);
        if (field == null || field.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new IllegalArgumentException("rowsKey \"" + rowsKey + "\" must name an array field of payload");
        }
        JsonArray rows = field.asJsonArray();
        return fit(rows.size(), budget, k -> k == rows.size()
                ? payload
                : json.createObjectBuilder(payload).add(rowsKey, prefix(rows, k)).build());
    }

    /**
     * Tries all rows in both formats; when they don't fit, searches the row count in the format that
     * came out cheaper (TOON counted line by line from a cache, as only its header changes between
     * tries), then renders the count found in whichever format is cheapest there.
     */
    private TrimmedResponse fit(int total, int budget, IntFunction<JsonValue> payloadWith) {
        if (budget < 1) {
            throw new IllegalArgumentException("budget must be at least 1 token, was: " + budget);
        }
        ToonLineCounts toonLines = encoder.newToonLineCounts();
        BudgetProbe all = encoder.encodeWithin(payloadWith.apply(total), budget, toonLines);
        if (all.fits()) {
            return new TrimmedResponse(all.response(), total, total, true);
        }
        IntFunction<BudgetProbe> probe = all.format() == ResponseFormat.JSON
                ? k -> encoder.jsonWithin(payloadWith.apply(k), budget)
                : k -> encoder.toonWithin(payloadWith.apply(k), budget, toonLines);
        PrefixSearch.Result<BudgetProbe> found = PrefixSearch.largestFitting(
                total, budget, k -> k == total ? all : probe.apply(k), BudgetProbe::cost);
        if (!found.fits()) {
            return new TrimmedResponse(encoder.encode(payloadWith.apply(0)), 0, total, false);
        }
        int kept = found.prefix();
        EncodedResponse cheapest = encoder.encodeWithin(payloadWith.apply(kept), budget, toonLines).response();
        return new TrimmedResponse(cheapest, kept, total, true);
    }

    private JsonArray prefix(JsonArray rows, int count) {
        return count == rows.size() ? rows : json.createArrayBuilder(rows.subList(0, count)).build();
    }
}
