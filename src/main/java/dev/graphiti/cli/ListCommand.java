package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.KnowledgeItem;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `graphiti list`: the newest items first. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List items, newest first.")
final class ListCommand extends GraphSubcommand {

    @Option(names = {"-l", "--limit"}, paramLabel = "N", description = "At most N items (default: config list.default_limit, 15).")
    @ToolParameter(name = "limit", description = "default 15")
    Integer limit;

    @Mixin
    FilterOptions filters = new FilterOptions();

    @Override
    public Integer call() {
        CommandContext context = context();
        Instant now = context.clock().instant();
        var filter = filters.toFilter(now, context.location().workTree());
        int max = Limits.positive("--limit", limit, context.config().getInt(ConfigKeys.LIST_DEFAULT_LIMIT));
        GraphLocation location = context.location();
        List<KnowledgeItem> items = context.items().list(location, filter, max);
        Instant moment = filter.moment(now);
        context.answer(new ListAnswer(items, moment), () -> {
            if (!items.isEmpty()) {
                ItemText.table(items, now, moment, context.colour()).print(context.out());
            } else if (!context.quiet()) {
                context.err().println("No items in the " + location.scope() + " graph ("
                        + context.graphs().where(location) + "). Add one: graphiti add \"...\"");
            }
        });
        return 0;
    }
}
