package dev.graphiti.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** A process entry point for tests that need a separate JVM: runs the CLI once on the real streams. */
public final class CliProcessMain {

    private CliProcessMain() {
    }

    public static void main(String[] args) {
        var out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        var err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int code = new Cli(CliEnvironment.embedded(System.getenv()))
                .run(List.of(args), Path.of("").toAbsolutePath(), System.in, out, err);
        System.exit(code);
    }
}
