package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.graphiti.access.AllowedRoots;
import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.cli.Cli;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.store.postgres.PostgresServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A subscriber of graphiti://context on a server whose graphs are in PostgreSQL (GRAPHITI_STORE_URL) is told when
 * another process (a one-shot CLI on the same database) changes the graph: there is no file whose size and time
 * would tell.
 */
class ContextOnPostgresTest {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    @TempDir
    Path temp;

    @Test
    void aSubscriberIsToldOfAnotherProcesssChangeToAGraphInPostgres() throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        Map<String, String> environment = Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString(),
                "GRAPHITI_STORE_URL", POSTGRES.server().newDatabase());
        var settings = ToolSettings.defaults().withSemantic(false).withAllowedRoots(AllowedRoots.of(List.of(temp.toRealPath())));
        try (var tools = GraphitiProcess.tools(settings, environment, temp); var session = new ServerSession(tools)) {
            session.initialize("{}");
            cliAdd(environment, "Reports read from a Postgres replica, never the primary");
            session.request("resources/subscribe", Json.createObjectBuilder().add("uri", "graphiti://context").build());

            cliAdd(environment, "Nightly exports go to the archive bucket in eu-west-1");
            JsonObject told = session.unsolicited.poll(30, TimeUnit.SECONDS);
            assertNotNull(told, "notifications/resources/updated after another process added an item");
            assertEquals("notifications/resources/updated", told.getString("method"));
            assertEquals("graphiti://context", told.getJsonObject("params").getString("uri"));
        }
    }

    private void cliAdd(Map<String, String> environment, String content) {
        var out = new StringWriter();
        try (var cli = new Cli(CliEnvironment.embedded(environment))) {
            assertEquals(0, cli.run(List.of("-g", "add", "-k", "decision", content), temp, InputStream.nullInputStream(),
                    new PrintWriter(out), new PrintWriter(out)), out::toString);
        }
    }
}
