package dev.graphiti.cli;

import dev.graphiti.store.postgres.PostgresServer;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link FreshnessTest} with the graphs in PostgreSQL (graphiti.store.url): validity, marks and as-of alike. */
class PostgresFreshnessTest extends FreshnessTest {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    @Override
    CliHarness store(CliHarness harness) {
        return harness.variable("GRAPHITI_STORE_URL", POSTGRES.server().newDatabase());
    }
}
