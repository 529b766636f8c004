package dev.graphiti.cli;

import dev.graphiti.config.GitWorkTree;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.Kind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import dev.graphiti.service.AsOf;
import picocli.CommandLine.Option;

/** The filters list and search share: --kind, --tag, --since, --before, --as-of, --all. */
final class FilterOptions {

    @Option(names = {"-k", "--kind"}, paramLabel = "KIND", split = ",",
            description = "Only these kinds (decision, architecture, bugfix, preference, pattern, note, commit, conversation).")
    @ToolParameter(name = "kind", description = "comma list")
    List<String> kinds = new ArrayList<>();

    @Option(names = {"-t", "--tag"}, paramLabel = "TAG", description = "Only items with this tag.")
    @ToolParameter(name = "tag", description = "one tag")
    String tag;

    @Option(names = "--since", paramLabel = "WHEN", description = "Created at or after WHEN (7d, 12h, 2025-01-31, ISO instant).")
    @ToolParameter(name = "since", description = "7d or a date")
    String since;

    @Option(names = "--before", paramLabel = "WHEN", description = "Created before WHEN.")
    @ToolParameter(name = "before", description = "same forms")
    String before;

    @Option(names = "--as-of", paramLabel = "REF|DATE", description = "What held then: items created by a git ref's"
            + " commit (branch, tag, commit id) or a date (2025-01-31, ISO instant) and not yet superseded then;"
            + " what git time had ended by then is marked stale.")
    @ToolParameter(name = "as_of", description = "ref or date")
    String asOf;

    @Option(names = "--all", description = "Include items a newer item superseded.")
    @ToolParameter(name = "all", description = "with superseded")
    boolean all;

    ItemFilter toFilter(Instant now, Optional<GitWorkTree> workTree) {
        Set<Kind> parsed = EnumSet.noneOf(Kind.class);
        kinds.forEach(k -> parsed.add(Kind.parse(k)));
        return new ItemFilter(parsed,
                Optional.ofNullable(tag).map(t -> t.strip().replaceFirst("^#", "").toLowerCase(java.util.Locale.ROOT)),
                Optional.ofNullable(since).map(s -> TimeArgument.parse("--since", s, now)),
                Optional.ofNullable(before).map(b -> TimeArgument.parse("--before", b, now)),
                all, Optional.ofNullable(asOf).map(ref -> AsOf.moment(ref, workTree)));
    }
}
