package dev.graphiti.service;

import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.ScopeResolver;
import dev.graphiti.store.Stores;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Real graphs for service tests: a graphiti home and SQLite files under a temp directory. */
final class ServiceFixture {

    static final int MAX_CONTENT_BYTES = 1 << 16;

    private final Path home;
    final Graphs graphs = new Graphs(Stores.files(Duration.ofSeconds(10)), Optional.empty(), warning -> { });

    ServiceFixture(Path home) {
        this.home = home;
    }

    /** The graph a command run in {@code directory} works on (the project's inside git, else the global one). */
    GraphLocation location(Path directory) {
        return new ScopeResolver(home).resolve(directory, Optional.empty());
    }

    void add(GraphLocation location, Kind kind, String title, String content) {
        try (OpenGraph graph = graphs.open(location)) {
            ItemService items = graph.items(Clock.systemUTC(), MAX_CONTENT_BYTES);
            items.add(new NewItem(kind, Optional.of(title), content, List.of(), "manual", Optional.empty(), Optional.empty()));
        }
    }
}
