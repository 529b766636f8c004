package dev.graphiti.protocol.session;

import java.util.Objects;

/** The {@code serverInfo} of the InitializeResult. */
public record ServerInfo(String name, String title, String version) {

    public ServerInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(version, "version");
    }
}
