package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A user whose HOME is a temporary directory, running the packaged graphiti (and what it installs) as
 * Claude Code would: no CLAUDE_CONFIG_DIR or GRAPHITI_HOME leaking in from the machine running the tests.
 */
record ClaudeUser(Path home) {

    record Ran(int code, String out, String err) {
    }

    /** Runs {@code command} in {@code directory} with {@code stdin}; fails the test if it runs over a minute. */
    Ran run(List<String> command, Path directory, String stdin) throws Exception {
        return run(command, directory, stdin, Map.of());
    }

    /** As {@link #run(List, Path, String)}, with {@code variables} added to the environment. */
    Ran run(List<String> command, Path directory, String stdin, Map<String, String> variables) throws Exception {
        Process process = start(command, directory, variables);
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        // both streams drained at once: a child filling one pipe while we block on the other would never end
        CompletableFuture<byte[]> out = drain(process.getInputStream());
        CompletableFuture<byte[]> err = drain(process.getErrorStream());
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("still running after a minute: " + command);
        }
        return new Ran(process.exitValue(), new String(out.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8),
                new String(err.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8));
    }

    /** Reads {@code stream} to its end on a thread of its own (not a shared pool, whose threads it would hold). */
    private static CompletableFuture<byte[]> drain(InputStream stream) {
        CompletableFuture<byte[]> read = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (stream) {
                read.complete(stream.readAllBytes());
            } catch (IOException e) {
                read.completeExceptionally(e);
            }
        }, "drain");
        reader.setDaemon(true);
        reader.start();
        return read;
    }

    /** Starts {@code command} in {@code directory} as this user, its stdin left open for the caller. */
    Process start(List<String> command, Path directory, Map<String, String> variables) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().put("HOME", home.toString());
        builder.environment().remove("CLAUDE_CONFIG_DIR");
        builder.environment().remove("GRAPHITI_HOME");
        builder.environment().remove("CLAUDE_PROJECT_DIR");
        builder.environment().putAll(variables);
        return builder.start();
    }

    /** The packaged graphiti jar's command line with {@code args}. */
    static List<String> graphiti(String... args) {
        List<String> command = new ArrayList<>(List.of(java(), "-jar", jar().toString()));
        command.addAll(List.of(args));
        return command;
    }

    static Path jar() {
        return Path.of(System.getProperty("graphiti.jar")).toAbsolutePath();
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
