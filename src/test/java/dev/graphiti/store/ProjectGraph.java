package dev.graphiti.store;

import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SecretRedaction;
import dev.graphiti.store.sqlite.SqliteStore;
import java.nio.file.Path;
import java.time.Clock;

/** For tests: a project graph in a real SQLite file under a directory, and the service that adds to it (no redaction). */
public record ProjectGraph(ItemRepository repository, ItemService items) implements AutoCloseable {

    public static ProjectGraph open(Path directory) {
        ItemRepository repository = SqliteStore.withDefaults().open(directory.resolve("graph.db"), Scope.project);
        return new ProjectGraph(repository, new ItemService(repository, Scope.project,
                text -> new SecretRedaction.Redacted(text, 0), new EntityExtractor(), new ItemIds(), Clock.systemUTC(), 1 << 20));
    }

    @Override
    public void close() {
        repository.close();
    }
}
