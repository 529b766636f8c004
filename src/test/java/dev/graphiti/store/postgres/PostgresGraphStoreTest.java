package dev.graphiti.store.postgres;

import dev.graphiti.graph.Scope;
import dev.graphiti.graph.GraphDatabase;
import dev.graphiti.store.GraphStoreContract;
import dev.graphiti.store.IdentifierSearchContract;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The store contract on a real PostgreSQL 15: one database for the class, a schema per graph, HikariCP's pool. */
class PostgresGraphStoreTest extends GraphStoreContract {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    private static PostgresStore store;

    @BeforeAll
    static void start() {
        store = PostgresStore.pooled(POSTGRES.server().newDatabase(), Optional.empty(), Optional.empty(), 24, "english",
                Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        if (store != null) {
            store.close();
        }
    }

    @Override
    protected GraphDatabase open(String name, Scope scope) {
        return store.open(name, scope);
    }

    /** Identifier search with PostgreSQL's English text search configuration, which indexes no stop words. */
    @Nested
    class IdentifierSearch extends IdentifierSearchContract {
        @Override
        protected GraphDatabase open(String name) {
            return store.open(name, Scope.project);
        }
    }
}
