package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The project of a call: argument, then the client's roots, then GRAPHITI_PROJECT_ROOT, then the server's directory. */
class ProjectDirectoryTest {

    @TempDir
    Path temp;

    @Test
    void theArgumentWinsAndMustBeADirectory() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("given"));
        var projects = new ProjectDirectory(Optional.of(temp), temp);
        assertEquals(dir, projects.resolve(Json.createObjectBuilder().add("dir", dir.toString()).build(), null));
        var e = assertThrows(IllegalArgumentException.class,
                () -> projects.resolve(Json.createObjectBuilder().add("dir", "nowhere").build(), null));
        assertTrue(e.getMessage().contains("not a directory"));
    }

    @Test
    void withoutArgumentOrRootsTheConfiguredRootThenTheServerDirectory() {
        Path configured = temp.resolve("configured");
        assertEquals(configured, new ProjectDirectory(Optional.of(configured), temp).resolve(Json.createObjectBuilder().build(), null));
        assertEquals(temp, new ProjectDirectory(Optional.empty(), temp).resolve(Json.createObjectBuilder().build(), null));
    }

    /**
     * Through a real connection: the server asks the client for roots/list when the client declared roots,
     * once per session and again after notifications/roots/list_changed.
     */
    @Test
    void theClientsFirstFileRootWhenItDeclaresRoots() throws Exception {
        Path root = Files.createDirectories(temp.resolve("client-root"));
        Path probe = Files.createDirectories(temp.resolve("probe"));
        var settings = ToolSettings.defaults().withProjectRoot(probe);
        var seen = new java.util.concurrent.atomic.AtomicReference<Path>();
        try (var tools = new GraphitiTools(settings, Map.of(), temp)) {
            var gateway = new CliGateway(call -> {
                seen.set(call.directory());
                return new CliOutcome(0, "{}", "", CliOutcome.Ending.EXITED, false);
            }, new ProjectDirectory(Optional.of(probe), temp), tools.gateway().renderer());
            try (var session = new ServerSession(List.of(new HealthTool(gateway)))) {
                session.roots = Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("uri", "https://example.com/not-a-file"))
                        .add(Json.createObjectBuilder().add("uri", root.toUri().toString())).build();
                session.initialize("{\"roots\":{}}");
                session.request("tools/call", Json.createObjectBuilder().add("name", "graphiti_health").build());
                assertEquals(root, seen.get());
                assertEquals(1, session.rootsRequests.get());

                Path moved = Files.createDirectories(temp.resolve("moved"));
                session.roots = Json.createArrayBuilder().add(Json.createObjectBuilder().add("uri", moved.toUri().toString())).build();
                session.request("tools/call", Json.createObjectBuilder().add("name", "graphiti_health").build());
                assertEquals(root, seen.get(), "the session's roots are asked once");
                assertEquals(1, session.rootsRequests.get());

                session.notify("notifications/roots/list_changed");
                session.request("tools/call", Json.createObjectBuilder().add("name", "graphiti_health").build());
                assertEquals(moved, seen.get(), "list_changed: asked again");
                assertEquals(2, session.rootsRequests.get());
            }
            try (var session = new ServerSession(List.of(new HealthTool(gateway)))) {
                session.initialize("{}");
                session.request("tools/call", Json.createObjectBuilder().add("name", "graphiti_health").build());
                assertEquals(probe, seen.get(), "no roots capability: no roots/list, the configured root");
                assertEquals(0, session.rootsRequests.get());
            }
        }
    }
}
