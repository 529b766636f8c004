package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a person sees after the README's `java -jar graphiti.jar mcp serve --transport http`, output not a terminal:
 * graphiti's own lines, no escape codes, no framework INFO lines (Weld, Jetty), and one line saying where the server
 * is and the command that connects Claude Code to it. Framework logging comes back when asked for.
 */
class FirstScreenIT {

    private static final Pattern CONNECT = Pattern.compile("^graphiti: MCP server \\(streamable HTTP\\) at (http://127\\.0\\.0\\.1:\\d+/mcp)"
            + " -- to connect Claude Code: claude mcp add --transport http graphiti (\\S+)$");

    @TempDir
    Path home;

    @TempDir
    Path project;

    /** The server's output up to and including its line that says how it stops; the server is stopped after. */
    private List<String> firstScreen(Map<String, String> variables) throws Exception {
        Process server = new ClaudeUser(home).start(ClaudeUser.graphiti("mcp", "serve", "--transport", "http", "--port", "0"),
                project, variables);
        List<String> lines = new ArrayList<>();
        try {
            BufferedReader err = new BufferedReader(new InputStreamReader(server.getErrorStream(), StandardCharsets.UTF_8));
            for (String line = err.readLine(); line != null; line = err.readLine()) {
                lines.add(line);
                if (line.contains("Ctrl-C or SIGTERM stops it")) {
                    break;
                }
            }
        } finally {
            server.destroy();
            assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        }
        return lines;
    }

    @Test
    void theFirstScreenIsGraphitisLinesAndTellsHowToConnectClaudeCode() throws Exception {
        List<String> lines = firstScreen(Map.of());
        String screen = String.join("\n", lines);
        assertFalse(screen.contains("\u001b"), "no escape codes when stderr is not a terminal:\n" + screen);
        for (String line : lines) {
            assertTrue(line.startsWith("graphiti: ") && !line.contains("INFO"), "only graphiti's own lines:\n" + screen);
        }
        List<Matcher> connect = lines.stream().map(CONNECT::matcher).filter(Matcher::matches).toList();
        assertEquals(1, connect.size(), "one line says where it runs and how to connect:\n" + screen);
        assertEquals(connect.get(0).group(1), connect.get(0).group(2), screen);
    }

    @Test
    void frameworkLoggingShowsWhenAskedFor() throws Exception {
        String screen = String.join("\n", firstScreen(Map.of("GRAPHITI_LOG_LEVEL", "info")));
        assertTrue(screen.contains("graphiti: INFO org.jboss.weld"), screen);
        assertTrue(screen.contains("graphiti: INFO org.eclipse.jetty"), screen);
    }
}
