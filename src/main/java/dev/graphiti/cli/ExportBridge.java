package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.config.GitWorkTree;
import dev.graphiti.exchange.BridgeOutcome;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.service.Bridges;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * `graphiti export --as agents-md|claude-rules [PATH] [--remove]`: the graph's current decisions and preferences
 * written into the agents' own files (graphiti's marked part of AGENTS.md; Claude Code's .claude/rules), regenerated
 * in place each time, or taken out again. PATH defaults to the project's: its work tree's AGENTS.md, its .claude/rules.
 */
final class ExportBridge {

    /** The files an export into the agents' own files writes. */
    enum Target {
        AGENTS_MD("agents-md", "AGENTS.md"),
        CLAUDE_RULES("claude-rules", ".claude/rules");

        final String format;
        final String inProject;

        Target(String format, String inProject) {
            this.format = format;
            this.inProject = inProject;
        }

        static Optional<Target> parse(String name) {
            return Arrays.stream(values()).filter(t -> t.format.equals(name.strip().toLowerCase(Locale.ROOT))).findFirst();
        }
    }

    private final CommandContext context;
    private final Target target;

    ExportBridge(CommandContext context, Target target) {
        this.context = context;
        this.target = target;
    }

    int run(Optional<String> path, boolean remove) {
        Path to = path.map(p -> context.directory().resolve(p).normalize()).orElseGet(() -> context.location().workTree()
                .map(GitWorkTree::root).map(root -> root.resolve(target.inProject)).orElseThrow(() ->
                        new InvalidInputException("--as " + target.format + " writes into a project's " + target.inProject
                                + "; run it in a git work tree or give PATH")));
        Bridges bridges = new Bridges(context.graphs(), context.clock(),
                context.config().getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES));
        BridgeOutcome outcome = switch (target) {
            case AGENTS_MD -> bridges.agentsMd(context.location(), to, remove);
            case CLAUDE_RULES -> bridges.claudeRules(context.location(), to, remove);
        };
        print(to, remove, outcome);
        return 0;
    }

    private void print(Path to, boolean remove, BridgeOutcome outcome) {
        context.answer(new BridgeAnswer(target.format, to, remove, outcome), () -> text(to, remove, outcome));
    }

    private void text(Path to, boolean remove, BridgeOutcome outcome) {
        if (context.quiet()) {
            return;
        }
        outcome.written().forEach(file -> context.out().println("wrote " + file));
        outcome.removed().forEach(file -> context.out().println("removed " + file));
        if (outcome.written().isEmpty() && outcome.removed().isEmpty()) {
            context.out().println(to + ": nothing to change");
        }
        if (!remove) {
            context.out().println(String.format(Locale.ROOT, "%d current decisions and preferences (%s)", outcome.items(),
                    target.format));
        }
    }
}
