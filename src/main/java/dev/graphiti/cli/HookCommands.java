package dev.graphiti.cli;

import dev.graphiti.hook.HookFormat;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The command lines `graphiti mcp install` registers as Claude Code hooks (see ClaudeEntries), which {@link Cli}
 * runs without picocli: each is a fresh JVM at every session start, stop and compaction, and picocli's
 * reflection over the command classes was half of `capture --async`'s CPU. Any other spelling (one option
 * more, another order) goes through the parser and gives the same result.
 */
final class HookCommands {

    private HookCommands() {
    }

    /** The command for exactly {@code args}, its options set as picocli would set them; empty for any other. */
    static Optional<GraphSubcommand> of(List<String> args) {
        int n = args.size();
        if (n > 2 && args.get(n - 2).equals("--hook-format")) {
            // another agent's hook: the same commands, their output in the shape that agent reads
            Optional<HookFormat> format = Arrays.stream(HookFormat.values())
                    .filter(f -> f.name().equals(args.get(n - 1))).findFirst();
            Optional<GraphSubcommand> command = format.flatMap(f -> of(args.subList(0, n - 2)));
            if (command.orElse(null) instanceof ContextCommand c && c.sessionStart) {
                c.hookFormat = format.get();
                return command;
            }
            if (command.orElse(null) instanceof RecallCommand r) {
                r.hookFormat = format.get();
                return command;
            }
            return Optional.empty();
        }
        if (args.equals(List.of("context"))) {
            return Optional.of(new ContextCommand());
        }
        if (args.equals(List.of("context", "--session-start"))) {
            ContextCommand context = new ContextCommand();
            context.sessionStart = true;
            return Optional.of(context);
        }
        if (args.equals(List.of("capture", "--async"))) {
            CaptureCommand capture = new CaptureCommand();
            capture.async = true;
            return Optional.of(capture);
        }
        if (args.equals(List.of("recall", "--prompt"))) {
            RecallCommand recall = new RecallCommand();
            recall.prompt = true;
            return Optional.of(recall);
        }
        if (args.equals(List.of("recall", "--file"))) {
            RecallCommand recall = new RecallCommand();
            recall.file = true;
            return Optional.of(recall);
        }
        return Optional.empty();
    }
}
