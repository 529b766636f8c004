package dev.graphiti.cli;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** Tests that run the CLI in a fresh real git repository with their own graphiti home. */
abstract class InRepositoryTest {

    @TempDir
    Path tmp;

    Path repo;
    CliHarness cli;

    @BeforeEach
    void createRepository() throws Exception {
        repo = GitFixture.repository(tmp.resolve("repo"));
        cli = new CliHarness(tmp.resolve("home"));
    }
}
