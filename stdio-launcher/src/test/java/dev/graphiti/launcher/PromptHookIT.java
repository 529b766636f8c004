package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The UserPromptSubmit hook as `graphiti mcp install` registers it, run from the packaged jar the way Claude Code
 * runs it (through sh, the hook's JSON on stdin, in the project): a prompt about a stored decision gets it as
 * additionalContext, an unrelated prompt gets nothing, and nothing ever fails the prompt.
 */
class PromptHookIT {

    @TempDir
    Path home;

    @TempDir
    Path project;

    private ClaudeUser user;
    private String hook;

    @BeforeEach
    void aProjectWithDecisions() throws Exception {
        user = new ClaudeUser(home);
        assertEquals(0, user.run(List.of("git", "init", "-q", "."), project, "").code());
        ClaudeUser.Ran install = user.run(ClaudeUser.graphiti("mcp", "install", "--no-startup-archive"), project, "");
        assertEquals(0, install.code(), install.err());
        JsonObject settings = Json.createReader(new StringReader(Files.readString(home.resolve(".claude/settings.json"))))
                .readObject();
        hook = settings.getJsonObject("hooks").getJsonArray("UserPromptSubmit").getJsonObject(0).getJsonArray("hooks")
                .getJsonObject(0).getString("command");
        for (String[] item : List.of(
                new String[] {"decision", "Sessions live in Redis, not in Postgres: logins must survive a database"
                        + " failover and Redis expires idle sessions by itself"},
                new String[] {"decision", "Money is stored as integer cents, never as double: rounding lost cents in"
                        + " the cart total"},
                new String[] {"architecture", "The checkout service sends payments through an outbox table, so a"
                        + " payment is never sent twice when the service restarts"},
                new String[] {"preference", "Tests use a real Postgres in a container, no mocks of the repository"})) {
            ClaudeUser.Ran add = user.run(ClaudeUser.graphiti("add", "--kind", item[0], item[1]), project, "");
            assertEquals(0, add.code(), add.err());
        }
    }

    private ClaudeUser.Ran prompt(String session, String text) throws Exception {
        String input = "{\"session_id\":\"" + session + "\",\"transcript_path\":\"" + home + "/t.jsonl\",\"cwd\":"
                + Json.createValue(project.toString()) + ",\"permission_mode\":\"default\","
                + "\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":" + Json.createValue(text) + "}";
        return user.run(List.of("sh", "-c", hook), project, input);
    }

    @Test
    void aPromptAboutAStoredDecisionGetsItAndAnUnrelatedOneNothing() throws Exception {
        ClaudeUser.Ran about = prompt("s1", "Should we move the user sessions out of Redis into Postgres?");
        assertEquals(0, about.code(), about.err());
        JsonObject output = Json.createReader(new StringReader(about.out())).readObject().getJsonObject("hookSpecificOutput");
        assertEquals("UserPromptSubmit", output.getString("hookEventName"));
        String context = output.getString("additionalContext");
        assertTrue(context.contains("logins must survive a database failover"), context);
        assertTrue(!context.contains("outbox") && !context.contains("cents"), context);

        ClaudeUser.Ran unrelated = prompt("s1", "fix the typo in the README heading");
        assertEquals(0, unrelated.code(), unrelated.err());
        assertEquals("", unrelated.out());
        assertEquals("", unrelated.err());
    }

    @Test
    void nothingFailsThePrompt() throws Exception {
        for (String input : List.of("", "not json", "{\"session_id\":\"s2\",\"hook_event_name\":\"UserPromptSubmit\"}")) {
            ClaudeUser.Ran ran = user.run(List.of("sh", "-c", hook), project, input);
            assertEquals(0, ran.code(), input + ": " + ran.err());
            assertEquals("", ran.out(), input);
        }
        // a damaged database: the prompt still goes on, and stderr says why nothing was recalled
        Files.writeString(project.resolve(".graphiti/graph.db"), "this is not a database");
        ClaudeUser.Ran damaged = prompt("s3", "Should we move the user sessions out of Redis into Postgres?");
        assertEquals(0, damaged.code(), damaged.err());
        assertEquals("", damaged.out());
        assertTrue(damaged.err().startsWith("graphiti: recall --prompt: nothing recalled"), damaged.err());
    }
}
