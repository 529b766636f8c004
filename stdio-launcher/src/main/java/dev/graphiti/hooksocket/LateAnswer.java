package dev.graphiti.hooksocket;

/**
 * An answer finished after its claim deadline (see {@code CliPromptAnswers.CLAIM_MILLIS}): it claimed and told
 * nothing, so the socket answers 503 and the hook's client runs the cold command, which tells the agent. An empty 200
 * would have ended the hook with nothing said.
 */
final class LateAnswer extends RuntimeException {

    LateAnswer(String hook) {
        super(hook + " answered after its claim deadline; the hook recalls on its own");
    }
}
