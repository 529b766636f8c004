package dev.graphiti.config;

/** An unknown key or a value of the wrong type: a usage error. */
public final class ConfigException extends RuntimeException {

    public ConfigException(String message) {
        super(message);
    }
}
