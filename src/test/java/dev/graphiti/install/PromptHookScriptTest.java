package dev.graphiti.install;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The prompt hook's client: the plugin runs the file, install registers the same lines inline. */
class PromptHookScriptTest {

    private static final Path PLUGIN_FILE = Path.of("..", "plugins", "graphiti", "bin", "graphiti-prompt-hook");

    @Test
    void thePackagedClientIsThePluginsFileByteForByte() throws Exception {
        try (InputStream in = PromptHookScript.class.getResourceAsStream(PromptHookScript.RESOURCE)) {
            assertArrayEquals(Files.readAllBytes(PLUGIN_FILE), in.readAllBytes());
        }
        assertTrue(Files.isExecutable(PLUGIN_FILE), "the plugin runs it as a command");
    }

    @Test
    void installRegistersTheClientInlineAroundTheColdCommand() throws Exception {
        String command = PromptHookScript.around("'/opt/java' -jar '/opt/graphiti.jar' recall --prompt");
        assertTrue(command.startsWith("sh -c '"), command);
        assertTrue(command.endsWith("' graphiti-prompt-hook '/opt/java' -jar '/opt/graphiti.jar' recall --prompt"), command);
        assertFalse(command.contains("\n#"), "comments stay in the file");
        // the shell parses it: the client runs, finds no project, and hands its input to the cold command
        Process sh = new ProcessBuilder("sh", "-c", PromptHookScript.around("cat")).redirectErrorStream(true)
                .directory(Files.createTempDirectory("no-project").toFile()).start();
        sh.getOutputStream().write("{\"prompt\":\"it's \\\\ here\"}".getBytes());
        sh.getOutputStream().close();
        assertEquals("{\"prompt\":\"it's \\\\ here\"}\n\n", new String(sh.getInputStream().readAllBytes()));
        assertEquals(0, sh.waitFor());
    }

    @Test
    void theHookCommandInstallWritesUsesIt() {
        var hooks = new ClaudeEntries(new LaunchCommand(List.of("/opt/java", "-jar", "/opt/graphiti.jar"), true)).hooks();
        String prompt = hooks.get("UserPromptSubmit").toString();
        assertTrue(prompt.contains("graphiti-prompt-hook") && prompt.contains("prompt.sock"), prompt);
        assertTrue(prompt.contains("recall --prompt"), prompt);
        String file = hooks.get("PreToolUse").toString();
        assertTrue(file.contains("graphiti-prompt-hook") && file.contains("http://graphiti/$h")
                && file.contains("graphiti.jar recall --file]") && file.contains("value=Read|Edit|Write|MultiEdit]"), file);
        String start = hooks.get("SessionStart").toString();
        assertTrue(start.contains("graphiti-prompt-hook") && start.contains("context --session-start"), start);
    }

    @Test
    void theClientAsksTheSocketPathOfItsHook() throws Exception {
        // no socket: each cold command gets the input; the path chosen is visible only on a socket (PromptHookIT)
        for (String cold : List.of("echo recall --file", "echo context --session-start", "echo recall --prompt")) {
            Process sh = new ProcessBuilder("sh", "-c", PromptHookScript.around(cold)).redirectErrorStream(true)
                    .directory(Files.createTempDirectory("no-project").toFile()).start();
            sh.getOutputStream().close();
            assertEquals(cold.substring(5) + "\n", new String(sh.getInputStream().readAllBytes()));
        }
    }
}
