package dev.graphiti.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Two instances, one killed: {@link TwoInstances} with {@code bench.clients} (8) clients of {@code bench.adds} (100)
 * adds each (every add followed by a search) on the database of GRAPHITI_STORE_URL. Prints throughput, p50/p99, the
 * errors clients saw, the adds they sent again, and the items lost or stored twice; exits 1 when one is lost or
 * doubled. Run by scripts/bench-postgres.
 */
public final class FailoverBenchmark {

    private static final int CLIENTS = Integer.getInteger("bench.clients", 8);
    private static final int ADDS = Integer.getInteger("bench.adds", 100);

    private FailoverBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String url = System.getenv("GRAPHITI_STORE_URL");
        Path nginx = Nginx.binaries().orElseThrow(() -> new IllegalStateException("no nginx: run scripts/install-nginx"));
        if (url == null || url.isBlank()) {
            throw new IllegalStateException("GRAPHITI_STORE_URL names the PostgreSQL database");
        }
        Path work = Files.createTempDirectory("graphiti-failover");
        try {
            System.out.printf("two instances of %s on one PostgreSQL behind nginx round robin; %d clients x %d adds "
                    + "(each followed by a search), 2026-07-28 stateless; instance a killed (SIGKILL) at a third of the adds%n",
                    System.getProperty("graphiti.jar"), CLIENTS, ADDS);
            var report = TwoInstances.run(Path.of(System.getProperty("graphiti.jar")), nginx, url, work, CLIENTS, ADDS);
            var load = report.load();
            System.out.println("answered before the kill: " + report.answeredBeforeKill());
            System.out.printf(Locale.ROOT, "throughput %.0f tool calls/s over %.1f s, servers' CPU %.1f s; p50 %.1f ms, p99 %.1f ms; "
                    + "%d calls succeeded (%d after the kill); errors seen by clients %d; adds sent again %d%n",
                    load.succeeded() / load.seconds(), load.seconds(), report.serversCpuSeconds(), load.latencies().p50(),
                    load.latencies().p99(),
                    load.succeeded(), load.succeededAfterKill(), load.errors(), load.retriedAdds());
            load.firstErrors().forEach(error -> System.out.println("error: " + error));
            System.out.printf("adds acknowledged %d of %d; in the graph %d items; lost %d; stored twice %d%n",
                    load.acknowledged().size(), CLIENTS * ADDS, report.items(), report.lost().size(), report.storedTwice().size());
            if (!report.lost().isEmpty() || !report.storedTwice().isEmpty() || load.acknowledged().size() != CLIENTS * ADDS) {
                System.out.println("FAILED: lost " + report.lost() + ", stored twice " + report.storedTwice());
                System.exit(1);
            }
        } finally {
            try (Stream<Path> files = Files.walk(work)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }
}
