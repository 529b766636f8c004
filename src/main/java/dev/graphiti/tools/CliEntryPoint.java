package dev.graphiti.tools;

import dev.graphiti.cli.Answer;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The shape of {@link dev.graphiti.cli.Cli#run(List, Path, InputStream, PrintWriter, PrintWriter, Consumer)}: what the
 * in-process runner calls; a typed command hands its {@link Answer} to {@code answers} instead of printing its JSON.
 */
@FunctionalInterface
public interface CliEntryPoint {

    int run(List<String> args, Path workingDirectory, InputStream stdin, PrintWriter out, PrintWriter err,
            Consumer<Answer> answers);
}
