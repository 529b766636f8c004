package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.Json;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How tool arguments become the CLI's command line. */
class CliGatewayTest {

    static final Path DIR = Path.of("/work/project");

    static List<String> argv(CliTool tool, String arguments) {
        var json = Json.createReader(new java.io.StringReader(arguments)).readObject();
        return CliGateway.argv(tool.command(json), json, ProjectDirectory.Place.project(DIR));
    }

    @Test
    void addPassesEveryOptionAndKeepsContentAfterTheEndOfOptions() {
        assertEquals(List.of("-C", "/work/project", "--format", "json", "--global", "add", "--title", "T",
                        "--kind", "decision", "--tag", "a", "--tag", "b", "--supersedes", "old1", "--source", "mcp", "--",
                        "--not an option"),
                argv(new AddTool(null), "{\"content\":\"--not an option\",\"kind\":\"decision\",\"title\":\"T\","
                        + "\"tags\":[\"a\",\"b\"],\"supersedes\":\"old1\",\"scope\":\"global\"}"));
    }

    @Test
    void searchAndListPassTheFilters() {
        assertEquals(List.of("-C", "/work/project", "--format", "json", "search", "--limit", "5", "--exact", "--kind",
                        "decision,bugfix", "--tag", "db", "--since", "7d", "--before", "2026-01-01", "--all", "--", "wal mode"),
                argv(new SearchTool(null), "{\"query\":\"wal mode\",\"limit\":5,\"exact\":true,\"kind\":\"decision,bugfix\","
                        + "\"tag\":\"db\",\"since\":\"7d\",\"before\":\"2026-01-01\",\"all\":true}"));
        assertEquals(List.of("-C", "/work/project", "--format", "json", "--project", "list"),
                argv(new ListTool(null), "{\"scope\":\"project\",\"exact\":false}"));
    }

    @Test
    void configChoosesItsActionFromTheArguments() {
        assertEquals(List.of("config", "list"), new ConfigTool(null).command(Json.createObjectBuilder().build()));
        assertEquals(List.of("config", "get", "--", "a.b"),
                new ConfigTool(null).command(Json.createObjectBuilder().add("key", "a.b").build()));
        assertEquals(List.of("config", "set", "--", "a.b", "3"),
                new ConfigTool(null).command(Json.createObjectBuilder().add("key", "a.b").add("value", "3").build()));
        assertThrows(IllegalArgumentException.class,
                () -> new ConfigTool(null).command(Json.createObjectBuilder().add("value", "3").build()));
        assertEquals(List.of("config", "set", "--", "a.b", "8192", "true", "0.5"), new ConfigTool(null).command(
                Json.createObjectBuilder().add("key", "a.b").add("value", Json.createArrayBuilder().add(8192.0).add(true)
                        .add(0.5)).build()).subList(0, 7), "numbers and booleans as the CLI reads them");
    }

    @Test
    void healthLooksFurtherOnlyWhenAsked() {
        assertEquals(List.of("health"), new HealthTool(null).command(Json.createObjectBuilder().build()));
        assertEquals(List.of("health", "--full"),
                new HealthTool(null).command(Json.createObjectBuilder().add("full", true).build()));
    }

    @Test
    void deleteNeverAsksAndShowJoinsNothing() {
        assertEquals(List.of("delete", "--force", "--", "a1", "b2"),
                new DeleteTool(null).command(Json.createObjectBuilder().add("ids", Json.createArrayBuilder().add("a1").add("b2")).build()));
        assertEquals(List.of("show", "--", "Use WAL mode"),
                new ShowTool(null).command(Json.createObjectBuilder().add("id", "Use WAL mode").build()));
    }
}
