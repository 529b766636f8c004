package dev.graphiti.cli;

import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.store.KeptConnections;
import dev.graphiti.toon.TokenCounter;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * The graphiti command line as a callable: arguments in, exit code out, output on the streams it is
 * given. The process entry point and the in-process tool runner both go through here, so nothing in
 * the CLI may touch System.out, System.in or System.exit.
 */
public final class Cli implements AutoCloseable {

    /**
     * What Claude Code starts for every session. It skips the parser: picocli's reflection over the
     * command classes was most of the server's cold start, which every agent session waits for.
     */
    private static final List<String> STDIO_SERVER = List.of("mcp", "serve");

    private final CliEnvironment environment;
    private final Supplier<TokenCounter> tokens;
    private final Optional<KeptConnections> connections;
    private final Optional<SemanticSearch> semantics;
    private final Runnable closing;
    private final CommandLines commandLines;

    public Cli(CliEnvironment environment) {
        this(environment, new SharedTokenCounter(), Optional.empty(), Optional.empty(), () -> { }, new CommandLines());
    }

    /** A CLI for a server without semantic search: see the constructor below. */
    public Cli(CliEnvironment environment, TokenCounter counter) {
        this(environment, counter, Optional.empty());
    }

    /**
     * A CLI that an embedding server calls for every tool call: it counts tokens with {@code counter} (the
     * server's own), keeps database connections open between calls until closed, and searches by meaning too
     * with {@code semantics} (the server's model and vectors) when present.
     */
    public Cli(CliEnvironment environment, TokenCounter counter, Optional<SemanticSearch> semantics) {
        this(environment, counter, new KeptConnections(), semantics, () -> { });
    }

    /**
     * The CLI of an MCP server (see assembly.GraphitiProcess, which builds its parts once): tokens counted with the
     * server's {@code counter}, {@code connections} kept between calls, search by meaning with the server's
     * {@code semantics} when present. It owns both: {@link #close} stops the model, then closes the connections.
     */
    public Cli(CliEnvironment environment, TokenCounter counter, KeptConnections connections,
               Optional<SemanticSearch> semantics) {
        this(environment, counter, connections, semantics, () -> semantics.ifPresent(SemanticSearch::close));
    }

    private Cli(CliEnvironment environment, TokenCounter counter, KeptConnections connections,
                Optional<SemanticSearch> semantics, Runnable closeSemantics) {
        this(environment, () -> counter, Optional.of(connections), semantics, () -> {
            closeSemantics.run();
            connections.close();
        }, new CommandLines());
    }

    private Cli(CliEnvironment environment, Supplier<TokenCounter> tokens, Optional<KeptConnections> connections,
                Optional<SemanticSearch> semantics, Runnable closing, CommandLines commandLines) {
        this.environment = environment;
        this.tokens = tokens;
        this.connections = connections;
        this.semantics = semantics;
        this.closing = closing;
        this.commandLines = commandLines;
    }

    /**
     * This CLI (its environment, token counter and kept connections) searching by meaning with {@code semantics}
     * instead: the prompt hook's socket runs its commands on the server's CLI, with the server's model only once it
     * is loaded. Closing the view closes nothing: the connections stay this CLI's.
     */
    public Cli searchingWith(Optional<SemanticSearch> semantics) {
        return new Cli(environment, tokens, connections, semantics, () -> { }, commandLines);
    }

    /** Runs one command; returns 0 (success), 1 (failure) or 2 (usage error). */
    public int run(List<String> args, Path workingDirectory, InputStream stdin, PrintWriter out, PrintWriter err) {
        return run(args, workingDirectory, stdin, out, err, null);
    }

    /**
     * As {@link #run(List, Path, InputStream, PrintWriter, PrintWriter)}, and a typed operation run with --format json
     * hands its {@link Answer} to {@code answers} instead of printing it (null: printed).
     */
    public int run(List<String> args, Path workingDirectory, InputStream stdin, PrintWriter out, PrintWriter err,
                   Consumer<Answer> answers) {
        Invocation invocation = new Invocation(environment, workingDirectory, stdin, tokens, connections, semantics,
                Optional.ofNullable(answers));
        Failures failures = new Failures(environment.settings().debug());
        if (args.equals(STDIO_SERVER)) {
            return serveStdio(invocation, failures, err);
        }
        Optional<GraphSubcommand> hook = HookCommands.of(args);
        List<Class<?>> subcommands = hook.<List<Class<?>>>map(command -> List.of(command.getClass()))
                .orElseGet(() -> subcommandsFor(args));
        if (subcommands.equals(List.of(ContextCommand.class))) {
            // The SessionStart hook's command counts tokens: the vocabulary loads on its own thread while
            // the command, SQLite and git start, instead of after them.
            tokens.get();
        }
        if (hook.isPresent()) {
            return runHook(hook.get(), invocation, failures, out, err);
        }
        int code = commandLines.execute(subcommands, args, invocation, out, err, failures);
        out.flush();
        err.flush();
        return code;
    }

    /** A hook's command line, without the parser: the root's options at their defaults. */
    private static int runHook(GraphSubcommand command, Invocation invocation, Failures failures, PrintWriter out,
                               PrintWriter err) {
        GraphitiCommand root = new GraphitiCommand(invocation);
        root.format = OutputFormat.text;
        try {
            return command.callIn(new CommandContext(root, out, err));
        } catch (Exception e) {
            return failures.report(e, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    private static int serveStdio(Invocation invocation, Failures failures, PrintWriter err) {
        try {
            return McpServeCommand.serve(invocation, ServeRequest.stdio(invocation.workingDirectory()), err);
        } catch (Exception e) {
            return failures.report(e, err);
        } finally {
            err.flush();
        }
    }

    /**
     * The subcommands named anywhere in {@code args}, or all of them when none is (help, a typo's
     * suggestions). Picocli reflects over every registered command when its model is built, which cost most of a
     * cold start; a word that only looks like a command name costs a little.
     */
    private static List<Class<?>> subcommandsFor(List<String> args) {
        List<Class<?>> named = GraphitiCommand.SUBCOMMANDS.stream()
                .filter(type -> args.contains(type.getAnnotation(CommandLine.Command.class).name()))
                .toList();
        return named.isEmpty() ? GraphitiCommand.SUBCOMMANDS : named;
    }

    /** The server's semantic search (its model and vectors), for what it serves beside the tools; empty without one. */
    public Optional<SemanticSearch> semantics() {
        return semantics;
    }

    /** Stops the server's embedding, if any (it may be using a connection), then closes the connections kept between calls. */
    @Override
    public void close() {
        closing.run();
    }
}
