package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.assembly.GraphitiServer;
import dev.graphiti.cli.GitFixture;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ResponseStream;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Destructive and ambiguous calls wait for the user: a 2026-07-28 client that can elicit gets an input-required
 * result and the call goes ahead only when its retry carries the user's yes (for the same arguments); a decline
 * changes nothing; an add that would leave two decisions under one title asks whether to replace or keep both.
 * (A client that cannot ask is refused with how to confirm: ToolScenarios, with the Java SDK client.)
 */
class ConfirmationTest {

    private static final String ELICITS = "{\"elicitation\":{}}";

    @TempDir
    Path temp;
    Path project;
    GraphitiTools tools;
    McpServer server;
    final JsonRpcCodec codec = new JsonRpcCodec();

    @BeforeEach
    void start() throws Exception {
        project = GitFixture.repository(temp.resolve("project")).toRealPath();
        Path home = Files.createDirectories(temp.resolve("home"));
        tools = GraphitiProcess.tools(ToolSettings.defaults().withSemantic(false), Map.of("GRAPHITI_HOME", home.toString(),
                "HOME", home.toString()), temp);
        server = GraphitiServer.builder(tools).build();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    /** One 2026-07-28 tools/call; {@code extra} adds inputResponses/requestState. The result object. */
    private JsonObject call(String tool, String arguments, String capabilities, String extra) throws Exception {
        var connection = server.openStateless(TransportKind.HTTP, "", Map.of());
        var answer = new CompletableFuture<JsonObject>();
        connection.receive(codec.parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + extra + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":" + capabilities + "}}}"), new ResponseStream() {
            @Override
            public void send(JsonObject message) {
                if (message.containsKey("id")) {
                    answer.complete(message);
                }
            }

            @Override
            public void close() {
            }
        });
        JsonObject message = answer.get(60, TimeUnit.SECONDS);
        connection.close();
        return message.getJsonObject("result");
    }

    private String dir(String more) {
        return "{\"dir\":" + Json.createValue(project.toString()) + more + "}";
    }

    private String add(String title, String content) throws Exception {
        JsonObject stored = call("graphiti_add", dir(",\"kind\":\"decision\",\"title\":\"" + title + "\",\"content\":\"" + content + "\""),
                "{}", "");
        assertFalse(stored.getBoolean("isError"), stored.toString());
        return stored.getJsonObject("structuredContent").getString("id");
    }

    private String listed() throws Exception {
        return call("graphiti_list", dir(""), "{}", "").toString();
    }

    private static String retry(JsonObject asked, String answer) {
        return ",\"inputResponses\":{\"confirm\":" + answer + "},\"requestState\":" + Json.createValue(asked.getString("requestState"));
    }

    @Test
    void aDeleteGoesAheadOnlyOnTheUsersYesForTheSameItems() throws Exception {
        String keep = add("Tabs", "We indent with tabs.");
        String drop = add("Wiki", "The lunch menu moved to the wiki.");
        String arguments = dir(",\"ids\":[\"" + drop + "\"]");

        JsonObject asked = call("graphiti_delete", arguments, ELICITS, "");
        assertEquals("input_required", asked.getString("resultType"), asked.toString());
        JsonObject request = asked.getJsonObject("inputRequests").getJsonObject("confirm");
        assertEquals("elicitation/create", request.getString("method"));
        assertTrue(request.getJsonObject("params").getString("message").contains(drop), request.toString());

        JsonObject declined = call("graphiti_delete", arguments, ELICITS, retry(asked, "{\"action\":\"decline\"}"));
        assertEquals("complete", declined.getString("resultType"));
        assertTrue(declined.toString().contains("declined"), declined.toString());
        assertTrue(listed().contains(drop), "a decline deletes nothing");

        // The yes was given for one item: it does not delete another.
        String yes = "{\"action\":\"accept\",\"content\":{\"confirm\":true}}";
        JsonObject other = call("graphiti_delete", dir(",\"ids\":[\"" + keep + "\"]"), ELICITS, retry(asked, yes));
        assertEquals("input_required", other.getString("resultType"), "asked again: " + other);

        JsonObject deleted = call("graphiti_delete", arguments, ELICITS, retry(asked, yes));
        assertFalse(deleted.getBoolean("isError"), deleted.toString());
        assertFalse(listed().contains(drop));
        assertTrue(listed().contains(keep));
    }

    /**
     * A form that sends the text "true" (the MCP Inspector did, when confirm had no type) is told the type expected,
     * not asked again to confirm: the same call with a boolean goes ahead. A number for a string is answered alike.
     */
    @Test
    void aConfirmOfTheWrongTypeIsAnsweredWithTheTypeExpected() throws Exception {
        String drop = add("Wiki", "The lunch menu moved to the wiki.");
        JsonObject text = call("graphiti_delete", dir(",\"ids\":[\"" + drop + "\"],\"confirm\":\"true\""), "{}", "");
        assertTrue(text.getBoolean("isError"), text.toString());
        String said = text.getJsonArray("content").getJsonObject(0).getString("text");
        assertTrue(said.contains("\"confirm\" must be a boolean (true or false, without quotes), got the string \"true\""), said);
        assertTrue(listed().contains(drop), "nothing deleted");

        JsonObject deleted = call("graphiti_delete", dir(",\"ids\":[\"" + drop + "\"],\"confirm\":true"), "{}", "");
        assertFalse(deleted.getBoolean("isError"), deleted.toString());
        assertFalse(listed().contains(drop));

        JsonObject number = call("graphiti_search", dir(",\"query\":42"), "{}", "");
        assertTrue(number.getBoolean("isError"), number.toString());
        String answer = number.getJsonArray("content").getJsonObject(0).getString("text");
        assertTrue(answer.contains("\"query\" must be a string, got the number 42"), answer);
    }

    @Test
    void aCompactionIsAskedAboutAndADryRunIsNot() throws Exception {
        add("Tabs", "We indent with tabs.");
        assertEquals("input_required", call("graphiti_compact", dir(""), ELICITS, "").getString("resultType"));
        JsonObject dry = call("graphiti_compact", dir(",\"dry_run\":true"), ELICITS, "");
        assertEquals("complete", dry.getString("resultType"), dry.toString());
        JsonObject refused = call("graphiti_compact", dir(""), "{}", "");
        assertTrue(refused.getBoolean("isError") && refused.toString().contains("confirm: true"), refused.toString());
    }

    @Test
    void anAddThatContradictsAStoredDecisionAsksToReplaceOrKeepBoth() throws Exception {
        String old = add("Primary database", "We store everything in MySQL 8.");
        String arguments = dir(",\"kind\":\"decision\",\"title\":\"Primary database\",\"content\":\"We store everything in PostgreSQL 16.\"");

        JsonObject refused = call("graphiti_add", arguments, "{}", "");
        assertTrue(refused.getBoolean("isError"), refused.toString());
        assertTrue(refused.toString().contains("supersedes: " + old), refused.toString());
        assertFalse(listed().contains("PostgreSQL"), "nothing stored without an answer");

        JsonObject asked = call("graphiti_add", arguments, ELICITS, "");
        assertEquals("input_required", asked.getString("resultType"), asked.toString());
        JsonObject replaced = call("graphiti_add", arguments, ELICITS,
                retry(asked, "{\"action\":\"accept\",\"content\":{\"choice\":\"replace\"}}"));
        assertFalse(replaced.getBoolean("isError"), replaced.toString());
        String now = listed();
        assertTrue(now.contains("PostgreSQL") || now.contains(replaced.getJsonObject("structuredContent").getString("id")), now);
        assertFalse(now.contains(old), "the old decision is superseded, no longer current: " + now);

        // Restating the same content asks nothing.
        JsonObject same = call("graphiti_add", arguments, "{}", "");
        assertFalse(same.getBoolean("isError"), same.toString());
    }
}
