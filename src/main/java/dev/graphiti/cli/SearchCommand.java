package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.embed.OnDemandEmbedding;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.SearchHit;
import dev.graphiti.graph.SearchQuery;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.service.RankingChoice;
import dev.graphiti.service.SearchResults;
import dev.graphiti.service.SearchService;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `graphiti search`: ranked retrieval, best first. */
@Command(name = "search", mixinStandardHelpOptions = true,
        description = "Search items: full-text relevance combined with recency and kind priority.")
final class SearchCommand extends GraphSubcommand {

    @Parameters(arity = "1..*", paramLabel = "QUERY", description = "Words to look for.")
    @ToolParameter(name = "query", description = "words")
    List<String> words;

    @Option(names = {"-l", "--limit"}, paramLabel = "N", description = "At most N results (default: config search.default_limit, 10).")
    @ToolParameter(name = "limit", description = "default 10")
    Integer limit;

    @Option(names = {"-e", "--exact"}, description = "Match the query as one exact phrase.")
    @ToolParameter(name = "exact", description = "whole phrase")
    boolean exact;

    @Option(names = "--ranking", paramLabel = "NAME", defaultValue = "hybrid",
            description = "hybrid (words and meaning, once `graphiti embed` or a running MCP server gave items vectors),"
                    + " lexical or semantic (default: ${DEFAULT-VALUE}). Says why on stderr when it ranked by words only.")
    RankingChoice ranking;

    @Mixin
    FilterOptions filters = new FilterOptions();

    /**
     * A one-shot command's own search by meaning, when meaning is asked for and not turned off: the model loads only
     * once the graph shows vectors to compare with (about a second), and closes with the command. A server's CLI
     * has its own, loaded once (null then).
     */
    private SemanticSearch ownSemantics(CommandContext context) {
        Invocation invocation = context.invocation();
        boolean oneShot = invocation.semantics().isEmpty() && invocation.connections().isEmpty();
        boolean wanted = ranking != RankingChoice.lexical && !exact
                && invocation.environment().settings().semantic();
        return oneShot && wanted ? OnDemandEmbedding.e5() : null;
    }

    @Override
    public Integer call() {
        CommandContext context = context();
        Instant now = context.clock().instant();
        var config = context.config();
        SearchQuery query = new SearchQuery(String.join(" ", words), filters.toFilter(now, context.location().workTree()),
                Limits.positive("--limit", limit, config.getInt(ConfigKeys.SEARCH_DEFAULT_LIMIT)), exact);
        GraphLocation location = context.location();
        SearchResults results;
        try (SemanticSearch own = ownSemantics(context)) {
            results = new SearchService(context.graphs(), context.clock(),
                    Duration.ofDays(config.getInt(ConfigKeys.SEARCH_RECENCY_HALF_LIFE_DAYS)),
                    context.invocation().semantics().or(() -> Optional.ofNullable(own)))
                    .search(location, query, ranking);
        }
        if (!context.quiet()) {
            // Once, where a person or a program's log sees it (an empty JSON array has no row to say it in).
            results.fallback().ifPresent(words -> context.err().println("graphiti: ranked by words only: " + words.why()));
        }
        Instant moment = query.filter().moment(now);
        context.answer(new SearchAnswer(results, moment), () -> text(results.hits(), query, location, context, now, moment));
        return 0;
    }

    private static void text(List<SearchHit> hits, SearchQuery query, GraphLocation location, CommandContext context,
                             Instant now, Instant moment) {
        if (hits.isEmpty()) {
            if (!context.quiet()) {
                context.err().println("Nothing matches '" + query.text() + "' in the " + location.scope() + " graph.");
            }
            return;
        }
        TextTable table = new TextTable();
        Colour colour = context.colour();
        for (SearchHit hit : hits) {
            table.row(String.format(Locale.ROOT, "%.3f", hit.score()), colour.id(hit.item().id()), hit.item().kind().name(),
                    RelativeTime.since(hit.item().createdAt(), now), ItemText.titleWithTags(hit.item(), moment));
            if (!context.quiet()) {
                table.detail("       " + colour.dim(hit.snippet().replaceAll("\\s+", " ")));
            }
        }
        table.print(context.out());
    }
}
