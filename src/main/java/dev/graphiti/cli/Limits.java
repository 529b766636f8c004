package dev.graphiti.cli;

import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.ItemLimits;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Checks count options such as --limit, and the length of every string argument of every command before it
 * runs (documented in docs/cli.md, "Limits"): a title, a source, a path, a query or an id of any size would
 * otherwise travel into the database, an error message or a tool answer.
 */
final class Limits {

    /** Any string argument without a limit of its own: a query, an id, a tag list, a date, a config value. */
    static final int ARGUMENT_CHARS = 1000;
    /** A directory or file name (PATH_MAX on Linux). */
    static final int PATH_CHARS = 4096;

    private Limits() {
    }

    static int positive(String option, Integer given, int fallback) {
        if (given == null) {
            return fallback;
        }
        if (given < 1 || given > 10_000) {
            throw new InvalidInputException(option + " must be between 1 and 10000, not " + given);
        }
        return given;
    }

    /** Runs the parsed command once every string it was given is within its limit. */
    static int executeChecked(ParseResult parsed) {
        for (ParseResult command = parsed; command != null; command = command.subcommand()) {
            for (ArgSpec argument : command.matchedArgs()) {
                int limit = charsOf(argument);
                for (String value : argument.originalStringValues()) {
                    if (value.length() > limit && ItemLimits.chars(value) > limit) {
                        throw new ParameterException(command.commandSpec().commandLine(), name(argument) + " is "
                                + ItemLimits.chars(value) + " characters; the limit is " + limit);
                    }
                }
            }
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    private static int charsOf(ArgSpec argument) {
        String label = argument.paramLabel();
        if (argument instanceof OptionSpec option) {
            switch (option.longestName()) {
                case "--title":
                    return ItemLimits.TITLE_CHARS;
                case "--source":
                    return ItemLimits.SOURCE_CHARS;
                default:
                    break;
            }
        }
        return switch (label) {
            case "CONTENT" -> Integer.MAX_VALUE; // bytes, bounded by add.max_content_bytes where it is read
            case "DIR", "PATH" -> PATH_CHARS;
            default -> ARGUMENT_CHARS;
        };
    }

    private static String name(ArgSpec argument) {
        return argument instanceof OptionSpec option ? option.longestName() : argument.paramLabel();
    }
}
