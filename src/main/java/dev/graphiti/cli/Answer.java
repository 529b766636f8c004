package dev.graphiti.cli;

import jakarta.json.JsonStructure;

/**
 * What a command found or did, as a value: the result record of a typed operation. Its {@link #json} is the
 * `--format json` contract; the in-process runner hands the value itself to the tool, so nothing is printed and
 * parsed again inside one JVM, while the external runner reads the same JSON from the process's stdout.
 */
public interface Answer {

    /** The answer as `--format json` prints it (docs/cli.md "JSON output"). */
    JsonStructure json();
}
