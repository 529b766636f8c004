package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The explorer behind a round-robin balancer, no sticky sessions: two team server processes of the packaged jar on one
 * graph with the same bearer token; the page loaded from one, a change sent to the other with the page's CSRF token
 * is made. A process of another deployment (another token set) refuses that token.
 */
class ExplorerBehindBalancerIT {

    private static final String TOKEN = "team-token-0123456789abcdef";
    private static final Pattern CSRF = Pattern.compile("<meta name=\"graphiti-csrf\" content=\"([^\"]+)\">");

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aPageFromOneInstanceChangesTheGraphThroughAnother() throws Exception {
        Path home = dir.resolve("home");
        Path items = dir.resolve("items.jsonl");
        Files.writeString(items, "{\"graphiti\":\"items\",\"version\":1}\n{\"id\":\"race0001\",\"kind\":\"bugfix\",\"title\":\"Fix the"
                + " race in SessionStore.expire\",\"content\":\"Sessions were closed twice\",\"source\":\"git:abc123\","
                + "\"created_at\":\"2026-03-02T11:30:00Z\"}\n");
        Process load = graphiti(home, "-g", "import", items.toString()).redirectErrorStream(true).start();
        String loaded = new String(load.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, load.waitFor(), loaded);

        List<Process> servers = new ArrayList<>();
        try {
            List<String> explorers = new ArrayList<>();
            for (String tokens : List.of(TOKEN, TOKEN, TOKEN + ",another-member-0123456789")) {
                Path log = dir.resolve("server-" + servers.size() + ".log");
                ProcessBuilder builder = graphiti(home, "mcp", "serve", "--transport", "http", "--port", "0")
                        .redirectErrorStream(true).redirectOutput(log.toFile());
                builder.environment().put("GRAPHITI_HTTP_TOKEN", tokens);
                Process server = builder.start();
                servers.add(server);
                explorers.add("http://127.0.0.1:" + TeamServerIT.awaitPort(server, log) + "/explorer/");
            }
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(explorers.get(0))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode());
            Matcher csrf = CSRF.matcher(page.body());
            assertTrue(csrf.find(), page.body());

            HttpResponse<String> accepted = accept(explorers.get(1), csrf.group(1));
            assertEquals(200, accepted.statusCode(), "the other instance takes the page's token: " + accepted.body());
            HttpResponse<String> item = http.send(HttpRequest.newBuilder(URI.create(explorers.get(0) + "api/item?id=race0001"))
                    .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
            assertTrue(item.body().contains("\"tags\":[\"reviewed\"]"), item.body());

            HttpResponse<String> foreign = accept(explorers.get(2), csrf.group(1));
            assertEquals(403, foreign.statusCode(), foreign.body());
            assertTrue(foreign.body().contains("reload the page"), foreign.body());
        } finally {
            for (Process server : servers) {
                server.destroy();
                server.waitFor(60, TimeUnit.SECONDS);
            }
        }
    }

    private HttpResponse<String> accept(String explorer, String csrf) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(explorer + "api/accept")).header("Authorization", "Bearer " + TOKEN)
                .header("Content-Type", "application/json").header("X-Graphiti-Csrf", csrf)
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"race0001\"}")).build(), HttpResponse.BodyHandlers.ofString());
    }

    private ProcessBuilder graphiti(Path home, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", Path.of(System.getProperty("graphiti.jar")).toAbsolutePath().toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().put("GRAPHITI_HOME", home.toString());
        builder.environment().put("HOME", dir.toString());
        builder.environment().put("GRAPHITI_SEMANTIC", "off");
        return builder;
    }
}
