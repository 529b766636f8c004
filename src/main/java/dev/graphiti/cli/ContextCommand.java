package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.hook.HookFormat;
import dev.graphiti.hook.HookInput;
import dev.graphiti.hook.HookRun;
import dev.graphiti.hook.SessionStartClaims;
import dev.graphiti.service.AsOf;
import dev.graphiti.service.ContextService;
import dev.graphiti.service.SessionContext;
import dev.graphiti.toon.TokenCounter;
import java.io.IOException;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `graphiti context`: what the graphiti://context resource returns (the same assembly), for hooks, with a
 * note when HEAD is not indexed. --format json adds what the resource needs: {text, tokens, budget, items,
 * database, head, head_indexed, unindexed_commits} (the resource starts a background index when HEAD is new).
 */
@Command(name = "context", mixinStandardHelpOptions = true,
        description = "Print the most durable knowledge within a token budget (Markdown).")
final class ContextCommand extends GraphSubcommand {

    @Option(names = "--tokens", paramLabel = "N", description = "Token budget (default: config mcp.context_tokens, 8192).")
    Integer tokens;

    @Option(names = "--as-of", paramLabel = "REF|DATE", description = "The brief of what held then: a git ref"
            + " (branch, tag, commit id) or a date (2025-01-31, ISO instant).")
    String asOf;

    @Option(names = "--session-start", description = "As Claude Code's SessionStart hook: read the hook's JSON on"
            + " stdin and print the context once per session start, however many installs (user, project) run it.")
    boolean sessionStart;

    @Option(names = "--hook-format", paramLabel = "AGENT", description = "With --session-start: print the context in the"
            + " shape this agent reads from a hook: claude (plain text; also Codex, Qwen Code), gemini, copilot, cursor.")
    HookFormat hookFormat = HookFormat.claude;

    @Option(names = "--hook-run", hidden = true, paramLabel = "PID", description = "With --session-start, in the server's"
            + " answer to the hook's socket: the client's run, whose cold command (GRAPHITI_HOOK_RUN) takes the session"
            + " start's claim over if this answer never reaches it.")
    String hookRun;

    @Override
    public Integer call() {
        CommandContext context = context();
        if (sessionStart && !firstHookOfItsSessionStart(context)) {
            return 0;
        }
        int budget = tokens != null ? tokens : context.config().getInt(ConfigKeys.MCP_CONTEXT_TOKENS);
        if (budget < 1) {
            throw new InvalidInputException("--tokens must be at least 1, not " + budget);
        }
        TokenCounter counter = context.invocation().tokens().get();
        SessionContext read = new ContextService(context.graphs(), piece -> counter.count(piece).claude())
                .read(context.location(), context.directory(), budget,
                        Optional.ofNullable(asOf).map(ref -> AsOf.moment(ref, context.location().workTree())));
        if (sessionStart && hookFormat != HookFormat.claude) {
            context.out().print(hookFormat.sessionStart(read.text()));
        } else {
            context.answer(new ContextAnswer(read), () -> context.out().print(read.text()));
        }
        context.out().flush();
        return 0;
    }

    /**
     * False when another SessionStart hook already printed the context for this session start (graphiti
     * installed for the user and for the project). Without readable hook input, or when the claim cannot be
     * recorded, the context is printed: twice is better than never.
     */
    private boolean firstHookOfItsSessionStart(CommandContext context) {
        if (context.invocation().environment().interactive()) {
            return true;
        }
        try {
            HookInput input = HookInput.read(context.invocation().stdin());
            HookRun run = HookRun.of(hookRun, context.invocation().environment().variables());
            return new SessionStartClaims(context.home().resolve("hooks").resolve("session-start"),
                    java.time.Clock.systemUTC()).claim(input, run);
        } catch (IOException | IllegalArgumentException e) {
            return true;
        }
    }

}
