package dev.graphiti.install;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;

/**
 * The UserPromptSubmit hook's client without a JVM: the plugin's bin/graphiti-prompt-hook (packaged into the jar at
 * build time), which asks the session's running server over its socket and runs the cold command only when none
 * answers. Install registers it inline, {@code sh -c '<its lines>' graphiti-prompt-hook <cold command>}, so there is
 * no file to place or to lose, and a project's settings stay valid on a teammate's machine.
 */
final class PromptHookScript {

    static final String RESOURCE = "/dev/graphiti/install/graphiti-prompt-hook";
    static final String NAME = "graphiti-prompt-hook";
    /** Set to copilot, the client answers in Copilot CLI's shape ({@link dev.graphiti.hook.HookFormat#copilot}). */
    static final String FORMAT_VARIABLE = "GRAPHITI_HOOK_FORMAT";

    private PromptHookScript() {
    }

    /** The hook command: the client, then {@code coldCommand} (already quoted for sh) as its arguments. */
    static String around(String coldCommand) {
        return "sh -c '" + lines() + "' " + NAME + " " + coldCommand;
    }

    /** The script's lines without its comments (they are documentation, and the hook line is long enough). */
    static String lines() {
        String script;
        try (InputStream in = PromptHookScript.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the prompt hook script is missing from the graphiti jar (" + RESOURCE + ")");
            }
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String lines = script.lines().filter(line -> !line.startsWith("#")).collect(Collectors.joining("\n"));
        if (lines.contains("'")) {
            throw new IllegalStateException(RESOURCE + " holds a single quote, which would end sh -c '...'");
        }
        return lines;
    }
}
