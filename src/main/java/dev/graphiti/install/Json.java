package dev.graphiti.install;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON value as plain data, compared by meaning (object key order does not matter for equality,
 * 30 equals 30.0), so "is this still the entry we wrote?" is a simple equals.
 */
sealed interface Json {

    record JObject(Map<String, Json> members) implements Json {
        public JObject {
            members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        }

        Json get(String key) {
            return members.get(key);
        }
    }

    record JArray(List<Json> items) implements Json {
        public JArray {
            items = List.copyOf(items);
        }
    }

    record JString(String value) implements Json {
    }

    /** Numbers keep their value without trailing zeros so that equal numbers are equal records. */
    record JNumber(BigDecimal value) implements Json {
        public JNumber {
            value = value.stripTrailingZeros();
        }
    }

    record JBool(boolean value) implements Json {
    }

    record JNull() implements Json {
    }

    static JString string(String value) {
        return new JString(value);
    }

    static JNumber number(long value) {
        return new JNumber(BigDecimal.valueOf(value));
    }

    static JArray strings(List<String> values) {
        return new JArray(values.stream().<Json>map(JString::new).toList());
    }

    /** An object from alternating keys and values, in that order. */
    static JObject object(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keysAndValues must alternate key, value");
        }
        Map<String, Json> members = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            members.put((String) keysAndValues[i], (Json) keysAndValues[i + 1]);
        }
        return new JObject(members);
    }
}
