package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.store.postgres.PostgresServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session's stdio server on the team's PostgreSQL database (the PostgresServer fixture) keeps one pool, whoever
 * asks: its tools and the prompt hook's answers (the hook's socket) run on the process's one CLI. With
 * graphiti.store.pool-size 1 the server holds one connection to the database, not one per part of it.
 */
class OneCliPerProcessIT {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    @TempDir
    Path home;

    @TempDir
    Path project;

    @Test
    void theToolsAndThePromptHookShareTheServersPool() throws Exception {
        String url = POSTGRES.server().newDatabase();
        Map<String, String> team = Map.of("GRAPHITI_STORE_URL", url, "GRAPHITI_STORE_POOL_SIZE", "1",
                "GRAPHITI_SEMANTIC", "off");
        var user = new ClaudeUser(home);
        assertEquals(0, user.run(List.of("git", "init", "-q", "."), project, "").code());
        ClaudeUser.Ran install = user.run(ClaudeUser.graphiti("mcp", "install", "--no-startup-archive"), project, "");
        assertEquals(0, install.code(), install.err());
        String hook = Json.createReader(new StringReader(Files.readString(home.resolve(".claude/settings.json"))))
                .readObject().getJsonObject("hooks").getJsonArray("UserPromptSubmit").getJsonObject(0)
                .getJsonArray("hooks").getJsonObject(0).getString("command");

        Process server = user.start(ClaudeUser.graphiti("mcp", "serve"), project, team);
        try {
            OutputStream in = server.getOutputStream();
            var out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"claude-code\",\"version\":\"2.1.328\"}}}\n"
                    + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"graphiti_add\","
                    + "\"arguments\":{\"kind\":\"decision\",\"content\":\"Sessions live in Redis, not in Postgres: logins"
                    + " must survive a database failover\"}}}\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            reply(out, 1);
            String added = reply(out, 2);
            assertTrue(added.contains("\"id\":2") && !added.contains("\"isError\":true"), added);
            Path socket = project.resolve(".graphiti/run/prompt.sock");
            for (int i = 0; i < 600 && !Files.exists(socket) && server.isAlive(); i++) {
                Thread.sleep(50);
            }
            assertTrue(Files.exists(socket), "the server listens on " + socket);

            String input = "{\"session_id\":\"s1\",\"cwd\":" + Json.createValue(project.toString())
                    + ",\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":\"Should we move the user sessions out of"
                    + " Redis into Postgres?\"}";
            var variables = new java.util.HashMap<>(team);
            variables.put("JAVA_TOOL_OPTIONS", "-Dgraphiti.test.jvm=started");
            ClaudeUser.Ran prompt = user.run(List.of("sh", "-c", hook), project, input, variables);
            assertEquals(0, prompt.code(), prompt.err());
            assertFalse(prompt.err().contains("Picked up JAVA_TOOL_OPTIONS"), "the server answered: " + prompt.err());
            JsonObject answer = Json.createReader(new StringReader(prompt.out())).readObject();
            assertTrue(answer.getJsonObject("hookSpecificOutput").getString("additionalContext")
                    .contains("logins must survive a database failover"), prompt.out());

            assertEquals(1, connectionsBesidesThisOne(url), "the server's connections to its database");
        } finally {
            server.getOutputStream().close();
            assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        }
    }

    /** The server's answer to request {@code id}, past any notification before it. */
    private static String reply(BufferedReader out, int id) throws Exception {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            if (line.contains("\"id\":" + id) && !line.contains("\"method\"")) {
                return line;
            }
        }
        throw new AssertionError("the server ended before answering request " + id);
    }

    private static int connectionsBesidesThisOne(String url) throws Exception {
        try (var connection = DriverManager.getConnection(url);
             var statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM pg_stat_activity"
                     + " WHERE datname = current_database() AND pid <> pg_backend_pid()")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
