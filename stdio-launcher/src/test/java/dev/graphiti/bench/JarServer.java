package dev.graphiti.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One server process of the packaged jar as an operator starts it: {@code graphiti mcp serve --transport http} on a
 * free loopback port, with the given system properties and environment (GRAPHITI_STORE_URL), output in a log file.
 * {@link #kill()} is kill -9: no shutdown hook runs, open connections and transactions are cut where they are.
 */
public final class JarServer implements AutoCloseable {

    private static final Pattern READY = Pattern.compile("MCP server \\(streamable HTTP\\) at http://[^:]+:(\\d+)/mcp");

    private final Process process;
    private final Path log;
    private final URI endpoint;

    private JarServer(Process process, Path log, URI endpoint) {
        this.process = process;
        this.log = log;
        this.endpoint = endpoint;
    }

    public static JarServer start(Path jar, Path directory, Path log, Map<String, String> properties,
                                  Map<String, String> environment) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m"));
        properties.forEach((name, value) -> command.add("-D" + name + "=" + value));
        command.addAll(List.of("-jar", jar.toAbsolutePath().toString(), "mcp", "serve", "--transport", "http", "--port", "0"));
        var builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().remove("GRAPHITI_HOME");
        builder.environment().put("HOME", directory.toString());
        builder.environment().putAll(environment);
        Process process = builder.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            Matcher ready = READY.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (ready.find()) {
                return new JarServer(process, log, URI.create("http://127.0.0.1:" + ready.group(1) + "/mcp"));
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited:\n" + Files.readString(log, StandardCharsets.UTF_8));
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        process.destroyForcibly();
        throw new IllegalStateException("the server did not start in time:\n" + Files.readString(log, StandardCharsets.UTF_8));
    }

    public URI endpoint() {
        return endpoint;
    }

    public Path log() {
        return log;
    }

    /** The process's CPU time so far (user and system). */
    public Duration cpu() {
        return process.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL, as the kernel's OOM killer or a pulled plug would end it. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
