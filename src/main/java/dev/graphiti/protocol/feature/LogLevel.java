package dev.graphiti.protocol.feature;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The syslog severities of MCP logging, least severe first. */
public enum LogLevel {
    DEBUG, INFO, NOTICE, WARNING, ERROR, CRITICAL, ALERT, EMERGENCY;

    /** The name on the wire, e.g. "warning". */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<LogLevel> fromWire(String wire) {
        return Arrays.stream(values()).filter(l -> l.wire().equals(wire)).findFirst();
    }

    /** True when a message at this level passes a threshold set with logging/setLevel. */
    public boolean atLeast(LogLevel threshold) {
        return compareTo(threshold) >= 0;
    }
}
