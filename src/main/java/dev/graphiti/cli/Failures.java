package dev.graphiti.cli;

import dev.graphiti.access.AccessRefused;
import dev.graphiti.config.ConfigException;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.NotFoundException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

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
        err.println("graphiti: " + unknownCommand(e).orElse(e.getMessage()));
        err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for usage.");
        return USAGE;
    }

    /** A first word that is no command of a command that has some: say so, and what was probably meant. */
    private static Optional<String> unknownCommand(ParameterException e) {
        CommandLine command = e.getCommandLine();
        if (!(e instanceof UnmatchedArgumentException unmatched) || command.getSubcommands().isEmpty()
                || unmatched.getUnmatched().isEmpty() || unmatched.getUnmatched().get(0).startsWith("-")) {
            return Optional.empty();
        }
        String word = unmatched.getUnmatched().get(0);
        List<String> close = command.getSubcommands().keySet().stream().filter(name -> typo(word, name)).toList();
        return Optional.of("unknown command '" + word + "'; " + (close.isEmpty()
                ? "the commands are " + String.join(", ", command.getSubcommands().keySet())
                : "did you mean " + String.join(" or ", close.stream().map(name -> "'" + name + "'").toList()) + "?"));
    }

    /** Within two edits of {@code name} (Levenshtein): a slip of the fingers, not another word. */
    private static boolean typo(String word, String name) {
        int[] previous = new int[name.length() + 1];
        for (int j = 0; j <= name.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= word.length(); i++) {
            int[] current = new int[name.length() + 1];
            current[0] = i;
            for (int j = 1; j <= name.length(); j++) {
                int substitution = previous[j - 1] + (word.charAt(i - 1) == name.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            previous = current;
        }
        return previous[name.length()] <= 2;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command, ParseResult parseResult) {
        return report(e, command.getErr());
    }

    /** Tells what went wrong on {@code err}; returns the exit code. */
    int report(Exception e, PrintWriter err) {
        if (e instanceof InvalidInputException || e instanceof ConfigException || e instanceof AccessRefused) {
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
