package dev.graphiti.service;

import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.ProjectPaths;
import dev.graphiti.graph.VectorStore;
import java.time.Clock;

/**
 * An open graph: its items, the git-index and capture state and the vectors, all on one connection; close it when
 * done. Its ingest state is for reading: indexing and capture write theirs through {@link Graphs#openIngest}.
 */
public record OpenGraph(GraphLocation location, ItemRepository repository, IngestState ingest, VectorStore vectors,
                        Runnable closed) implements AutoCloseable {

    /** Adding, finding and deleting items here, secrets redacted, content up to {@code maxContentBytes}. */
    public ItemService items(Clock clock, int maxContentBytes) {
        String project = location.workTree().map(tree -> String.valueOf(tree.root().getFileName())).orElse("");
        ProjectPaths paths = location.workTree().<ProjectPaths>map(tree -> new WorkTreePaths(tree.root()))
                .orElse(ProjectPaths.UNKNOWN);
        return new ItemService(repository, location.scope(), Redactions.standard(), new EntityExtractor(project),
                new ItemIds(), clock, maxContentBytes, paths);
    }

    @Override
    public void close() {
        closed.run();
        vectors.close();
        ingest.close();
        repository.close();
    }
}
