package dev.graphiti.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The packaged jar as the explorer's integration tests run it: on the global graph of a home in the test's directory,
 * words only (no embedding model), with any more settings given; the servers it starts go into the test's list of
 * processes to stop ({@link Chromium#stop}).
 */
final class PackagedGraphiti {

    private final Path dir;
    private final List<Process> started;
    private final Map<String, String> settings = new HashMap<>();
    /** What the last server started said up to its URL. */
    private String said = "";

    PackagedGraphiti(Path dir, List<Process> started) {
        this.dir = dir;
        this.started = started;
    }

    /** Sets an environment variable for every command from now on (GRAPHITI_STORE_URL, GRAPHITI_HTTP_TOKEN, ...). */
    PackagedGraphiti with(String variable, String value) {
        settings.put(variable, value);
        return this;
    }

    /** `graphiti -g ARGS` from the packaged jar, in the test's directory. */
    ProcessBuilder command(String... args) {
        List<String> command = new ArrayList<>(List.of("-g"));
        command.addAll(List.of(args));
        return graphiti(dir, command);
    }

    /** `graphiti ARGS` from the packaged jar in {@code repository}: on that git work tree's project graph. */
    ProcessBuilder inProject(Path repository, String... args) {
        return graphiti(repository, List.of(args));
    }

    private ProcessBuilder graphiti(Path directory, List<String> args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", Path.of(System.getProperty("graphiti.jar")).toAbsolutePath().toString()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().put("GRAPHITI_HOME", dir.resolve("home").toString());
        builder.environment().put("HOME", dir.toString());
        builder.environment().put("GRAPHITI_SEMANTIC", "off");
        builder.environment().putAll(settings);
        return builder;
    }

    /** Runs `graphiti -g ARGS` to its end, expecting success; returns what it printed (stdout and stderr). */
    String run(String... args) throws Exception {
        Process process = command(args).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), output);
        return output;
    }

    /** Imports {@code items} (lines of graphiti's JSONL export, after its header) into the global graph. */
    void importItems(String... items) throws Exception {
        Path file = dir.resolve("items.jsonl");
        Files.writeString(file, "{\"graphiti\":\"items\",\"version\":1}\n" + String.join("\n", items) + "\n");
        run("import", file.toString());
    }

    /** Starts {@code server} and returns the URL it prints (the first group of {@code url}). */
    String start(ProcessBuilder server, Pattern url) throws Exception {
        Process process = server.redirectErrorStream(true).start();
        started.add(process);
        // A server that never prints its URL (a changed first screen) would leave the read below waiting forever.
        Thread deadline = new Thread(() -> {
            try {
                Thread.sleep(120_000);
                process.destroy();
            } catch (InterruptedException found) {
                // the URL came in time
            }
        }, "server-start-deadline");
        deadline.setDaemon(true);
        deadline.start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder output = new StringBuilder();
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            output.append(line).append('\n');
            Matcher found = url.matcher(line);
            if (found.find()) {
                deadline.interrupt();
                said = output.toString();
                Thread drain = new Thread(() -> lines.lines().forEach(ignored -> { }), "server-output");
                drain.setDaemon(true);
                drain.start();
                return found.group(1);
            }
        }
        throw new AssertionError("the server did not print a line matching " + url + " within 120 s:\n" + output);
    }

    /** What the last server started said up to its URL. */
    String said() {
        return said;
    }
}
