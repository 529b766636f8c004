package dev.graphiti.launcher;

import dev.graphiti.cli.Cli;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.cli.McpServerLauncher;
import dev.graphiti.config.ProcessSettings;
import dev.graphiti.config.Settings;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The graphiti process: owns the real standard streams, runs the CLI, exits with its code. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        ProcessStreams streams = ProcessStreams.capture();
        // The process's settings, read once: logging, the servers and the CLI all get these.
        Settings settings = Settings.ofProcess();
        String complaint = ProcessLogging.configure(settings, streams.stderr());
        if (complaint != null) {
            streams.stderr().println("graphiti: " + complaint);
        }
        System.exit(run(args, streams, new ServerLauncher(streams, settings), settings));
    }

    /** Runs the CLI with the given streams and server launcher, with this process's settings; the entry of test mains. */
    public static int run(String[] args, ProcessStreams streams, McpServerLauncher launcher) {
        return run(args, streams, launcher, Settings.ofProcess());
    }

    private static int run(String[] args, ProcessStreams streams, McpServerLauncher launcher, Settings settings) {
        var out = new PrintWriter(new OutputStreamWriter(streams.stdout(), StandardCharsets.UTF_8), true);
        var err = new PrintWriter(new OutputStreamWriter(streams.stderr(), StandardCharsets.UTF_8), true);
        ProcessSettings parsed;
        try {
            parsed = ProcessSettings.from(settings); // -Dgraphiti.home works like GRAPHITI_HOME (see Settings)
        } catch (IllegalArgumentException e) {
            err.println("graphiti: " + e.getMessage()); // a setting the user must fix
            return 2;
        }
        var environment = new CliEnvironment(settings.environment(), parsed, Terminal.attached(), Optional.of(launcher));
        return new Cli(environment).run(List.of(args), Path.of("").toAbsolutePath(), streams.stdin(), out, err);
    }
}
