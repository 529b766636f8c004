package dev.graphiti.cli;

import dev.graphiti.toon.TokenCounter;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * The graphiti command line as a callable: arguments in, exit code out, output on the streams it is
 * given. The process entry point and the in-process tool runner both go through here, so nothing in
 * the CLI may touch System.out, System.in or System.exit.
 */
public final class Cli {

    private final CliEnvironment environment;
    private final Supplier<TokenCounter> tokens;

    public Cli(CliEnvironment environment) {
        this.environment = environment;
        this.tokens = new SharedTokenCounter();
    }

    /** A CLI that counts tokens with {@code counter} (an embedding server shares its own). */
    public Cli(CliEnvironment environment, TokenCounter counter) {
        this.environment = environment;
        this.tokens = () -> counter;
    }

    /** Runs one command; returns 0 (success), 1 (failure) or 2 (usage error). */
    public int run(List<String> args, Path workingDirectory, InputStream stdin, PrintWriter out, PrintWriter err) {
        Invocation invocation = new Invocation(environment, workingDirectory, stdin, tokens);
        CommandLine commandLine = new CommandLine(new GraphitiCommand(invocation), new CommandFactory(invocation));
        Failures failures = new Failures(environment.variables().containsKey("GRAPHITI_DEBUG"));
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setExecutionExceptionHandler(failures);
        commandLine.setParameterExceptionHandler(failures);
        int code = commandLine.execute(args.toArray(String[]::new));
        out.flush();
        err.flush();
        return code;
    }
}
