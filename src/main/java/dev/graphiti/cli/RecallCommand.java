package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.PromptRecall;
import dev.graphiti.hook.HookFormat;
import dev.graphiti.hook.HookInput;
import dev.graphiti.hook.HookRun;
import dev.graphiti.hook.SessionStartClaims;
import dev.graphiti.service.RecallService;
import dev.graphiti.toon.TokenCounter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * `graphiti recall TEXT`: the few items most relevant to TEXT within a small budget, nothing when nothing is
 * relevant (see {@link PromptRecall}). `--prompt` is Claude Code's UserPromptSubmit hook: the prompt comes in the
 * hook's JSON on stdin and the items go out as additionalContext; it never fails the prompt.
 */
@Command(name = "recall", mixinStandardHelpOptions = true,
        description = "Print the few items most relevant to TEXT within a small token budget; nothing when none is.")
final class RecallCommand extends GraphSubcommand {

    @Parameters(arity = "0..*", paramLabel = "TEXT", description = "What to recall for (e.g. a prompt).")
    List<String> words;

    @Option(names = "--tokens", paramLabel = "N",
            description = "Token budget (default: config hooks.prompt_tokens, 600).")
    Integer tokens;

    @Option(names = "--prompt", description = "As Claude Code's UserPromptSubmit hook: read the prompt from the hook's"
            + " JSON on stdin and print what is relevant as additionalContext; on any error print nothing and exit 0.")
    boolean prompt;

    @Option(names = "--hook-format", paramLabel = "AGENT", description = "With --prompt: print the items in the shape"
            + " this agent reads from a prompt hook: claude (also Codex, Qwen Code, Gemini CLI's BeforeAgent), copilot.")
    HookFormat hookFormat = HookFormat.claude;

    @Option(names = "--file", description = "As Claude Code's PreToolUse hook (Read, Edit, Write, MultiEdit): read the"
            + " hook's JSON on stdin and print the current items anchored to the file about to be touched as"
            + " additionalContext, each once a session; nothing for a file outside the project or with nothing anchored.")
    boolean file;

    @Option(names = "--hook-run", hidden = true, paramLabel = "PID", description = "With --prompt or --file, in the"
            + " server's answer to the hook's socket: the client's run (X-Graphiti-Run), whose cold command takes over what"
            + " this answer claims if the answer never reaches it; the cold command gets it as GRAPHITI_HOOK_RUN.")
    String hookRun;

    @Override
    public Integer call() {
        CommandContext context = context();
        if (file) {
            return new FileHook(context, tokens, hookRun(context)).run();
        }
        if (!prompt) {
            if (words == null || words.isEmpty()) {
                throw new InvalidInputException("give the TEXT to recall for, or --prompt to read a hook's JSON on stdin");
            }
            PromptRecall.Recalled recalled = recall(context, String.join(" ", words));
            if (context.json()) {
                int counted = recalled.text().isEmpty() ? 0 : context.invocation().tokens().get().count(recalled.text()).claude();
                JsonShapes.print(context.out(), JsonShapes.JSON.createObjectBuilder().add("text", recalled.text())
                        .add("tokens", counted).add("budget", budget(context))
                        .add("items", JsonShapes.strings(recalled.ids())));
            } else {
                context.out().print(recalled.text());
            }
            context.out().flush();
            return 0;
        }
        try {
            HookInput input = HookInput.read(context.invocation().stdin());
            Optional<String> text = HookFormat.prompt(input);
            if (text.isEmpty()) {
                return 0;
            }
            PromptRecall.Recalled recalled = recall(context, text.get());
            if (recalled.text().isEmpty() || !firstHookOfItsPrompt(context, input, text.get(), hookRun(context))) {
                return 0;
            }
            JsonShapes.print(context.out(), hookFormat.prompt(input.hookEventName(), recalled.text()));
            context.out().flush();
        } catch (Exception | LinkageError e) {
            // A memory that is down must not stop the user: the prompt goes on without it.
            context.err().println("graphiti: recall --prompt: nothing recalled (" + e + ")");
            context.err().flush();
        }
        return 0;
    }

    /** A hook never fails over it: a malformed run is said on stderr and the claims are taken as without one. */
    private HookRun hookRun(CommandContext context) {
        try {
            return HookRun.of(hookRun, context.invocation().environment().variables());
        } catch (IllegalArgumentException e) {
            context.err().println("graphiti: --hook-run / " + HookRun.VARIABLE + " ignored: " + e.getMessage());
            return HookRun.NONE;
        }
    }

    private PromptRecall.Recalled recall(CommandContext context, String text) {
        var counter = context.invocation().tokens();
        // a server's model and vectors when this runs in one; a one-shot command never loads the model
        return new RecallService(context.graphs(), context.clock(),
                Duration.ofDays(context.config().getInt(ConfigKeys.SEARCH_RECENCY_HALF_LIFE_DAYS)),
                context.invocation().semantics())
                .recall(context.location(), text, budget(context), piece -> counter.get().count(piece).claude(),
                        TokenCounter.DEFAULT_SAFETY_FACTOR);
    }

    private int budget(CommandContext context) {
        int budget = tokens != null ? tokens : context.config().getInt(ConfigKeys.HOOKS_PROMPT_TOKENS);
        if (budget < 1) {
            throw new InvalidInputException("--tokens must be at least 1, not " + budget);
        }
        return budget;
    }

    /** False when another UserPromptSubmit hook (graphiti installed for the user and the project) added it already. */
    private static boolean firstHookOfItsPrompt(CommandContext context, HookInput input, String text, HookRun run) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return new SessionStartClaims(context.home().resolve("hooks").resolve("prompt"), java.time.Clock.systemUTC())
                    .claim(input.sessionId(), "prompt-" + HexFormat.of().formatHex(digest, 0, 8), run);
        } catch (Exception e) {
            return true;
        }
    }
}
