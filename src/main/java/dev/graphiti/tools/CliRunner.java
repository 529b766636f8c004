package dev.graphiti.tools;

/**
 * Runs one graphiti CLI command for a tool. Implementations never throw for a failing command and never
 * wait past their timeout: every outcome, including a timeout or a crash, comes back as a {@link CliOutcome}.
 */
public interface CliRunner {

    CliOutcome run(CliCall call);
}
