package dev.graphiti.cli;

import dev.graphiti.config.ConfigException;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.NotFoundException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The one place that turns failures into exit codes and messages on stderr: 2 for usage errors (bad
 * options, bad values), 1 for everything else. Stack traces only when GRAPHITI_DEBUG is set.
 */
final class Failures implements IExecutionExceptionHandler, IParameterExceptionHandler {

    static final int FAILURE = 1;
    static final int USAGE = 2;

    private final boolean debug;

    Failures(boolean debug) {
        this.debug = debug;
    }

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println("graphiti: " + e.getMessage());
        err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for usage.");
        return USAGE;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command, ParseResult parseResult) {
        return report(e, command.getErr());
    }

    /** Tells what went wrong on {@code err}; returns the exit code. */
    int report(Exception e, PrintWriter err) {
        if (e instanceof InvalidInputException || e instanceof ConfigException) {
            err.println("graphiti: " + e.getMessage());
            return USAGE;
        }
        if (e instanceof NotFoundException notFound) {
            err.println("graphiti: " + e.getMessage());
            for (KnowledgeItem candidate : notFound.candidates()) {
                err.println("  " + candidate.id() + "  " + candidate.kind() + "  " + candidate.title()
                        + (candidate.current() ? "" : " (superseded)"));
            }
            return FAILURE;
        }
        if (e instanceof GraphException || e instanceof java.io.UncheckedIOException) {
            err.println("graphiti: " + e.getMessage());
        } else {
            err.println("graphiti: internal error: " + e);
        }
        if (debug) {
            e.printStackTrace(err);
        }
        return FAILURE;
    }
}
