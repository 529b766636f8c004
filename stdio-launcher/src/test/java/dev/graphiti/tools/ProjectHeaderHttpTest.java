package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.access.AllowedRoots;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 2026-07-28 client has no roots: it names its project in the Graphiti-Project header of each request, which
 * must lie within the allowed roots like a dir argument. The server here runs outside them, so without the header
 * (or a dir) a call has no project.
 */
class ProjectHeaderHttpTest {

    @TempDir
    static Path shared;
    static Path project;
    static Path outside;
    static HttpToolServer http;
    static StatelessClient client;

    @BeforeAll
    static void start() throws Exception {
        Path allowed = Files.createDirectories(shared.resolve("allowed"));
        project = ProjectFixture.create(allowed, shared.resolve("home")).project();
        outside = ProjectFixture.create(Files.createDirectories(shared.resolve("outside")), shared.resolve("home")).project();
        Path home = shared.resolve("home").toRealPath();
        var settings = ToolSettings.defaults().withSemantic(false).withAllowedRoots(AllowedRoots.of(List.of(allowed.toRealPath())));
        http = HttpToolServer.start(settings, home, Files.createDirectories(shared.resolve("elsewhere")));
        client = http.client();
    }

    @AfterAll
    static void stop() throws Exception {
        http.close();
    }

    private static JsonObject add(String title, Map<String, String> headers) throws Exception {
        return client.call("tools/call", "graphiti_add", "{\"name\":\"graphiti_add\",\"arguments\":{\"scope\":\"project\",\"kind\":\"decision\","
                + "\"title\":" + StatelessClient.quote(title) + ",\"content\":\"We version the HTTP API in the path, not in a header.\"}}",
                "{}", headers);
    }

    @Test
    void theHeaderNamesTheProjectWithinTheAllowedRoots() throws Exception {
        JsonObject stored = add("API versions in the path", Map.of("Graphiti-Project", project.toString()));
        assertFalse(stored.getBoolean("isError"), stored.toString());
        JsonObject listed = client.call("tools/call", "graphiti_list", "{\"name\":\"graphiti_list\",\"arguments\":{\"dir\":"
                + StatelessClient.quote(project.toString()) + "}}", "{}");
        assertTrue(listed.toString().contains("API versions in the path"), "stored in the header's project: " + listed);

        JsonObject none = add("no project", Map.of());
        assertTrue(none.getBoolean("isError"), none.toString());
        assertTrue(none.toString().contains("names no project"), none.toString());

        JsonObject refused = add("outside", Map.of("Graphiti-Project", outside.toString()));
        assertTrue(refused.getBoolean("isError"), refused.toString());
        assertTrue(refused.toString().contains("Graphiti-Project"), "the error names the header: " + refused);
        assertEquals(1, refused.getJsonArray("content").size());
    }
}
