package dev.graphiti.service;

import dev.graphiti.graph.Entity;
import dev.graphiti.graph.Fingerprint;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.StoredItem;
import dev.graphiti.graph.GraphDatabase;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * `graphiti migrate`: copies a graph between its SQLite file and the configured PostgreSQL database, either way. The
 * copy is exact (ids, dates, supersession, tags, entities, places in conversations, provenance; storage order kept)
 * and goes a batch per transaction, so an interrupted run loses nothing and the next run goes on where it stopped
 * (items the target holds by id are skipped). Then every item of the source is compared with its copy. Vectors are
 * not copied (a server's background embedding, or `graphiti embed`, makes them again), nor the git-index ledger and
 * capture positions (the next index or capture judges again; nothing is stored twice).
 */
public final class Migration {

    /** Where the graph is copied to. */
    public enum Target {
        postgresql, sqlite
    }

    /** What a run did: {@code copied} new in the target, {@code present} there already, {@code differences} after. */
    public record Report(String from, String to, int items, int copied, int present, List<String> differences,
                         double seconds) {

        public Report {
            differences = List.copyOf(differences);
        }

        public boolean verified() {
            return differences.isEmpty();
        }
    }

    /** Differences named at most; the rest are counted. */
    private static final int NAMED = 10;

    private final Graphs graphs;

    public Migration(Graphs graphs) {
        this.graphs = graphs;
    }

    public Report run(GraphLocation location, Target to, int batch, RunProgress progress) {
        long start = System.nanoTime();
        boolean toPostgres = to == Target.postgresql;
        if (toPostgres && !java.nio.file.Files.exists(location.database())) {
            throw new InvalidInputException("there is no SQLite graph at " + location.database() + " to copy");
        }
        try (GraphDatabase source = toPostgres ? graphs.openSqlite(location) : graphs.openPostgres(location);
             GraphDatabase target = toPostgres ? graphs.openPostgres(location) : graphs.openSqlite(location)) {
            int total = source.items().stats(ItemFilter.current().withSuperseded(true), 0).items();
            progress.started(total);
            int copied = 0;
            int present = 0;
            long position = 0;
            for (List<StoredItem> page = source.items().stored(position, batch); !page.isEmpty();
                 page = source.items().stored(position, batch)) {
                position = page.get(page.size() - 1).position();
                Set<String> there = new HashSet<>();
                target.items().getAll(page.stream().map(stored -> stored.item().id()).toList())
                        .forEach(item -> there.add(item.id()));
                List<StoredItem> missing = page.stream().filter(stored -> !there.contains(stored.item().id())).toList();
                Map<String, List<Provenance>> provenance = new HashMap<>();
                for (StoredItem stored : missing) {
                    provenance.put(stored.item().id(), source.items().provenance(stored.item().id()));
                }
                target.items().write(writer -> {
                    for (StoredItem stored : missing) {
                        KnowledgeItem item = stored.item();
                        writer.insert(item, Fingerprint.of(item.title(), item.content()), stored.place());
                        provenance.get(item.id()).forEach(former -> writer.addProvenance(item.id(), former));
                    }
                    return null;
                });
                copied += missing.size();
                present += there.size();
                progress.advanced(page.size());
            }
            progress.finished();
            List<String> differences = differences(source, target, batch);
            return new Report(toPostgres ? "sqlite" : "postgresql", to.name(), total, copied, present, differences,
                    (System.nanoTime() - start) / 1e9);
        }
    }

    /** Every source item against its copy (by id): the item and its provenance. */
    private static List<String> differences(GraphDatabase source, GraphDatabase target, int batch) {
        List<String> differences = new ArrayList<>();
        int more = 0;
        long position = 0;
        for (List<StoredItem> page = source.items().stored(position, batch); !page.isEmpty();
             page = source.items().stored(position, batch)) {
            position = page.get(page.size() - 1).position();
            Map<String, KnowledgeItem> copies = new HashMap<>();
            target.items().getAll(page.stream().map(stored -> stored.item().id()).toList())
                    .forEach(item -> copies.put(item.id(), item));
            for (StoredItem stored : page) {
                String id = stored.item().id();
                KnowledgeItem copy = copies.get(id);
                String difference = copy == null ? id + " is missing"
                        : !comparable(copy).equals(comparable(stored.item())) ? id + " differs"
                        : !target.items().provenance(id).equals(source.items().provenance(id)) ? id + "'s provenance differs"
                        : null;
                if (difference != null && differences.size() < NAMED) {
                    differences.add(difference);
                } else if (difference != null) {
                    more++;
                }
            }
        }
        if (more > 0) {
            differences.add("and " + more + " more");
        }
        return differences;
    }

    /** The item with its entities in name order (stores may list them in another order). */
    private static KnowledgeItem comparable(KnowledgeItem item) {
        List<Entity> entities = item.entities().stream().sorted(Comparator.comparing(Entity::name)
                .thenComparing(Entity::type)).toList();
        return new KnowledgeItem(item.id(), item.scope(), item.kind(), item.title(), item.content(), item.tags(),
                item.source(), entities, item.createdAt(), item.validUntil(), item.supersededBy(), item.supersedes(),
                item.flag(), List.of(), item.ended(), item.occasion());
    }
}
