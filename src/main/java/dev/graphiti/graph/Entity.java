package dev.graphiti.graph;

import java.util.Objects;

/** Something an item mentions: a file, a path, an identifier or a library. */
public record Entity(String name, String type) {

    public static final String FILE = "file";
    public static final String PATH = "path";
    public static final String IDENTIFIER = "identifier";
    public static final String LIBRARY = "library";

    public Entity {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }
}
