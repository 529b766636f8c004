package dev.graphiti.config;

import java.util.Locale;
import java.util.Objects;

/**
 * One setting: its dotted name, type, default, whether its value is a secret (masked when printed), and whether
 * an MCP tool call may change it. Settings that name endpoints, keys, paths or security are changed only by the
 * owner with `graphiti config set` (a tool call is untrusted input: a prompt-injected agent or a team server's
 * token holder must not redirect where the API key is sent). A number a tool may change stays within
 * {@code toolMin..toolMax}, narrower than what the owner may set: budgets and limits that every session and
 * writer share (a million-token context, a 100 ms busy timeout that fails other sessions' writes).
 */
public record ConfigKey(String name, Type type, String defaultValue, boolean secret, long min, long max,
                        String description, boolean toolWritable, long toolMin, long toolMax) {

    public enum Type { INT, BOOL, STRING, URL }

    public ConfigKey {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
    }

    static ConfigKey integer(String name, long defaultValue, long min, long max, String description) {
        return new ConfigKey(name, Type.INT, Long.toString(defaultValue), false, min, max, description, true, min, max);
    }

    static ConfigKey bool(String name, boolean defaultValue, String description) {
        return new ConfigKey(name, Type.BOOL, Boolean.toString(defaultValue), false, 0, 0, description, true, 0, 0);
    }

    static ConfigKey string(String name, String defaultValue, boolean secret, String description) {
        return new ConfigKey(name, Type.STRING, defaultValue, secret, 0, 0, description, true, 0, 0);
    }

    /** An http(s) URL, or empty for unset. */
    static ConfigKey url(String name, String description) {
        return new ConfigKey(name, Type.URL, "", false, 0, 0, description, true, 0, 0);
    }

    /** This setting, readable through MCP but changed only with the CLI on the owner's terminal. */
    ConfigKey terminalOnly() {
        return new ConfigKey(name, type, defaultValue, secret, min, max, description, false, toolMin, toolMax);
    }

    /** This number, changed by a tool call only within {@code low..high} (the owner's terminal: min..max). */
    ConfigKey toolRange(long low, long high) {
        if (type != Type.INT || low < min || high > max || low > high) {
            throw new IllegalArgumentException(name + ": a tool's range lies within " + min + ".." + max);
        }
        return new ConfigKey(name, type, defaultValue, secret, min, max, description, toolWritable, low, high);
    }

    /**
     * Checks a value a tool call asks to set: as {@link #validate}, then within what a tool may set; the message
     * says what is allowed and that the owner may go further in a terminal.
     */
    public String validateForTool(String value) {
        if (!toolWritable) {
            throw new ConfigException(name + " is changed only by the owner, in a terminal on the server (`graphiti"
                    + " config set " + name + " VALUE`), never through MCP: it decides where the API key and the graph's"
                    + " facts are sent");
        }
        String valid = validate(value);
        if (type == Type.INT) {
            long number = Long.parseLong(valid);
            if (number < toolMin || number > toolMax) {
                throw new ConfigException("a tool call may set " + name + " between " + toolMin + " and " + toolMax
                        + ", not " + number + " (it is shared by every session on this graph); the owner may set up to "
                        + max + " in a terminal: `graphiti config set " + name + " " + number + "`");
            }
        }
        return valid;
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
            case URL -> {
                if (text.isEmpty()) {
                    return text;
                }
                try {
                    java.net.URI uri = new java.net.URI(text);
                    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
                    if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
                        return text;
                    }
                } catch (java.net.URISyntaxException e) {
                    // the message below says what is expected
                }
                throw new ConfigException(name + " takes an http or https URL such as https://api.openai.com/v1, not '"
                        + value + "'");
            }
            default -> {
                return value;
            }
        }
    }
}
