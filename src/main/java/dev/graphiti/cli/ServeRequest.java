package dev.graphiti.cli;

import java.nio.file.Path;

/** The options of `graphiti mcp serve`. */
public record ServeRequest(Transport transport, String host, int port, Path workingDirectory) {

    public enum Transport { stdio, http }
}
