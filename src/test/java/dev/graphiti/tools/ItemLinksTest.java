package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.access.AllowedRoots;
import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.cli.GitFixture;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Search results link to their items (graphiti://item/{id}{?scope,dir}, a resource template): the link carries the
 * item's scope and the search's dir, resources/read of it answers the item in full from the right graph, and a
 * dir outside the allowed roots in a hand-made link reads nothing.
 */
class ItemLinksTest {

    @TempDir
    Path temp;

    @Test
    void searchRowsLinkToTheirItemsWhichReadInFull() throws Exception {
        Path allowed = Files.createDirectories(temp.resolve("allowed"));
        Path project = GitFixture.repository(allowed.resolve("project")).toRealPath();
        Path outside = GitFixture.repository(temp.resolve("outside")).toRealPath();
        Path home = Files.createDirectories(temp.resolve("home"));
        var settings = ToolSettings.defaults().withSemantic(false).withAllowedRoots(AllowedRoots.of(List.of(allowed.toRealPath())));
        try (var tools = GraphitiProcess.tools(settings, Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString()), temp);
             var session = new ServerSession(tools)) {
            session.initialize("{}");
            String dir = project.toString();
            session.request("tools/call", call("graphiti_add", Json.createObjectBuilder().add("dir", dir).add("kind", "decision")
                    .add("title", "Queue on PostgreSQL").add("content", "We keep the job queue in PostgreSQL with SKIP LOCKED, "
                            + "not Redis: one store to back up.").build()));

            JsonObject templates = session.request("resources/templates/list", JsonObject.EMPTY_JSON_OBJECT);
            assertEquals("graphiti://item/{id}{?scope,dir}",
                    templates.getJsonArray("resourceTemplates").getJsonObject(0).getString("uriTemplate"));

            JsonObject found = session.request("tools/call", call("graphiti_search",
                    Json.createObjectBuilder().add("dir", dir).add("query", "job queue").build()));
            var links = found.getJsonArray("content").getValuesAs(JsonObject.class).stream()
                    .filter(c -> c.getString("type").equals("resource_link")).toList();
            assertEquals(1, links.size(), found.toString());
            JsonObject link = links.get(0);
            assertEquals("Queue on PostgreSQL", link.getString("title"));
            String uri = link.getString("uri");
            assertTrue(uri.startsWith("graphiti://item/" + link.getString("name") + "?scope=project&dir="), uri);

            JsonObject read = session.request("resources/read", Json.createObjectBuilder().add("uri", uri).build());
            String text = read.getJsonArray("contents").getJsonObject(0).getString("text");
            assertTrue(text.contains("SKIP LOCKED"), text);

            String foreign = uri.substring(0, uri.indexOf("&dir=")) + "&dir=" + outside;
            JsonObject refused = session.send("{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"resources/read\",\"params\":{\"uri\":"
                    + Json.createValue(foreign) + "}}");
            assertEquals(-32602, refused.getJsonObject("error").getInt("code"), refused.toString());
            assertTrue(refused.getJsonObject("error").getString("message").contains(outside.toString()), refused.toString());

            JsonObject unknown = session.send("{\"jsonrpc\":\"2.0\",\"id\":100,\"method\":\"resources/read\",\"params\":{\"uri\":"
                    + Json.createValue("graphiti://item/nosuchitem?scope=project&dir=" + dir) + "}}");
            assertEquals(-32002, unknown.getJsonObject("error").getInt("code"), unknown.toString());
        }
    }

    private static JsonObject call(String tool, JsonObject arguments) {
        return Json.createObjectBuilder().add("name", tool).add("arguments", arguments).build();
    }
}
