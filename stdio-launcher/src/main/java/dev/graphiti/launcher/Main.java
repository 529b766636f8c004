package dev.graphiti.launcher;

import dev.graphiti.cli.Cli;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.http.ServerSettings;
import dev.graphiti.store.NativeLibrary;
import dev.graphiti.cli.McpServerLauncher;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The graphiti process: owns the real standard streams, runs the CLI, exits with its code. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        ProcessStreams streams = ProcessStreams.capture();
        System.exit(run(args, streams, new ServerLauncher(streams, GraphitiServer::create)));
    }

    /** Runs the CLI with the given streams and server launcher; also the entry of test mains. */
    public static int run(String[] args, ProcessStreams streams, McpServerLauncher launcher) {
        var out = new PrintWriter(new OutputStreamWriter(streams.stdout(), StandardCharsets.UTF_8), true);
        var err = new PrintWriter(new OutputStreamWriter(streams.stderr(), StandardCharsets.UTF_8), true);
        // -Dgraphiti.home works like GRAPHITI_HOME (see ServerSettings).
        var variables = ServerSettings.ofProcess().cliEnvironment();
        useKeptSqliteLibrary(variables);
        var environment = new CliEnvironment(variables, Terminal.attached(), Optional.of(launcher));
        return new Cli(environment).run(List.of(args), Path.of("").toAbsolutePath(), streams.stdin(), out, err);
    }

    /**
     * Points sqlite-jdbc at the library copy kept in the graphiti home's cache (the same home the CLI
     * uses: GRAPHITI_HOME, else ~/.graphiti), unless the user chose a library themselves.
     */
    private static void useKeptSqliteLibrary(Map<String, String> variables) {
        if (System.getProperty(NativeLibrary.PATH_PROPERTY) != null) {
            return;
        }
        String configured = variables.get("GRAPHITI_HOME");
        Path home = configured != null && !configured.isBlank() ? Path.of(configured).toAbsolutePath()
                : Path.of(variables.getOrDefault("HOME", System.getProperty("user.home")), ".graphiti");
        NativeLibrary.keptIn(home.resolve("cache")).ifPresent(library -> {
            System.setProperty(NativeLibrary.PATH_PROPERTY, library.getParent().toString());
            System.setProperty(NativeLibrary.NAME_PROPERTY, library.getFileName().toString());
        });
    }
}
