package dev.graphiti.tools;

/** The filter arguments search and list share, passed to the CLI's filter options of the same names. */
final class FilterArguments {

    private FilterArguments() {
    }

    static Argv add(Argv argv) {
        return argv.option("--kind", "kind").option("--tag", "tag").option("--since", "since")
                .option("--before", "before").flag("--all", "all");
    }
}
