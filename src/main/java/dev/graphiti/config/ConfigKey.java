package dev.graphiti.config;

import java.util.Locale;
import java.util.Objects;

/** One setting: its dotted name, type, default, and whether its value is a secret (masked when printed). */
public record ConfigKey(String name, Type type, String defaultValue, boolean secret, long min, long max,
                        String description) {

    public enum Type { INT, BOOL, STRING }

    public ConfigKey {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
    }

    static ConfigKey integer(String name, long defaultValue, long min, long max, String description) {
        return new ConfigKey(name, Type.INT, Long.toString(defaultValue), false, min, max, description);
    }

    static ConfigKey bool(String name, boolean defaultValue, String description) {
        return new ConfigKey(name, Type.BOOL, Boolean.toString(defaultValue), false, 0, 0, description);
    }

    static ConfigKey string(String name, String defaultValue, boolean secret, String description) {
        return new ConfigKey(name, Type.STRING, defaultValue, secret, 0, 0, description);
    }

    /** Checks and canonicalizes a value given as text; the message says what is expected. */
    public String validate(String value) {
        String text = value.strip();
        switch (type) {
            case INT -> {
                long number;
                try {
                    number = Long.parseLong(text);
                } catch (NumberFormatException e) {
                    throw new ConfigException(name + " takes a whole number, not '" + value + "'");
                }
                if (number < min || number > max) {
                    throw new ConfigException(name + " must be between " + min + " and " + max + ", not " + number);
                }
                return Long.toString(number);
            }
            case BOOL -> {
                String lower = text.toLowerCase(Locale.ROOT);
                if (lower.equals("true") || lower.equals("false")) {
                    return lower;
                }
                throw new ConfigException(name + " takes true or false, not '" + value + "'");
            }
            default -> {
                return value;
            }
        }
    }
}
