package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An agent's CLI (or a hook it runs) started as a user in a scratch HOME would: none of this machine's agent homes,
 * XDG folders, project variables or model keys leak in; stdin from a file, stdout and stderr kept.
 */
record AgentProcess(int code, String out, String err) {

    static AgentProcess run(List<String> command, Path directory, Path home, Map<String, String> variables,
                            String stdin) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        Map<String, String> env = builder.environment();
        env.put("HOME", home.toString());
        for (String leaking : List.of("GRAPHITI_HOME", "CODEX_HOME", "GEMINI_CLI_HOME", "QWEN_HOME", "COPILOT_HOME",
                "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "CLAUDE_PROJECT_DIR",
                "OPENAI_API_KEY", "OPENAI_BASE_URL", "GEMINI_API_KEY", "GOOGLE_API_KEY")) {
            env.remove(leaking);
        }
        // A shell keeps PWD at the directory it starts a command in; ProcessBuilder passes on the test JVM's (the Maven
        // module's), and the agents ran their hooks there: Qwen Code's prompt hook found the Maven work tree instead of
        // the project (sh -x: r=/work/wt/.../stdio-launcher), asked no server and recalled from the wrong graph.
        env.put("PWD", directory.toString());
        env.put("COPILOT_AUTO_UPDATE", "false");
        env.put("NO_COLOR", "1");
        env.putAll(variables);
        Path in = Files.createTempFile(home, "in", ".json");
        Files.writeString(in, stdin);
        Path out = Files.createTempFile(home, "out", ".txt");
        Path err = Files.createTempFile(home, "err", ".txt");
        builder.redirectInput(in.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        Process process = builder.start();
        assertTrue(process.waitFor(240, TimeUnit.SECONDS), "process ended: " + command);
        AgentProcess ran = new AgentProcess(process.exitValue(), Files.readString(out), Files.readString(err));
        Files.delete(in);
        Files.delete(out);
        Files.delete(err);
        return ran;
    }

    /** The executable the pinned npm package installs, from {@code variable}; the test is skipped without it. */
    static String executable(String variable) {
        String path = System.getenv(variable);
        assumeTrue(path != null && !path.isBlank(), "skipped: " + variable + " is not set; run scripts/test --all,"
                + " which installs the pinned agent CLIs with npm under .cache/");
        return path;
    }
}
