package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every command and subcommand answers --help: usage on stdout, exit 0 (found by walking the help itself); no
 * internal option shows, and what install adds is named in full.
 */
class HelpTest extends InRepositoryTest {

    @Test
    void everyCommandAnswersHelp() {
        Deque<List<String>> paths = new ArrayDeque<>(List.of(List.of()));
        List<String> seen = new ArrayList<>();
        Map<String, String> texts = new HashMap<>();
        while (!paths.isEmpty()) {
            List<String> path = paths.pop();
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            CliHarness.Result help = cli.run(repo, args.toArray(String[]::new));
            assertEquals(0, help.code(), () -> String.join(" ", args) + ": " + help);
            assertTrue(help.out().startsWith("Usage: graphiti" + (path.isEmpty() ? "" : " " + String.join(" ", path))),
                    help::toString);
            seen.add(String.join(" ", path));
            texts.put(String.join(" ", path), help.out());
            for (String command : commands(help.out())) {
                List<String> child = new ArrayList<>(path);
                child.add(command);
                paths.add(child);
            }
        }
        assertTrue(seen.containsAll(List.of("mcp", "mcp serve", "mcp install", "mcp uninstall", "config set")), seen::toString);
        // --json-progress is how the MCP server reads a command's counts, not an option for a person.
        texts.forEach((command, text) -> assertFalse(text.contains("--json-progress"), command + ":\n" + text));
        // What install adds, every hook named, where `mcp --help` and `mcp install --help` say it.
        for (String command : List.of("mcp", "mcp install")) {
            String text = texts.get(command).replaceAll("\\s+", " ");
            for (String hook : List.of("SessionStart: graphiti context", "UserPromptSubmit: graphiti recall",
                    "Stop and PreCompact: graphiti capture")) {
                assertTrue(text.contains(hook), command + " --help names " + hook + ":\n" + texts.get(command));
            }
        }
    }

    /** The names under "Commands:" in a usage text. */
    private static List<String> commands(String usage) {
        int start = usage.indexOf("\nCommands:\n");
        if (start < 0) {
            return List.of();
        }
        return usage.substring(start + "\nCommands:\n".length()).lines()
                .filter(line -> line.startsWith("  ") && !line.startsWith("   "))
                .map(line -> line.strip().split("\\s+")[0]).toList();
    }
}
