package dev.graphiti.graph;

import java.nio.file.Path;
import java.util.List;

/** What the store says about itself, looking as far as {@code depth}. */
public record StoreHealth(Path database, HealthDepth depth, int schemaVersion, int expectedSchemaVersion,
                          List<String> integrityProblems, List<String> fullTextProblems, long databaseBytes,
                          long walBytes, int items) {

    public StoreHealth {
        integrityProblems = List.copyOf(integrityProblems);
        fullTextProblems = List.copyOf(fullTextProblems);
    }

    public boolean fullTextIndexOk() {
        return fullTextProblems.isEmpty();
    }
}
