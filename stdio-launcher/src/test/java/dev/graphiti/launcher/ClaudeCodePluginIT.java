package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Claude Code CLI (the pinned @anthropic-ai/claude-code that scripts/test installs under .cache/, no
 * login needed) validates this repository's marketplace and plugin, adds the marketplace from the repository
 * path, installs graphiti@graphiti-mcp in a scratch HOME, and `claude mcp list` connects to the plugin's
 * server, which finds the packaged jar where the plugin's launcher looks: ~/.graphiti/graphiti.jar. Then
 * `graphiti mcp install` refuses to register graphiti a second time. Installed before the plugin, or forced after
 * it, `claude mcp list` names one graphiti server, connected, one skill is offered and one set of hooks works, with
 * no further step; and when either goes, the other works alone. Skipped when GRAPHITI_CLAUDE_CODE is unset (scripts/test sets it; it skips only without npm).
 */
@Tag("agent-cli")
class ClaudeCodePluginIT {

    static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    static final String PLUGIN = "graphiti@graphiti-mcp";

    @TempDir
    Path home;

    @TempDir
    Path project;

    String claude;

    record Ran(int code, String out, String err) {
    }

    @BeforeEach
    void claudeCode() throws Exception {
        claude = System.getenv("GRAPHITI_CLAUDE_CODE");
        assumeTrue(claude != null && !claude.isBlank(), "ClaudeCodePluginIT skipped: GRAPHITI_CLAUDE_CODE is not set;"
                + " run scripts/test, which installs the pinned Claude Code CLI with npm under .cache/");
        Files.createDirectories(home.resolve(".graphiti"));
        Files.copy(ClaudeUser.jar(), home.resolve(".graphiti/graphiti.jar"));
        assertEquals(0, run(List.of("git", "init", "-q", "."), Map.of()).code());
    }

    private Ran run(List<String> command, Map<String, String> variables) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile());
        Map<String, String> env = builder.environment();
        env.put("HOME", home.toString());
        for (String leaking : List.of("CLAUDE_CONFIG_DIR", "GRAPHITI_HOME", "GRAPHITI_JAR", "CLAUDE_PROJECT_DIR",
                "ANTHROPIC_API_KEY", "CLAUDE_CODE_OAUTH_TOKEN")) {
            env.remove(leaking);
        }
        env.put("DISABLE_AUTOUPDATER", "1");
        env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
        // The plugin's launcher finds java on PATH, as it would on a user's machine: this JVM's java first.
        env.put("PATH", Path.of(ClaudeUser.java()).getParent() + File.pathSeparator + env.getOrDefault("PATH", ""));
        env.remove("JAVA_HOME");
        env.putAll(variables);
        Process process = builder.start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(new byte[0]);
        }
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "process ended: " + command);
        return new Ran(process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    private Ran claude(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(claude));
        command.addAll(List.of(args));
        Ran ran = run(command, Map.of());
        assertEquals(0, ran.code(), "claude " + String.join(" ", args) + ": " + ran.out() + ran.err());
        return ran;
    }

    @Test
    void claudeCodeInstallsThePluginFromTheRepositoryAndConnectsToItsServer() throws Exception {
        Ran marketplace = claude("plugin", "validate", REPOSITORY.toString());
        assertTrue(marketplace.out().contains("Validation passed"), marketplace.out());
        Ran plugin = claude("plugin", "validate", REPOSITORY.resolve("plugins/graphiti").toString());
        assertTrue(plugin.out().contains("Validation passed"), plugin.out());
        for (String provided : List.of("hooks: SessionStart", "hooks: UserPromptSubmit", "hooks: Stop", "hooks: PreCompact",
                "mcpServers: graphiti", "skills: graphiti:graphiti")) {
            assertTrue(plugin.out().contains(provided), provided + " in:\n" + plugin.out());
        }

        claude("plugin", "marketplace", "add", REPOSITORY.toString());
        claude("plugin", "install", PLUGIN);
        assertTrue(Files.readString(home.resolve(".claude/settings.json")).contains("\"" + PLUGIN + "\": true"));

        assertOneGraphitiServer("plugin:graphiti:graphiti");

        // graphiti mcp install sees the enabled plugin and registers nothing a second time.
        Ran install = run(ClaudeUser.graphiti("mcp", "install", "--no-startup-archive"), Map.of());
        assertEquals(1, install.code(), install.out() + install.err());
        assertTrue(install.err().contains("the graphiti plugin (" + PLUGIN + ", enabled in "), install.err());
        assertFalse(Files.exists(home.resolve(".claude.json"))
                && Files.readString(home.resolve(".claude.json")).contains("\"graphiti\": {"));
        assertFalse(Files.exists(home.resolve(".claude/skills/graphiti")));
    }

    @Test
    void theReadmesLinesConnectAtTheFirstTryAndLeaveTheProjectsGitStatusEmpty() throws Exception {
        // The README builds the jar and adds the marketplace from the checkout; it copies nothing into ~/.graphiti.
        Files.delete(home.resolve(".graphiti/graphiti.jar"));
        claude("plugin", "marketplace", "add", REPOSITORY.toString());
        claude("plugin", "install", PLUGIN);
        assertOneGraphitiServer("plugin:graphiti:graphiti");
        Ran status = run(List.of("git", "status", "--porcelain", "--untracked-files=all"), Map.of());
        assertEquals("", status.out(), "claude mcp list started the server in the project: " + status.out());
    }

    @Test
    void withoutAJarAnywhereTheSessionSaysWhatToDo(@TempDir Path marketplace) throws Exception {
        Files.delete(home.resolve(".graphiti/graphiti.jar"));
        // A marketplace with the plugin and no build beside it.
        assertEquals(0, run(List.of("cp", "-r", REPOSITORY.resolve(".claude-plugin").toString(),
                REPOSITORY.resolve("plugins").toString(), marketplace.toString()), Map.of()).code());
        claude("plugin", "marketplace", "add", marketplace.toString());
        claude("plugin", "install", PLUGIN);
        Ran servers = claude("mcp", "list");
        assertTrue(servers.out().lines().anyMatch(l -> l.startsWith("plugin:graphiti:graphiti: ")
                && l.contains("Failed to connect")), servers.out());
        // The SessionStart hook answers with a systemMessage, which Claude Code shows the user in the session.
        String debug = session("hello");
        List<String> shown = debug.lines().filter(l -> l.contains("Hooks: Parsed initial response: {\"systemMessage\":"))
                .toList();
        assertEquals(1, shown.size(), debug);
        assertTrue(shown.get(0).contains("graphiti plugin: no graphiti.jar") && shown.get(0).contains(
                "cp stdio-launcher/target/graphiti.jar " + home.resolve(".graphiti/graphiti.jar")), shown.get(0));
    }

    @Test
    void pluginThenAForcedInstallListOneServerAndEitherWorksAloneWhenTheOtherGoes() throws Exception {
        claude("plugin", "marketplace", "add", REPOSITORY.toString());
        claude("plugin", "install", PLUGIN);
        Ran forced = run(ClaudeUser.graphiti("mcp", "install", "--no-startup-archive", "--force"), Map.of());
        assertEquals(0, forced.code(), forced.err());
        assertTrue(forced.err().contains("Claude Code runs one graphiti server, this one"), forced.err());

        // Both register the same command line, so Claude Code lists and starts one server: the installed one.
        assertOneGraphitiServer("graphiti");
        assertOneGraphitiSkill(true);
        assertPluginHookStepsAside();
        assertEquals(0, run(ClaudeUser.graphiti("add", "--kind", "decision", DECISION), Map.of()).code());
        assertOneContextAndOneRecall();

        // Without the plugin, install's server, hooks and skill carry on alone.
        claude("plugin", "uninstall", PLUGIN);
        assertOneGraphitiServer("graphiti");
        assertOneGraphitiSkill(false);
        assertOneContextAndOneRecall();
    }

    @Test
    void installThenThePluginListOneServerWithoutAnotherStepAndEitherWorksAloneWhenTheOtherGoes() throws Exception {
        Ran install = run(ClaudeUser.graphiti("mcp", "install", "--no-startup-archive"), Map.of());
        assertEquals(0, install.code(), install.err());
        assertTrue(Files.exists(home.resolve(".claude/skills/graphiti/SKILL.md")));
        claude("plugin", "marketplace", "add", REPOSITORY.toString());
        claude("plugin", "install", PLUGIN);

        // Nothing of graphiti ran since the plugin came, and Claude Code lists one server: install's.
        assertOneGraphitiServer("graphiti");
        // One skill offered: install's copy says `fallback: true`, so it yields to the plugin's graphiti:graphiti.
        assertOneGraphitiSkill(true);
        // One set of hooks at work: the plugin's print nothing next to the installed ones.
        assertPluginHookStepsAside();
        assertEquals(0, run(ClaudeUser.graphiti("add", "--kind", "decision", DECISION), Map.of()).code());
        assertOneContextAndOneRecall();

        // Installing again (a rebuilt jar) beside the plugin updates the registration; nothing else changes.
        Ran again = run(ClaudeUser.graphiti("mcp", "install", "--no-startup-archive"), Map.of());
        assertEquals(0, again.code(), again.err());
        assertOneGraphitiServer("graphiti");

        // Uninstalled, the plugin's server, hooks and skill take over.
        Ran uninstall = run(ClaudeUser.graphiti("mcp", "uninstall"), Map.of());
        assertEquals(0, uninstall.code(), uninstall.err());
        assertFalse(Files.exists(home.resolve(".claude/skills/graphiti")));
        assertOneGraphitiServer("plugin:graphiti:graphiti");
        assertOneGraphitiSkill(true);
        assertOneContextAndOneRecall();
    }

    /** `claude mcp list` names exactly one graphiti server, {@code name}, and it connected. */
    private void assertOneGraphitiServer(String name) throws Exception {
        Ran servers = claude("mcp", "list");
        List<String> graphiti = servers.out().lines().filter(l -> l.contains("graphiti")).toList();
        assertEquals(1, graphiti.size(), "one graphiti server in:\n" + servers.out());
        assertTrue(graphiti.get(0).startsWith(name + ": ") && graphiti.get(0).endsWith("✔ Connected"), servers.out());
    }

    /** A session about the stored decision gets the context once and the decision recalled once. */
    private void assertOneContextAndOneRecall() throws Exception {
        String debug = session(ABOUT_THE_DECISION);
        assertEquals(1, hookOutputs(debug, "SessionStart", "# graphiti: what is known"), "one context: " + debug);
        assertEquals(1, hookOutputs(debug, "UserPromptSubmit", "write amplification"), "one recall: " + debug);
    }

    @Test
    void inAClaudeCodeSessionThePluginsHooksAddTheStoredDecisionToAPromptAboutItAndNothingToAnUnrelatedOne()
            throws Exception {
        claude("plugin", "marketplace", "add", REPOSITORY.toString());
        claude("plugin", "install", PLUGIN);
        assertEquals(0, run(ClaudeUser.graphiti("add", "--kind", "decision", DECISION), Map.of()).code());

        String about = session(ABOUT_THE_DECISION);
        assertEquals(1, hookOutputs(about, "SessionStart", "# graphiti: what is known"), about);
        assertEquals(1, hookOutputs(about, "UserPromptSubmit", "graphiti recalls"), about);
        assertEquals(1, hookOutputs(about, "UserPromptSubmit", "write amplification"), about);

        String unrelated = session("fix the typo in the README heading");
        assertEquals(0, hookOutputs(unrelated, "UserPromptSubmit", "graphiti recalls"), unrelated);
        assertTrue(unrelated.contains("Hooks: UserPromptSubmit [\"" + REPOSITORY.resolve("plugins/graphiti/bin/graphiti")
                + "\" recall --prompt] (plugin " + PLUGIN + ") finished with status 0"), "the hook ran: " + unrelated);
    }

    @Test
    void aRuleCapturedFromAnEarlierSessionReachesAWorkPromptThatDoesNotNameItAndNothingReachesAnUnrelatedOne()
            throws Exception {
        claude("plugin", "marketplace", "add", REPOSITORY.toString());
        claude("plugin", "install", PLUGIN);
        // An earlier session, as Claude Code wrote it, where the user settled how metrics.log is written.
        Path transcript = home.resolve("earlier-session.jsonl");
        Files.writeString(transcript, transcriptLine("user", "user", "\"The dashboard lost its place after someone"
                + " edited metrics.log with sed.\"", "2026-05-04T08:30:00Z")
                + transcriptLine("assistant", "assistant", "[{\"type\":\"text\",\"text\":\"The dashboard tails"
                + " metrics.log by byte offset, so an edit in the middle shifts every later line.\"}]", "2026-05-04T08:30:20Z")
                + transcriptLine("user", "user", "\"So the rule: we never edit metrics.log in place. It is append-only,"
                + " each new entry is one line at the end starting with the ISO date, and a correction is a new line"
                + " starting with CORRECTION, because the dashboard tails it by byte offset.\"", "2026-05-04T08:31:00Z"));
        Ran captured = run(ClaudeUser.graphiti("capture", "--transcript", transcript.toString(), "--session-id",
                "earlier-session", "--format", "json"), Map.of());
        assertEquals(0, captured.code(), captured.out() + captured.err());

        String work = session("Add the entry for 2026-08-22 to metrics.log: p95 latency 212 ms, error rate 0.4%.");
        assertEquals(1, hookOutputs(work, "UserPromptSubmit", "append-only"), work);
        assertEquals(1, hookOutputs(work, "UserPromptSubmit", "CORRECTION"), work);

        String unrelated = session("fix the typo in the README heading");
        assertEquals(0, hookOutputs(unrelated, "UserPromptSubmit", "graphiti recalls"), unrelated);
    }

    @Test
    void inAClaudeCodeSessionReadingAndEditingAFileInjectsTheDecisionAnchoredToItOnce() throws Exception {
        claude("plugin", "marketplace", "add", REPOSITORY.toString());
        claude("plugin", "install", PLUGIN);
        Path store = project.toRealPath().resolve("src/shop/SessionStore.java");
        Files.createDirectories(store.getParent());
        Files.writeString(store, "class SessionStore {}\n");
        assertEquals(0, run(ClaudeUser.graphiti("add", "--kind", "decision", "SessionStore.java keeps sessions in"
                + " Redis with a 30 minute TTL; Postgres was rejected for session storage because of write"
                + " amplification."), Map.of()).code());

        // The session's model (a scripted stand-in on loopback) reads SessionStore.java, then edits it.
        try (ScriptedModel model = new ScriptedModel(store.toString())) {
            Path log = home.resolve("claude-debug.log");
            Ran ran = run(List.of(claude, "-p", "tidy up SessionStore.java", "--permission-mode", "acceptEdits",
                    "--debug-file", log.toString()), Map.of("ANTHROPIC_BASE_URL", model.url(), "ANTHROPIC_API_KEY",
                    "sk-ant-scripted"));
            String debug = Files.readString(log);
            assertEquals(0, ran.code(), ran.out() + ran.err() + debug);
            assertEquals("class SessionStore { }\n", Files.readString(store), "the edit ran: " + debug);
            // the Read was told the decision, the Edit of the same file nothing new
            // what Claude Code logged of the PreToolUse hooks, for the record (failsafe's -output.txt)
            debug.lines().filter(l -> l.contains("PreToolUse")).forEach(System.out::println);
            String told = "graphiti recalls project memory about src/shop/SessionStore.java";
            assertEquals(1, hookOutputs(debug, "PreToolUse", told), debug);
            List<String> afterTheRead = model.requests.stream().filter(r -> r.contains("toolu_read")).toList();
            assertTrue(!afterTheRead.isEmpty() && afterTheRead.get(0).contains(told)
                    && afterTheRead.get(0).contains("because of write amplification"),
                    "the model was told the decision with the file: " + afterTheRead);
            String last = model.requests.stream().filter(r -> r.contains("toolu_edit")).reduce((a, b) -> b).orElse("");
            assertEquals(1, last.split(told, -1).length - 1, "told once: " + last);
        }
    }

    /** One line of a Claude Code transcript: a user's or the assistant's message in this project. */
    private String transcriptLine(String type, String role, String contentJson, String at) {
        String id = java.util.UUID.nameUUIDFromBytes(at.getBytes(StandardCharsets.UTF_8)).toString();
        return "{\"type\":\"" + type + "\",\"sessionId\":\"earlier-session\",\"cwd\":\"" + project
                + "\",\"uuid\":\"" + id + "\",\"timestamp\":\"" + at + "\",\"message\":{\"role\":\"" + role
                + "\",\"content\":" + contentJson + "}}\n";
    }

    static final String DECISION = "Sessions live in Redis with a 30 minute TTL; Postgres was rejected for session"
            + " storage because of write amplification.";
    static final String ABOUT_THE_DECISION = "should we move the sessions out of Redis into Postgres?";

    /**
     * A session as Claude Code runs one: `claude -p PROMPT` loads skills, runs the SessionStart and UserPromptSubmit
     * hooks, then stops at the missing login. Its debug log, which records what each hook added.
     */
    private String session(String prompt) throws Exception {
        Path log = home.resolve("claude-debug.log");
        Files.deleteIfExists(log);
        run(List.of(claude, "-p", prompt, "--debug-file", log.toString()), Map.of());
        return Files.readString(log);
    }

    /** How many hooks of {@code event} succeeded with output holding {@code text}. */
    private static long hookOutputs(String debug, String event, String text) {
        return debug.lines().filter(l -> l.contains("\"Hook " + event) && l.contains(") success:") && l.contains(text))
                .count();
    }

    /**
     * Starts a session (see {@link #session}) and reads from its debug log that one graphiti skill is offered: with
     * {@code plugin}, the plugin's loaded and no user-level one beside it (none loaded, or one that Claude Code dropped
     * as a fallback of the plugin's); without, no plugin's and install's user-level one.
     */
    private void assertOneGraphitiSkill(boolean plugin) throws Exception {
        String debug = session("hello");
        assertEquals(plugin, debug.contains("Loaded 1 skills from plugin graphiti"), debug);
        java.util.regex.Matcher user = java.util.regex.Pattern.compile("Loaded \\d+ unique skills \\(.*user: (\\d+)")
                .matcher(debug);
        assertTrue(user.find(), debug);
        boolean dropped = debug.contains("Dropping fallback skill 'graphiti'");
        String expected = plugin ? (dropped ? "1" : "0") : "1";
        assertEquals(expected, user.group(1), "one graphiti skill: " + user.group() + (dropped ? " (dropped as a fallback)" : ""));
        assertEquals(plugin && Files.exists(home.resolve(".claude/skills/graphiti/SKILL.md")), dropped, debug);
    }

    private void assertPluginHookStepsAside() throws Exception {
        Path launcher = REPOSITORY.resolve("plugins/graphiti/bin/graphiti");
        String input = "{\"session_id\":\"s1\",\"transcript_path\":\"/nonexistent.jsonl\",\"cwd\":\"" + project
                + "\",\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}";
        Ran hook = runWithInput(List.of(launcher.toString(), "context", "--session-start"), input);
        assertEquals(0, hook.code(), hook.err());
        assertEquals("", hook.out());
        assertTrue(hook.err().contains("registered graphiti already"), hook.err());
    }

    private Ran runWithInput(List<String> command, String stdin) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile());
        builder.environment().put("HOME", home.toString());
        builder.environment().remove("GRAPHITI_HOME");
        Process process = builder.start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        } catch (java.io.IOException exitedWithoutReading) {
            // A hook may finish without reading its input (this one steps aside at once), as Claude Code allows.
        }
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        return new Ran(process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }
}
