package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class TerminalTest {

    /**
     * The test JVM's standard streams are pipes to the build, as a hook's are to Claude Code: no terminal,
     * on every JDK (on 22 to 24 System.console() is not null here, and only isTerminal() says so).
     */
    @Test
    void redirectedStreamsAreNoTerminal() {
        assertFalse(Terminal.attached());
    }
}
