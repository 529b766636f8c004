package dev.graphiti.cli;

import dev.graphiti.config.ConfigKey;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.Map;

/** What `graphiti config get|set|list` answers: the settings asked for, secrets masked, each value in its JSON type. */
record ConfigAnswer(Map<ConfigKey, String> values) implements Answer {

    @Override
    public JsonObject json() {
        JsonObjectBuilder json = JsonShapes.JSON.createObjectBuilder();
        values.forEach((key, value) -> {
            switch (key.type()) {
                case INT -> json.add(key.name(), Long.parseLong(value));
                case BOOL -> json.add(key.name(), Boolean.parseBoolean(value));
                default -> json.add(key.name(), value);
            }
        });
        return json.build();
    }
}
