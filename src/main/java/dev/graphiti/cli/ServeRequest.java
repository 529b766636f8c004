package dev.graphiti.cli;

import java.nio.file.Path;

/** The options of `graphiti mcp serve`. */
public record ServeRequest(Transport transport, String host, int port, Path workingDirectory) {

    public enum Transport { stdio, http }

    static final String DEFAULT_HOST = "127.0.0.1";
    static final String DEFAULT_PORT = "8000";

    /** `mcp serve` with its defaults: stdio. */
    static ServeRequest stdio(Path workingDirectory) {
        return new ServeRequest(Transport.stdio, DEFAULT_HOST, Integer.parseInt(DEFAULT_PORT), workingDirectory);
    }
}
