package dev.graphiti.store;

import dev.graphiti.graph.Scope;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Identifier search on SQLite's FTS5 index. */
class SqliteIdentifierSearchTest extends IdentifierSearchContract {

    @TempDir
    Path temp;

    @Override
    protected GraphDatabase open(String name) {
        return SqliteStore.withDefaults().openWithIngest(temp.resolve(name).resolve("graph.db"), Scope.project);
    }
}
