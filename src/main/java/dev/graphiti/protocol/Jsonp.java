package dev.graphiti.protocol;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;

/** One JSON-P provider looked up once: {@code jakarta.json.Json} repeats the ServiceLoader lookup per call. */
final class Jsonp {

    static final JsonProvider PROVIDER = JsonProvider.provider();

    private Jsonp() {
    }

    static JsonObjectBuilder object() {
        return PROVIDER.createObjectBuilder();
    }

    static JsonObjectBuilder object(jakarta.json.JsonObject start) {
        return PROVIDER.createObjectBuilder(start);
    }

    /** Adds an optional string member; null means the member is omitted. */
    static JsonObjectBuilder optional(JsonObjectBuilder builder, String name, String value) {
        return value == null ? builder : builder.add(name, value);
    }

    /** A number written as an integer when it is one (progress 50, not 50.0). */
    static jakarta.json.JsonNumber number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return PROVIDER.createValue((long) value);
        }
        return PROVIDER.createValue(value);
    }

    static JsonArrayBuilder array() {
        return PROVIDER.createArrayBuilder();
    }
}
