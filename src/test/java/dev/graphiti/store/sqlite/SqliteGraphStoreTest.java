package dev.graphiti.store.sqlite;

import dev.graphiti.graph.Scope;
import dev.graphiti.graph.GraphDatabase;
import dev.graphiti.store.GraphStoreContract;
import dev.graphiti.store.IdentifierSearchContract;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/** The store contract on SQLite: one file per graph under a temporary directory. */
class SqliteGraphStoreTest extends GraphStoreContract {

    @TempDir
    Path temp;

    @Override
    protected GraphDatabase open(String name, Scope scope) {
        return SqliteStore.withDefaults().openGraph(temp.resolve(name).resolve("graph.db"), scope);
    }

    /** Identifier search on SQLite's FTS5 index. */
    @Nested
    class IdentifierSearch extends IdentifierSearchContract {
        @Override
        protected GraphDatabase open(String name) {
            return SqliteGraphStoreTest.this.open(name, Scope.project);
        }
    }
}
