package dev.graphiti.cli;

import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/** Generated knowledge that reads like a real project's: decisions, bug fixes, notes about its code. */
final class RealisticItems {

    private static final String[] COMPONENTS = {"billing", "auth", "search", "ingest", "scheduler", "gateway",
            "notifications", "reporting", "checkout", "inventory", "profile", "audit", "export", "sync", "cache"};
    private static final String[] LIBRARIES = {"sqlite", "postgres", "redis", "kafka", "jackson", "picocli", "jetty",
            "hibernate", "junit", "mockito", "react", "webpack", "docker", "kubernetes", "grpc", "netty", "guava"};
    private static final String[] VERBS = {"retry", "cache", "batch", "validate", "serialize", "index", "paginate",
            "throttle", "encrypt", "migrate", "log", "shard", "debounce", "stream", "compress"};
    private static final String[] NOUNS = {"requests", "sessions", "invoices", "tokens", "events", "records",
            "uploads", "queries", "webhooks", "reports", "orders", "messages", "snapshots", "jobs", "users"};
    private static final String[] REASONS = {"to keep p95 latency under 200 ms", "because the old path dropped writes under load",
            "so that restarts do not lose work", "after the outage in the last release", "to halve memory use",
            "since the vendor API rate-limits at 100 requests per second", "so tests stay deterministic",
            "because reviewers kept missing it", "to avoid the N+1 query pattern", "so on-call can trace failures"};
    private static final Kind[] KINDS = {Kind.decision, Kind.decision, Kind.architecture, Kind.bugfix, Kind.bugfix,
            Kind.preference, Kind.pattern, Kind.note, Kind.note, Kind.note, Kind.commit, Kind.conversation};

    private final Random random;
    private final Instant now;

    RealisticItems(long seed, Instant now) {
        this.random = new Random(seed);
        this.now = now;
    }

    NewItem next(int n) {
        String component = pick(COMPONENTS);
        String library = pick(LIBRARIES);
        String verb = pick(VERBS);
        String noun = pick(NOUNS);
        Kind kind = pick(KINDS);
        String type = capitalize(component) + capitalize(noun.substring(0, noun.length() - 1)) + pick(new String[] {"Service", "Repository", "Handler", "Client", "Job"});
        String file = "src/main/java/com/example/" + component + "/" + type + ".java";
        String title = capitalize(verb) + " " + noun + " in " + component + " with " + library + " (#" + n + ")";
        StringBuilder content = new StringBuilder();
        content.append("We ").append(verb).append(' ').append(noun).append(" in the ").append(component)
                .append(" module using ").append(library).append(' ').append(pick(REASONS)).append(". ");
        int sentences = 1 + random.nextInt(5);
        for (int s = 0; s < sentences; s++) {
            content.append("See ").append(type).append('.').append(verb).append(capitalize(pick(NOUNS))).append("() in ")
                    .append(file).append("; it must ").append(pick(VERBS)).append(' ').append(pick(NOUNS)).append(' ')
                    .append(pick(REASONS)).append(". ");
        }
        List<String> tags = List.of(component, pick(new String[] {"perf", "reliability", "security", "dx", "ops", "api"}));
        Instant created = now.minus(Duration.ofMinutes(random.nextInt(2 * 365 * 24 * 60)));
        return new NewItem(kind, Optional.of(title), content.toString().strip(), tags, "manual", Optional.empty(),
                Optional.of(created));
    }

    /** A query someone might type: one to three words about the same vocabulary. */
    String query() {
        return switch (random.nextInt(4)) {
            case 0 -> pick(VERBS) + " " + pick(NOUNS);
            case 1 -> pick(COMPONENTS) + " " + pick(LIBRARIES);
            case 2 -> pick(VERBS) + " " + pick(COMPONENTS) + " " + pick(NOUNS);
            default -> pick(LIBRARIES);
        };
    }

    private <T> T pick(T[] values) {
        return values[random.nextInt(values.length)];
    }

    private static String capitalize(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
