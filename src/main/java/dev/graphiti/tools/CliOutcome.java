package dev.graphiti.tools;

/**
 * What a CLI command left behind: its exit code (0 success, 1 failure, 2 usage error; -1 when it did not
 * finish), its standard output and error, and whether the runner had to stop it or cut its output.
 */
public record CliOutcome(int exitCode, String stdout, String stderr, Ending ending, boolean truncated) {

    /** How the command ended. */
    public enum Ending { EXITED, TIMED_OUT, CANCELLED, FAILED_TO_START }

    public boolean succeeded() {
        return ending == Ending.EXITED && exitCode == 0 && !truncated;
    }

    CliOutcome withStderr(String text) {
        return new CliOutcome(exitCode, stdout, text, ending, truncated);
    }

    static CliOutcome notFinished(Ending ending, String why, String stdout, String stderr) {
        return new CliOutcome(-1, stdout, stderr.isEmpty() ? why : stderr + "\n" + why, ending, false);
    }
}
