package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/** Opens the graph and asks the store about itself: integrity, full-text index, schema version, sizes. */
public final class HealthCheck {

    private final Supplier<ItemRepository> opener;

    public HealthCheck(Supplier<ItemRepository> opener) {
        this.opener = opener;
    }

    public HealthReport run(GraphLocation location, HealthDepth depth) {
        List<HealthReport.Check> checks = new ArrayList<>();
        ItemRepository repository;
        try {
            repository = opener.get();
        } catch (GraphException e) {
            checks.add(new HealthReport.Check("database", HealthReport.Status.fail, e.getMessage()));
            return new HealthReport(checks);
        }
        StoreHealth health;
        try (repository) {
            health = repository.health(depth);
        } catch (GraphException e) {
            checks.add(new HealthReport.Check("database", HealthReport.Status.ok, location.scope() + " graph at " + location.database()));
            // it opened, but reading it failed: the file is damaged past what integrity_check can report
            checks.add(new HealthReport.Check("integrity", HealthReport.Status.fail, e.getMessage()));
            return new HealthReport(checks);
        }
        boolean full = health.depth() == HealthDepth.full;
        if (health.server().isPresent()) {
            // a database server checks its own pages and keeps its full-text column itself: say so, not SQLite's words
            checks.add(new HealthReport.Check("database", HealthReport.Status.ok, location.scope() + " graph (named "
                    + location.database() + ") in " + health.server().get()));
            checks.add(health.integrityProblems().isEmpty()
                    ? new HealthReport.Check("integrity", HealthReport.Status.ok,
                            "PostgreSQL checks its own pages; every item has its full-text entry")
                    : new HealthReport.Check("integrity", HealthReport.Status.fail, String.join("; ", health.integrityProblems())));
            checks.add(new HealthReport.Check("full_text_index", HealthReport.Status.ok,
                    "a tsvector column PostgreSQL generates from each item, with a GIN index"));
        } else {
            checks.add(new HealthReport.Check("database", HealthReport.Status.ok, location.scope() + " graph at " + location.database()));
            checks.add(health.integrityProblems().isEmpty()
                    ? new HealthReport.Check("integrity", HealthReport.Status.ok,
                            full ? "integrity_check: ok" : "quick_check: ok (--full also checks every index entry)")
                    : new HealthReport.Check("integrity", HealthReport.Status.fail, String.join("; ",
                            health.integrityProblems().subList(0, Math.min(5, health.integrityProblems().size())))));
            checks.add(health.fullTextIndexOk()
                    ? new HealthReport.Check("full_text_index", HealthReport.Status.ok, full ? "FTS5 index matches the items"
                            : "FTS5 index holds every item and no removed one (--full also checks its structure and words)")
                    : new HealthReport.Check("full_text_index", HealthReport.Status.fail,
                            "FTS5 index damaged: " + String.join("; ", health.fullTextProblems())));
        }
        boolean schemaOk = health.schemaVersion() == health.expectedSchemaVersion();
        checks.add(new HealthReport.Check("schema", schemaOk ? HealthReport.Status.ok : HealthReport.Status.fail,
                "version " + health.schemaVersion() + (schemaOk ? "" : ", expected " + health.expectedSchemaVersion())));
        long total = health.databaseBytes() + health.walBytes();
        String perItem = health.items() == 0 ? "" : String.format(Locale.ROOT, ", %d bytes per item", total / health.items());
        String size = health.server().isPresent() ? kib(health.databaseBytes()) + " of tables and indexes"
                : kib(health.databaseBytes()) + " database + " + kib(health.walBytes()) + " write-ahead log";
        checks.add(new HealthReport.Check("size", HealthReport.Status.ok, health.items() + (health.items() == 1 ? " item, " : " items, ")
                + size + perItem));
        return new HealthReport(checks);
    }

    private static String kib(long bytes) {
        return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
    }
}
