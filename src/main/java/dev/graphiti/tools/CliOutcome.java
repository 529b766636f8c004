package dev.graphiti.tools;

import jakarta.json.JsonStructure;
import java.io.StringReader;

/**
 * What a CLI command left behind: its exit code (0 success, 1 failure, 2 usage error; -1 when it did not
 * finish), its standard output and error, whether the runner had to stop it or cut its output, and its answer as
 * a value when the command ran in this JVM and answered one (null otherwise: its JSON is on stdout).
 */
public record CliOutcome(int exitCode, String stdout, String stderr, Ending ending, boolean truncated, JsonStructure answer) {

    /** How the command ended. */
    public enum Ending { EXITED, TIMED_OUT, CANCELLED, FAILED_TO_START }

    /** An outcome with its answer on stdout (a process), or with none (a failure, a command that answers text). */
    public CliOutcome(int exitCode, String stdout, String stderr, Ending ending, boolean truncated) {
        this(exitCode, stdout, stderr, ending, truncated, null);
    }

    public boolean succeeded() {
        return ending == Ending.EXITED && exitCode == 0 && !truncated;
    }

    /**
     * The command's JSON: the answer it handed over in this JVM, else its stdout parsed (the external runner's
     * contract). Throws {@link jakarta.json.JsonException} when stdout is not JSON.
     */
    public JsonStructure json() {
        return answer != null ? answer : InputSchema.JSON.createReader(new StringReader(stdout)).read();
    }

    CliOutcome withStderr(String text) {
        return new CliOutcome(exitCode, stdout, text, ending, truncated, answer);
    }

    /** The same outcome, counted a success: a command that exits 1 with its report (health). */
    CliOutcome countedOk(boolean ok) {
        return new CliOutcome(ok ? 0 : exitCode, stdout, stderr, ending, truncated, answer);
    }

    static CliOutcome notFinished(Ending ending, String why, String stdout, String stderr) {
        return new CliOutcome(-1, stdout, stderr.isEmpty() ? why : stderr + "\n" + why, ending, false);
    }
}
