package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.config.GitWorkTree;
import dev.graphiti.graph.FileRecall;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.PromptRecall;
import dev.graphiti.hook.HookFormat;
import dev.graphiti.hook.HookInput;
import dev.graphiti.hook.HookRun;
import dev.graphiti.hook.ToldItems;
import dev.graphiti.service.RecallService;
import dev.graphiti.toon.TokenCounter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * `graphiti recall --file`, Claude Code's PreToolUse hook for Read, Edit, Write and MultiEdit: the current items
 * anchored to the file in the hook's tool_input.file_path (see {@link FileRecall}), each told once a session
 * ({@link ToldItems}), as the hook's additionalContext. A file outside the project's work tree, or with nothing
 * anchored, or whose items the session was told already, prints nothing; like every hook it never fails the tool
 * call (errors go to stderr, exit 0).
 */
final class FileHook {

    /**
     * Tokens a touch may add: the prompt hook's default, two or three items. Each injection stays in the session's
     * context, and a session touches dozens of files. It also lets the header and an item or two fit by their bytes'
     * bound (see RecalledLines), so the cold hook seldom loads the tokenizer, most of its CPU (400 tokens cost 0.7 s
     * of CPU more for a one-line decision on a loaded machine: scripts/bench-hooks).
     */
    static final int BUDGET = 600;

    private final CommandContext context;
    private final Integer tokens;
    private final HookRun run;

    FileHook(CommandContext context, Integer tokens, HookRun run) {
        this.context = context;
        this.tokens = tokens;
        this.run = run;
    }

    int run() {
        try {
            HookInput input = HookInput.read(context.invocation().stdin());
            Optional<String> path = input.filePath().isEmpty() ? Optional.empty()
                    : relative(input.filePath().get(), input.cwd());
            if (path.isEmpty()) {
                return 0;
            }
            int budget = tokens != null ? tokens : BUDGET;
            if (budget < 1) {
                throw new InvalidInputException("--tokens must be at least 1, not " + budget);
            }
            ToldItems told = new ToldItems(context.home().resolve("hooks").resolve("told"), Clock.systemUTC());
            var counter = context.invocation().tokens();
            RecallService recall = new RecallService(context.graphs(), context.clock(),
                    Duration.ofDays(context.config().getInt(ConfigKeys.SEARCH_RECENCY_HALF_LIFE_DAYS)), Optional.empty());
            PromptRecall.Recalled recalled = recall.file(context.location(), path.get(), told.told(input.sessionId(), run),
                    budget, piece -> counter.get().count(piece).claude(), TokenCounter.DEFAULT_SAFETY_FACTOR);
            if (recalled.ids().isEmpty() || told.tell(input.sessionId(), recalled.ids(), run).isEmpty()) {
                return 0; // nothing anchored, or another hook of this session (the other install's) told it just now
            }
            JsonShapes.print(context.out(), HookFormat.claude.prompt("PreToolUse", recalled.text()));
            context.out().flush();
        } catch (Exception | LinkageError e) {
            // A memory that is down must not stop the agent's tool call.
            context.err().println("graphiti: recall --file: nothing recalled (" + e + ")");
            context.err().flush();
        }
        return 0;
    }

    /**
     * {@code file} relative to the project's work tree, '/'-separated; empty outside it. Symlinks are resolved on both
     * sides, as far as the file exists (Write creates it).
     */
    private Optional<String> relative(String file, Optional<Path> cwd) throws IOException {
        Optional<GitWorkTree> tree = GitWorkTree.containing(context.directory());
        if (tree.isEmpty()) {
            return Optional.empty();
        }
        Path root = tree.get().root().toRealPath();
        Path path = cwd.orElse(context.directory()).resolve(file).normalize();
        Path existing = path;
        while (existing != null && !existing.toFile().exists()) {
            existing = existing.getParent();
        }
        if (existing != null) {
            path = existing.toRealPath().resolve(existing.relativize(path));
        }
        if (!path.startsWith(root) || path.equals(root)) {
            return Optional.empty();
        }
        Path relative = root.relativize(path);
        if (relative.startsWith(".git") || relative.startsWith(GitWorkTree.GRAPHITI_DIRECTORY)) {
            return Optional.empty();
        }
        return Optional.of(String.join("/", java.util.stream.StreamSupport.stream(relative.spliterator(), false)
                .map(Path::toString).toList()));
    }
}
