/**
 * The `graphiti` command line (picocli): each command parses its options, calls one operation of package
 * {@code service} and answers a record ({@link dev.graphiti.cli.Answer}) that it prints as text for people or as
 * the JSON contract, or hands as a value to the tools' in-process runner; no command opens a database itself. {@link dev.graphiti.cli.Cli} is the one entry point, used by the process's main and by the tools'
 * in-process runner alike; the settings it uses arrive parsed in its {@link dev.graphiti.cli.CliEnvironment}
 * (config.ProcessSettings), never read from the environment again. It writes only to the streams it is given, and
 * {@link dev.graphiti.cli.Failures} is the one place that maps failures to exit codes.
 */
package dev.graphiti.cli;
