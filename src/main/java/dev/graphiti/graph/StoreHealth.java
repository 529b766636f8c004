package dev.graphiti.graph;

import java.nio.file.Path;
import java.util.List;

/** What the store says about itself. */
public record StoreHealth(Path database, int schemaVersion, int expectedSchemaVersion, List<String> integrityProblems,
                          boolean fullTextIndexOk, long databaseBytes, long walBytes, int items) {

    public StoreHealth {
        integrityProblems = List.copyOf(integrityProblems);
    }
}
