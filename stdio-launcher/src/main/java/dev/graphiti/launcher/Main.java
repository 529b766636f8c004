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
        Optional<ProcessSettings> parsed = parse(settings, streams);
        parsed.map(process -> ProcessLogging.configure(process, streams.stderr()))
                .ifPresent(complaint -> streams.stderr().println("graphiti: " + complaint));
        System.exit(parsed.isEmpty() ? 2
                : run(args, streams, new ServerLauncher(streams, settings, parsed.get()), settings, parsed.get()));
    }

    /** Runs the CLI with the given streams and server launcher, with this process's settings; the entry of test mains. */
    public static int run(String[] args, ProcessStreams streams, McpServerLauncher launcher) {
        Settings settings = Settings.ofProcess();
        Optional<ProcessSettings> parsed = parse(settings, streams);
        return parsed.isEmpty() ? 2 : run(args, streams, launcher, settings, parsed.get());
    }

    /** What the CLI and the servers use of the settings, parsed once; empty, said on stderr, when one cannot be used. */
    private static Optional<ProcessSettings> parse(Settings settings, ProcessStreams streams) {
        try {
            return Optional.of(ProcessSettings.from(settings)); // -Dgraphiti.home works like GRAPHITI_HOME
        } catch (IllegalArgumentException e) {
            streams.stderr().println("graphiti: " + e.getMessage()); // a setting the user must fix
            return Optional.empty();
        }
    }

    private static int run(String[] args, ProcessStreams streams, McpServerLauncher launcher, Settings settings,
                           ProcessSettings parsed) {
        var out = new PrintWriter(new OutputStreamWriter(streams.stdout(), StandardCharsets.UTF_8), true);
        var err = new PrintWriter(new OutputStreamWriter(streams.stderr(), StandardCharsets.UTF_8), true);
        var environment = new CliEnvironment(settings.environment(), parsed, Terminal.attached(), Optional.of(launcher));
        return new Cli(environment).run(List.of(args), Path.of("").toAbsolutePath(), streams.stdin(), out, err);
    }
}
