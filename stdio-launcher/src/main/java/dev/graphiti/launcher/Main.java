package dev.graphiti.launcher;

import dev.graphiti.cli.Cli;
import dev.graphiti.cli.CliEnvironment;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
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
        // Take the real stdout before anything else can write to it; from here on System.out is stderr,
        // so no library can corrupt the stdio protocol stream.
        var stdout = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));

        var out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        var err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        var environment = new CliEnvironment(System.getenv(), System.console() != null,
                Optional.of(request -> {
                    err.println("graphiti: the MCP server is not wired in yet");
                    return 1;
                }));
        int code = new Cli(environment).run(List.of(args), Path.of("").toAbsolutePath(), System.in, out, err);
        System.exit(code);
    }
}
