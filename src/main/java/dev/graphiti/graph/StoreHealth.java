package dev.graphiti.graph;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the store says about itself, looking as far as {@code depth}.
 *
 * @param server where a database server keeps the graph ("PostgreSQL at jdbc:postgresql://db:5432/team, schema
 *               graphiti_g3"); empty for a SQLite file, whose checks (quick_check, FTS5, write-ahead log) are graphiti's
 */
public record StoreHealth(Path database, HealthDepth depth, int schemaVersion, int expectedSchemaVersion,
                          List<String> integrityProblems, List<String> fullTextProblems, long databaseBytes,
                          long walBytes, int items, Optional<String> server) {

    public StoreHealth {
        integrityProblems = List.copyOf(integrityProblems);
        fullTextProblems = List.copyOf(fullTextProblems);
    }

    public boolean fullTextIndexOk() {
        return fullTextProblems.isEmpty();
    }
}
