package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;

/** One JSON-P provider looked up once: {@code jakarta.json.Json} repeats the ServiceLoader lookup per call. */
public final class Jsonp {

    public static final JsonProvider PROVIDER = JsonProvider.provider();

    private Jsonp() {
    }

    public static JsonObjectBuilder object() {
        return PROVIDER.createObjectBuilder();
    }

    public static JsonObjectBuilder object(jakarta.json.JsonObject start) {
        return PROVIDER.createObjectBuilder(start);
    }

    /** Adds an optional string member; null means the member is omitted. */
    public static JsonObjectBuilder optional(JsonObjectBuilder builder, String name, String value) {
        return value == null ? builder : builder.add(name, value);
    }

    /** A number written as an integer when it is one (progress 50, not 50.0). */
    public static jakarta.json.JsonNumber number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return PROVIDER.createValue((long) value);
        }
        return PROVIDER.createValue(value);
    }

    public static JsonArrayBuilder array() {
        return PROVIDER.createArrayBuilder();
    }
}
