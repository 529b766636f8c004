package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class McpInstallCommandTest {

    @TempDir
    Path home;

    private record Result(int code, String out, String err) {
    }

    private Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Cli cli = new Cli(CliEnvironment.embedded(Map.of("HOME", home.toString(), "PATH", "/usr/bin")));
        int code = cli.run(List.of(args), home, new ByteArrayInputStream(new byte[0]), new PrintWriter(out),
                new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void installPrintsWhatItWroteAsJsonAndUninstallUndoesIt() throws Exception {
        Files.writeString(home.resolve(".claude.json"), "{\n  \"numStartups\": 3\n}");
        Result install = run("mcp", "install", "--command", "/opt/graphiti/bin/graphiti", "--format", "json");
        assertEquals(0, install.code(), install.err());
        assertEquals(1, install.out().lines().count(), "--format json is one line: " + install.out());
        JsonObject report = Json.createReader(new StringReader(install.out())).readObject();
        assertEquals("install", report.getString("action"));
        assertEquals("user", report.getString("scope"));
        assertEquals(List.of("/opt/graphiti/bin/graphiti"), report.getJsonArray("command").getValuesAs(
                jakarta.json.JsonString::getString));
        assertEquals(3, report.getJsonArray("changes").size(), "no script when the command is given");
        JsonObject servers = report.getJsonArray("changes").getJsonObject(0);
        assertEquals(home.resolve(".claude.json").toString(), servers.getString("file"));
        assertEquals("updated", servers.getString("status"));
        assertEquals("mcpServers.graphiti", servers.getJsonArray("entries").getString(0));
        assertEquals(home.resolve(".claude.json.graphiti.bak").toString(), servers.getString("backup"));
        assertTrue(Files.readString(home.resolve(".claude/settings.json"))
                .contains("\"command\": \"/opt/graphiti/bin/graphiti capture --async\""));

        Result text = run("mcp", "install", "--command", "/opt/graphiti/bin/graphiti");
        assertEquals(0, text.code());
        assertTrue(text.out().startsWith("graphiti installed for Claude Code (user scope):\n  unchanged "), text.out());

        Result uninstall = run("mcp", "uninstall", "--format", "json");
        assertEquals(0, uninstall.code(), uninstall.err());
        assertEquals("uninstall", Json.createReader(new StringReader(uninstall.out())).readObject().getString("action"));
        assertEquals("{\n  \"numStartups\": 3\n}", Files.readString(home.resolve(".claude.json")));
        assertFalse(Files.exists(home.resolve(".claude")));
    }

    @Test
    void anUnknownScopeIsAUsageError() {
        Result result = run("mcp", "install", "--scope", "global", "--command", "/x/graphiti");
        assertEquals(2, result.code());
        assertTrue(result.err().contains("Invalid value for option '--scope': expected one of [user, project]"
                + " (case-sensitive) but was 'global'"), result.err());
        assertFalse(Files.exists(home.resolve(".claude.json")));
    }

    @Test
    void outsideTheJarWithoutCommandItSaysWhatToDo() {
        Result result = run("mcp", "install");
        assertEquals(1, result.code());
        assertTrue(result.err().startsWith("graphiti: graphiti is not running from its executable jar"), result.err());
        assertTrue(result.err().contains("--command PATH"));
        assertFalse(Files.exists(home.resolve(".claude.json")));
    }

    @Test
    void aMalformedFileIsAFailureWithNothingWritten() throws Exception {
        Files.writeString(home.resolve(".claude.json"), "{\"mcpServers\": {,}}");
        Result result = run("mcp", "install", "--command", "/x/graphiti");
        assertEquals(1, result.code());
        assertTrue(result.err().contains(".claude.json is not valid JSON (expected a quoted member name at line 1,"
                + " column 17); it was left untouched."), result.err());
        assertEquals("{\"mcpServers\": {,}}", Files.readString(home.resolve(".claude.json")));
        assertFalse(Files.exists(home.resolve(".claude")));
    }

    @Test
    void projectScopeUsesTheWorkingDirectorysProject() throws Exception {
        Files.createDirectories(home.resolve(".git"));
        Result result = run("mcp", "install", "--scope", "project", "--command", "graphiti");
        assertEquals(0, result.code(), result.err());
        assertTrue(Files.readString(home.resolve(".mcp.json")).contains("\"GRAPHITI_COMMAND\": \"graphiti\""));
        assertFalse(Files.exists(home.resolve(".claude.json")));
    }

    @Test
    void projectScopeKeepsItsManifestOutOfGitStatus() throws Exception {
        GitFixture.git(home, "init", "-q", ".");
        Result result = run("mcp", "install", "--scope", "project", "--command", "graphiti");
        assertEquals(0, result.code(), result.err());
        assertTrue(Files.exists(home.resolve(".graphiti/install/claude-code-project.json")));
        // What a team commits (.mcp.json, .claude/) shows; graphiti's own record of the install does not.
        assertEquals(List.of("?? .claude/", "?? .mcp.json"), GitFixture.git(home, "status", "--porcelain").lines().toList());
    }
}
