package dev.graphiti.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import picocli.CommandLine;

/**
 * Picocli's model of the command line (the CommandLine and its CommandSpecs, built by reflection over the command
 * classes), built once per set of subcommands and lent to one call at a time, so a warm call only parses: building
 * it was most of picocli's part of an in-process tool call. Picocli puts every option and positional back to its
 * initial value when it parses; what it does not, each call sets here: the root's invocation, each command's
 * context (streams, settings, open graphs), the streams and the failure handler. The mcp commands take their
 * invocation when built, so a model with them (or past {@link #KEPT_SETS}) is built for its one call.
 */
final class CommandLines {

    /**
     * Sets of subcommands kept: a command line's words that look like command names choose its set (a search for
     * "index config" registers three), so a caller could otherwise make one model for every subset.
     */
    private static final int KEPT_SETS = 64;

    private final Map<List<Class<?>>, Queue<CommandLine>> idle = new ConcurrentHashMap<>();

    /** Runs {@code args} on a model with {@code subcommands}, lent to this call alone. */
    int execute(List<Class<?>> subcommands, List<String> args, Invocation invocation, PrintWriter out,
                PrintWriter err, Failures failures) {
        if (subcommands.contains(GraphitiCommand.Mcp.class)
                || idle.size() >= KEPT_SETS && !idle.containsKey(subcommands)) {
            return execute(build(subcommands, invocation), args, invocation, out, err, failures);
        }
        Queue<CommandLine> lines = idle.computeIfAbsent(subcommands, key -> new ConcurrentLinkedQueue<>());
        CommandLine line = lines.poll();
        if (line == null) {
            line = build(subcommands, invocation);
        }
        try {
            return execute(line, args, invocation, out, err, failures);
        } finally {
            // Nothing of this call stays reachable from the idle model: not its streams, stdin or answer taker.
            ((GraphitiCommand) line.getCommand()).invocation = null;
            forgetContexts(line);
            line.setOut(new PrintWriter(PrintWriter.nullWriter()));
            line.setErr(new PrintWriter(PrintWriter.nullWriter()));
            lines.add(line);
        }
    }

    private static int execute(CommandLine line, List<String> args, Invocation invocation, PrintWriter out,
                               PrintWriter err, Failures failures) {
        ((GraphitiCommand) line.getCommand()).invocation = invocation;
        forgetContexts(line);
        line.setOut(out);
        line.setErr(err);
        line.setExecutionExceptionHandler(failures);
        line.setParameterExceptionHandler(failures);
        return line.execute(args.toArray(String[]::new));
    }

    private static CommandLine build(List<Class<?>> subcommands, Invocation invocation) {
        var factory = new CommandFactory(invocation);
        CommandLine line = new CommandLine(new GraphitiCommand(invocation), factory);
        for (Class<?> subcommand : subcommands) {
            line.addSubcommand(create(factory, subcommand));
        }
        line.setExecutionStrategy(Limits::executeChecked);
        return line;
    }

    private static void forgetContexts(CommandLine line) {
        if (line.getCommand() instanceof GraphSubcommand command) {
            command.forgetContext();
        }
        line.getSubcommands().values().forEach(CommandLines::forgetContexts);
    }

    private static Object create(CommandLine.IFactory factory, Class<?> type) {
        try {
            return factory.create(type);
        } catch (Exception e) {
            throw new IllegalStateException("cannot create the " + type.getSimpleName() + " command", e);
        }
    }
}
