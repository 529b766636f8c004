package dev.graphiti.embed;

import dev.graphiti.config.JavaRuntime;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a server starts the shared model's host: this Java, this class path, a small serial heap (the model's weights
 * live in native memory), detached from the server's streams (stdout carries the server's protocol) with its
 * stderr appended to a log beside the socket.
 *
 * @param command the host's command line
 */
public record HostStart(List<String> command) {

    /** The host of {@code address}'s build, run from {@code classPath}, ending after {@code idle} unasked. */
    public static HostStart of(ModelAddress address, String build, String classPath, Duration idle) {
        String java = ProcessHandle.current().info().command()
                .orElse(JavaRuntime.current().java().toString());
        List<String> command = new ArrayList<>();
        // setsid: a client that ends its server's whole process group does not end the host the others use.
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            command.add("/usr/bin/setsid");
        }
        command.addAll(List.of(java, "-XX:+UseSerialGC", "-Xms8m", "-Xmx64m", "-XX:MinHeapFreeRatio=10",
                "-XX:MaxHeapFreeRatio=30", "-cp", classPath, ModelHost.class.getName(),
                address.run().getParent().toString(), build, Long.toString(idle.toSeconds())));
        return new HostStart(List.copyOf(command));
    }

    /**
     * The class path a host can run from: this process's, when it holds this code (`java -jar graphiti.jar`);
     * empty inside an application server, whose class path is its own.
     */
    public static Optional<String> classPath() {
        try {
            Path code = Path.of(HostStart.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            String classPath = JavaRuntime.current().classPath();
            for (String entry : classPath.split(File.pathSeparator)) {
                if (!entry.isEmpty() && Path.of(entry).toAbsolutePath().normalize().equals(code.toAbsolutePath().normalize())) {
                    return Optional.of(classPath);
                }
            }
            return Optional.empty();
        } catch (RuntimeException | java.net.URISyntaxException e) {
            return Optional.empty();
        }
    }

    /** Starts the host; false when it could not be run. */
    boolean start(Path log) {
        try {
            Files.createDirectories(log.getParent());
            new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
