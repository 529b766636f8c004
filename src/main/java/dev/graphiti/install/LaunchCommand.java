package dev.graphiti.install;

import dev.graphiti.config.JavaRuntime;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Pattern;

/**
 * The absolute command line that starts graphiti from any directory, without PATH: by default this
 * JVM's java executable with {@code -jar} and the running graphiti.jar. {@code viaJar} says whether it
 * is that java command line (then a `graphiti` wrapper script is worth installing) or a given command.
 */
public record LaunchCommand(List<String> argv, boolean viaJar) {

    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    public LaunchCommand {
        argv = List.copyOf(argv);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("argv must not be empty");
        }
    }

    /** A command given by the user (e.g. a wrapper script) that takes graphiti's arguments. */
    public static LaunchCommand of(String command) {
        return new LaunchCommand(List.of(command), false);
    }

    /** This process's java and the jar it runs from; fails when graphiti does not run from its jar. */
    public static LaunchCommand ofRunningJar() throws InstallException {
        Path java = JavaRuntime.current().java();
        CodeSource source = LaunchCommand.class.getProtectionDomain().getCodeSource();
        Path location;
        try {
            location = Path.of(source.getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException | RuntimeException e) {
            throw new InstallException("cannot tell where graphiti runs from; pass --command PATH", e);
        }
        if (!Files.isRegularFile(location) || !hasMainClass(location)) {
            throw new InstallException("graphiti is not running from its executable jar (classes at " + location
                    + "); run `java -jar graphiti.jar mcp install`, or pass --command PATH naming a graphiti command");
        }
        return new LaunchCommand(List.of(java.toString(), "-jar", location.toString()), true);
    }

    private static boolean hasMainClass(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getManifest() != null && file.getManifest().getMainAttributes().getValue("Main-Class") != null;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The command line of the stdio MCP server (`mcp serve`) that install registers with each agent: the java command
     * line with {@link #SERVER_JVM_OPTIONS}; a given command as it is.
     */
    public LaunchCommand server() {
        return viaJar ? withJvmOptions(SERVER_JVM_OPTIONS) : this;
    }

    /**
     * An agent session starts its own server and keeps it for hours, so what one holds is paid once per open session.
     * The JVM's defaults size the heap for a quarter of the machine's memory and G1 grows into it with short-lived
     * garbage (755 MiB resident after 200 adds and 200 searches, scripts/bench-memory). The serial collector with a
     * small initial heap grows only as far as what the server keeps alive needs and gives memory back after a full
     * collection; the ceiling is a guard against a runaway, far above that (a 200,000-entity import fits).
     */
    public static final List<String> SERVER_JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-Xms16m", "-Xmx512m",
            "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30");

    /** The java command line with JVM options before {@code -jar}; only for {@link #viaJar()} commands. */
    public LaunchCommand withJvmOptions(List<String> options) {
        if (!viaJar) {
            throw new IllegalStateException("JVM options need the java -jar command line");
        }
        List<String> all = new ArrayList<>(argv);
        all.addAll(1, options);
        return new LaunchCommand(all, true);
    }

    /** The command line with graphiti arguments appended. */
    public List<String> with(String... args) {
        List<String> all = new ArrayList<>(argv);
        all.addAll(List.of(args));
        return all;
    }

    /** The command line with arguments appended, quoted for a POSIX shell (Claude Code runs hooks through one). */
    public String shell(String... args) {
        return String.join(" ", with(args).stream().map(LaunchCommand::quote).toList());
    }

    static String quote(String word) {
        return SHELL_SAFE.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
