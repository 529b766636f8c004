package dev.graphiti.tools;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** The shape of {@link dev.graphiti.cli.Cli#run}: what the in-process runner calls. */
@FunctionalInterface
public interface CliEntryPoint {

    int run(List<String> args, Path workingDirectory, InputStream stdin, PrintWriter out, PrintWriter err);
}
