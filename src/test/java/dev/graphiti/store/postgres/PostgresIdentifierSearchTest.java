package dev.graphiti.store.postgres;

import dev.graphiti.graph.Scope;
import dev.graphiti.store.GraphDatabase;
import dev.graphiti.store.IdentifierSearchContract;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Identifier search on a real PostgreSQL 15 with the English text search configuration. */
class PostgresIdentifierSearchTest extends IdentifierSearchContract {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    private static PostgresStore store;

    @BeforeAll
    static void start() {
        store = PostgresStore.pooled(POSTGRES.server().newDatabase(), Optional.empty(), Optional.empty(), 4, "english",
                Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        if (store != null) {
            store.close();
        }
    }

    @Override
    protected boolean indexesStopWords() {
        return false;
    }

    @Override
    protected GraphDatabase open(String name) {
        return store.open(name, Scope.project);
    }
}
