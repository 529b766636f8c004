package dev.graphiti.webapp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real Payara Micro (Jakarta EE 10) process serving the WAR unchanged: bound to 127.0.0.1 on a free
 * port, no clustering, its own root and temp directories, output in a log file under target/. Closing
 * it kills the process (the test's finally path, so a failed test leaves no server behind).
 */
final class PayaraMicro implements AutoCloseable {

    static final String CONTEXT = "/graphiti";

    private final Process process;
    private final int port;
    private final Path log;

    private PayaraMicro(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Starts the server with {@code properties} as JVM system properties and waits until the endpoint answers.
     *
     * @param work a directory of the test's own (root dir, temp dir, boot command file, log)
     */
    static PayaraMicro start(Path jar, Path war, Path work, Map<String, String> properties, Duration timeout)
            throws IOException, InterruptedException {
        return start(jar, war, work, freePort(), properties, timeout);
    }

    /** As above on {@code port} (chosen beforehand when a setting must name it, as OAuth's canonical URI does). */
    static PayaraMicro start(Path jar, Path war, Path work, int port, Map<String, String> properties, Duration timeout)
            throws IOException, InterruptedException {
        return start(jar, war, work, port, properties, new Resources(List.of(), List.of()), timeout);
    }

    /**
     * What the operator gives the server besides the WAR: asadmin commands run after boot and before the deployment
     * (a JDBC pool and its resource), and jars for the server's own classpath (the pool's JDBC driver).
     */
    record Resources(List<String> postBootCommands, List<Path> libraries) {
    }

    static PayaraMicro start(Path jar, Path war, Path work, int port, Map<String, String> properties, Resources resources,
                             Duration timeout) throws IOException, InterruptedException {
        Path root = Files.createDirectories(work.resolve("root"));
        Path tmp = Files.createDirectories(work.resolve("tmp"));
        // Payara Micro listens on every interface unless told otherwise; a test server stays on loopback.
        Path preboot = Files.writeString(work.resolve("preboot.asadmin"),
                "set configs.config.server-config.network-config.network-listeners.network-listener"
                        + ".http-listener.address=127.0.0.1\n");
        Path log = work.resolve("payara-micro.log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:TieredStopAtLevel=1", "-Djava.io.tmpdir=" + tmp));
        properties.forEach((name, value) -> command.add("-D" + name + "=" + value));
        command.addAll(List.of("-jar", jar.toString(), "--deploy", war.toString(), "--port", String.valueOf(port),
                "--nocluster", "--rootdir", root.toString(), "--prebootcommandfile", preboot.toString()));
        if (!resources.postBootCommands().isEmpty()) {
            Path postboot = Files.writeString(work.resolve("postboot.asadmin"), String.join("\n", resources.postBootCommands()) + "\n");
            command.addAll(List.of("--postbootcommandfile", postboot.toString()));
        }
        for (Path library : resources.libraries()) {
            command.addAll(List.of("--addlibs", library.toString()));
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        var server = new PayaraMicro(process, port, log);
        try {
            server.awaitEndpoint(timeout);
            return server;
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** The MCP endpoint's URL. */
    URI endpoint() {
        return URI.create(base() + CONTEXT + "/mcp");
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    Path log() {
        return log;
    }

    /** Polls with GET until the servlet answers in JSON (any status): the deployment finished. */
    private void awaitEndpoint(Duration timeout) throws IOException, InterruptedException {
        var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Payara Micro exited with " + process.exitValue() + "; see " + log);
            }
            try {
                var response = http.send(HttpRequest.newBuilder(endpoint()).timeout(Duration.ofSeconds(5)).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                String type = response.headers().firstValue("Content-Type").orElse("");
                if (type.startsWith("application/json")) {
                    return;
                }
                last = "HTTP " + response.statusCode() + " " + type;
            } catch (IOException e) {
                last = e.toString(); // not listening yet
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
        throw new IllegalStateException("Payara Micro did not deploy the WAR within " + timeout + " (last poll: "
                + last + "); see " + log);
    }

    static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }
}
