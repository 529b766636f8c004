package dev.graphiti.tools.bench;

import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SecretRedaction;
import dev.graphiti.store.sqlite.SqliteStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Fills a project graph with items that look like a real project's: every kind in realistic shares,
 * titles and content that name modules, file paths, classes and methods, tags, and creation times
 * spread over two years. Seeded, so every run generates the same graph.
 */
public final class GraphGenerator {

    private static final List<String> MODULES = List.of("storage", "search", "ingest", "http", "cli", "auth", "billing",
            "cache", "scheduler", "export", "render", "sync");
    private static final List<String> CLASSES = List.of("Repository", "Service", "Controller", "Index", "Reader",
            "Writer", "Parser", "Planner", "Client", "Codec", "Pool", "Queue");
    private static final List<String> VERBS = List.of("load", "store", "flush", "retry", "resolve", "merge", "encode",
            "decode", "schedule", "evict", "validate", "rank");
    private static final List<String> WHY = List.of("because the old path held a lock across network calls",
            "since measurements showed p95 latency doubling under load", "to keep one writer per database file",
            "because users lost edits when two processes wrote at once", "to stop retry storms after a deploy",
            "since the cache served stale entries after a schema change", "to make the behaviour testable without mocks",
            "because the vendor API rate-limits bursts above 50 requests per second");

    private final Random random = new Random(42);

    /** Writes {@code count} items into the project graph at {@code database}. */
    public void generate(Path database, int count) {
        Instant start = Instant.parse("2024-11-01T00:00:00Z");
        try (var repository = new SqliteStore(Duration.ofSeconds(5), Duration.ofSeconds(60)).open(database, Scope.project)) {
            var items = new ItemService(repository, Scope.project, text -> new SecretRedaction.Redacted(text, 0),
                    new EntityExtractor(), new ItemIds(), Clock.systemUTC(), 1 << 20);
            for (int i = 0; i < count; i++) {
                Instant at = start.plus(Duration.ofMinutes(105L * i + random.nextInt(60)));
                items.add(item(i, at));
            }
        }
    }

    private NewItem item(int i, Instant at) {
        String module = pick(MODULES);
        String type = capitalize(module) + pick(CLASSES);
        String file = "src/main/java/dev/app/" + module + "/" + type + ".java";
        String method = pick(VERBS) + capitalize(pick(VERBS)) + "s";
        String other = "src/main/java/dev/app/" + pick(MODULES) + "/" + capitalize(pick(MODULES)) + pick(CLASSES) + ".java";
        int roll = random.nextInt(100);
        Kind kind;
        String title;
        String content;
        if (roll < 10) {
            kind = Kind.decision;
            title = "Use " + pick(List.of("a bounded queue", "SQLite WAL", "optimistic locking", "a read-through cache",
                    "idempotency keys", "batch writes")) + " in " + module + " (#" + i + ")";
            content = title + " " + pick(WHY) + ". " + type + "." + method + "() in " + file
                    + " now goes through it; " + other + " follows next.";
        } else if (roll < 15) {
            kind = Kind.architecture;
            title = capitalize(module) + " layer: " + type + " owns " + method + " (#" + i + ")";
            content = "The " + module + " module is split into " + type + " (" + file + ") and its callers; data flows "
                    + "one way, " + pick(WHY) + ". See also " + other + ".";
        } else if (roll < 30) {
            kind = Kind.bugfix;
            title = "Fix " + method + " in " + type + " dropping entries (#" + i + ")";
            content = "Root cause: " + type + "." + method + "() in " + file + " ignored the result of "
                    + pick(VERBS) + "(), so entries were dropped when the " + pick(MODULES)
                    + " queue was full. Fixed by checking it and retrying with backoff; regression test in "
                    + file.replace("main", "test").replace(".java", "Test.java") + ".";
        } else if (roll < 35) {
            kind = Kind.preference;
            title = "Prefer " + pick(List.of("records for data carriers", "constructor injection", "small files",
                    "real databases in tests", "explicit timeouts", "JSON-P over Jackson")) + " (#" + i + ")";
            content = title + " in " + module + " code, " + pick(WHY) + ".";
        } else if (roll < 40) {
            kind = Kind.pattern;
            title = capitalize(pick(VERBS)) + " through " + type + " (#" + i + ")";
            content = "Callers never " + method + " directly; they go through " + type + " in " + file + " which "
                    + "handles retries and metrics. Example: " + other + ".";
        } else if (roll < 60) {
            kind = Kind.note;
            title = capitalize(module) + " note: " + method + " cache size (#" + i + ")";
            content = "The " + module + " cache holds about " + (100 + random.nextInt(900)) + " entries; " + type + "."
                    + method + "() is called from " + other + " on every request.";
        } else {
            kind = Kind.commit;
            title = pick(List.of("Add", "Refactor", "Extract", "Speed up", "Simplify", "Cache")) + " " + method
                    + " in " + type + " (" + Integer.toHexString(0x100000 + i) + ")";
            content = title + "\n\nTouches " + file + " and " + other + ".";
        }
        List<String> tags = List.of(module, kind.name());
        return new NewItem(kind, Optional.of(title), content, tags,
                kind == Kind.commit ? "git:" + String.format("%040x", i) : "manual", Optional.empty(), Optional.of(at));
    }

    private String pick(List<String> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static String capitalize(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
