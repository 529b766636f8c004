package dev.graphiti.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Two server processes of the packaged jar on one PostgreSQL database behind nginx's round robin, loaded by
 * {@link FailoverLoad}, one of them killed with SIGKILL a third of the way in; then the graph is read back with
 * the jar's own {@code graphiti list} on that database and set against what the clients saw acknowledged. Both
 * instances have the same {@code graphiti.home}, so they name the global graph alike (the name of a graph in the
 * database is its location's path). Semantic search is off: this is about the write path, and two embedding
 * models beside PostgreSQL and the load would only share out two cores more thinly.
 */
public final class TwoInstances {

    /** The outcome: the clients' view, the graph's, and who served what before the kill. */
    public record Report(FailoverLoad.Result load, Set<String> lost, Set<String> storedTwice, int items,
                         Map<String, Integer> answeredBeforeKill, boolean survivorAlive, double serversCpuSeconds) {
    }

    private TwoInstances() {
    }

    public static Report run(Path jar, Path nginxBin, String storeUrl, Path work, int clients, int addsPerClient)
            throws Exception {
        Path home = work.resolve("home");
        Map<String, String> properties = Map.of("graphiti.home", home.toString(), "graphiti.semantic", "off");
        Map<String, String> environment = Map.of("GRAPHITI_STORE_URL", storeUrl);
        List<JarServer> servers = new ArrayList<>();
        try {
            for (String name : List.of("a", "b")) {
                servers.add(JarServer.start(jar, work, work.resolve("server-" + name + ".log"), properties, environment));
            }
            try (var nginx = Nginx.start(nginxBin, work.resolve("nginx"), servers.stream().map(JarServer::endpoint).toList())) {
                var load = new FailoverLoad(nginx.endpoint("/mcp"), clients, addsPerClient);
                Map<String, Integer> before = new HashMap<>();
                Duration[] killedCpu = {Duration.ZERO};
                FailoverLoad.Result result = load.run(() -> {
                    before.putAll(nginx.answeredBy());
                    killedCpu[0] = servers.get(0).cpu();
                    servers.get(0).kill();
                });
                boolean survivorAlive = servers.get(1).isAlive();
                double cpu = (killedCpu[0].toMillis() + servers.get(1).cpu().toMillis()) / 1000.0;
                Map<String, Integer> stored = titles(jar, work, properties, environment);
                Set<String> lost = new TreeSet<>(result.acknowledged());
                lost.removeAll(stored.keySet());
                Set<String> twice = new TreeSet<>();
                stored.forEach((title, count) -> {
                    if (count > 1) {
                        twice.add(title);
                    }
                });
                int items = stored.values().stream().mapToInt(Integer::intValue).sum();
                return new Report(result, lost, twice, items, before, survivorAlive, cpu);
            }
        } finally {
            for (JarServer server : servers) {
                server.close();
            }
        }
    }

    /** The titles of the global graph's failover facts and how often each is stored, by `graphiti list` on the database. */
    private static Map<String, Integer> titles(Path jar, Path work, Map<String, String> properties,
                                               Map<String, String> environment) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        properties.forEach((name, value) -> command.add("-D" + name + "=" + value));
        command.addAll(List.of("-jar", jar.toAbsolutePath().toString(), "list", "--global", "--limit", "10000", "--format", "json"));
        Path out = work.resolve("list.json");
        Path err = work.resolve("list.err");
        var builder = new ProcessBuilder(command).directory(work.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().remove("GRAPHITI_HOME");
        builder.environment().putAll(environment);
        Process list = builder.start();
        if (!list.waitFor(120, TimeUnit.SECONDS) || list.exitValue() != 0) {
            list.destroyForcibly();
            throw new IllegalStateException("graphiti list failed: " + Files.readString(err, StandardCharsets.UTF_8));
        }
        Map<String, Integer> counts = new HashMap<>();
        for (JsonObject item : Json.createReader(new StringReader(Files.readString(out, StandardCharsets.UTF_8)))
                .readArray().getValuesAs(JsonObject.class)) {
            String title = item.getString("title");
            if (title.startsWith("Failover client ")) {
                counts.merge(title, 1, Integer::sum);
            }
        }
        return counts;
    }
}
