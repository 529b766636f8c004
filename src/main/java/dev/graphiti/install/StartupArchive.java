package dev.graphiti.install;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * What the JVM maps at start instead of loading, verifying and linking the classes graphiti needs to start its MCP
 * server and answer a first tool call, which halves the work before a session's first answer: on Java 25 and later
 * an ahead-of-time cache (JEP 483 and 514: classes loaded and linked, profiles), before that a class-data sharing
 * archive (JDK AppCDS). It is made at install by a training run of the server in a scratch home; a JVM that cannot
 * use it (another java, a rebuilt jar) ignores it with a warning, which {@link #QUIET_STDOUT} sends to stderr
 * because stdout belongs to the protocol.
 */
public final class StartupArchive {

    /** JVM log output (CDS warnings included) to stderr only: the JVM's default is stdout. */
    static final List<String> QUIET_STDOUT = List.of("-Xlog:disable", "-Xlog:all=warning:stderr");

    private static final String TRAINING_INPUT = String.join("\n",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"graphiti-install\",\"version\":\"1\"}}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"graphiti_search\","
                    + "\"arguments\":{\"query\":\"startup\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/read\",\"params\":{\"uri\":\"graphiti://context\"}}",
            "");
    private static final int ANSWERS = 4;

    /** The two forms, by the Java release that maps them. */
    public enum Form {
        /** Java 17-24: a dynamic AppCDS archive, written at the training run's exit. */
        CLASS_DATA("jsa", "-XX:ArchiveClassesAtExit=", "-XX:SharedArchiveFile="),
        /** Java 25 and later: an AOT cache, made in one step at the training run's exit (JEP 514). */
        AOT_CACHE("aot", "-XX:AOTCacheOutput=", "-XX:AOTCache=");

        private final String extension;
        private final String write;
        private final String use;

        Form(String extension, String write, String use) {
            this.extension = extension;
            this.write = write;
            this.use = use;
        }

        /** The form a JVM of {@code feature} release (17, 21, 25: {@code Runtime.version().feature()}) maps. */
        public static Form of(int feature) {
            return feature >= 25 ? AOT_CACHE : CLASS_DATA;
        }
    }

    private final Path file;
    private final Form form;
    private final Duration timeout;

    /** A {@code form} archive at {@code file}, its training run given {@code timeout} (twice: to answer, to exit). */
    public StartupArchive(Path file, Form form, Duration timeout) {
        this.file = file;
        this.form = form;
        this.timeout = timeout;
    }

    /** Where graphiti keeps the {@code form} archive for {@code version} under its home. */
    public static Path location(Path graphitiHome, String version, Form form) {
        return graphitiHome.resolve("cache").resolve("graphiti-" + version + "." + form.extension);
    }

    /**
     * Trains a fresh archive for {@code jar} (a {@link LaunchCommand#viaJar()} command, which
     * {@link LaunchCommand#withJvmOptions} insists on) and returns the
     * command that uses it. Throws when the training run fails; the caller keeps the plain command then.
     */
    public LaunchCommand apply(LaunchCommand jar) throws InstallException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Path scratch = null;
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(partial);
            scratch = Files.createTempDirectory("graphiti-training");
            train(jar, partial, scratch);
            if (!Files.isRegularFile(partial)) {
                throw new InstallException("the training run wrote no archive");
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new InstallException("cannot write the startup archive " + file + ": " + e.getMessage(), e);
        } finally {
            deleteQuietly(partial);
            deleteTree(scratch);
        }
        List<String> options = new ArrayList<>(List.of(form.use + file));
        options.addAll(QUIET_STDOUT);
        return jar.withJvmOptions(options);
    }

    /** The training run is the server as registered ({@link LaunchCommand#server()}), so it loads what a session does. */
    private void train(LaunchCommand jar, Path archive, Path scratch) throws IOException, InstallException {
        List<String> options = new ArrayList<>(List.of(form.write + archive));
        options.addAll(QUIET_STDOUT);
        var builder = new ProcessBuilder(jar.server().withJvmOptions(options).with("mcp", "serve"))
                .directory(scratch.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("GRAPHITI_HOME", scratch.toString());
        builder.environment().remove("GRAPHITI_PROJECT_ROOT");
        Process server = builder.start();
        try {
            // Every answer arrives before stdin closes, so the tool call's classes are loaded when the JVM exits;
            // stdout is read to its end, as a server that cannot write its output fails.
            var answered = new CompletableFuture<Void>();
            CompletableFuture<Void> drained = CompletableFuture.runAsync(() -> readAnswers(server, answered));
            try (OutputStream in = server.getOutputStream()) {
                in.write(TRAINING_INPUT.getBytes(StandardCharsets.UTF_8));
                in.flush();
                answered.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
            drained.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!server.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new InstallException("the training run of the server did not exit within " + timeout.toSeconds() + " s");
            }
            if (server.exitValue() != 0) {
                throw new InstallException("the training run of the server exited with " + server.exitValue());
            }
        } catch (TimeoutException e) {
            throw new InstallException("the training run of the server did not answer within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new InstallException("cannot read the training run's answers: " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InstallException("interrupted while training the startup archive");
        } finally {
            server.destroyForcibly();
        }
    }

    private static void readAnswers(Process server, CompletableFuture<Void> answered) {
        int answers = 0;
        try (var out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("{\"jsonrpc\":\"2.0\",\"id\":") && ++answers == ANSWERS) {
                    answered.complete(null);
                }
            }
        } catch (IOException e) {
            answered.completeExceptionally(e);
        }
        answered.completeExceptionally(new IOException("the server ended after " + answers + " of " + ANSWERS + " answers"));
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // A leftover partial archive is overwritten by the next install.
        }
    }

    private static void deleteTree(Path root) {
        if (root == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(StartupArchive::deleteQuietly);
        } catch (IOException e) {
            // A scratch directory left in the temp folder holds no user data.
        }
    }
}
