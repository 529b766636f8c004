package dev.graphiti.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.store.postgres.PostgresServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The explorer of a graph kept in PostgreSQL (GRAPHITI_STORE_URL, the PostgresServer fixture), from the packaged jar:
 * `graphiti ui` and the team server's page beside /mcp list, search and queue for review the items the CLI stored
 * there, and accept, supersede and delete act on them (the CLI, on the same database, sees the changes). No SQLite
 * file is made.
 */
class ExplorerOnPostgresIT {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    private static final String TOKEN = "team-token-0123456789abcdef";
    private static final Pattern UI_URL = Pattern.compile("is at (http://127\\.0\\.0\\.1:\\d+/) ");
    private static final Pattern TEAM_URL = Pattern.compile("the explorer at (http://127\\.0\\.0\\.1:\\d+/explorer/)");
    private static final Pattern CSRF = Pattern.compile("<meta name=\"graphiti-csrf\" content=\"([^\"]+)\">");

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();
    private final List<Process> started = new ArrayList<>();
    private PackagedGraphiti graphiti;

    @BeforeEach
    void graphInPostgres() throws Exception {
        graphiti = new PackagedGraphiti(dir, started).with("GRAPHITI_STORE_URL", POSTGRES.server().newDatabase());
        graphiti.importItems(
                "{\"id\":\"race0001\",\"kind\":\"bugfix\",\"title\":\"Fix the race in SessionStore.expire\",\"content\":\"Fix the"
                        + " race in SessionStore.expire: sessions were closed twice\",\"source\":\"capture:s1\","
                        + "\"created_at\":\"2026-03-02T11:30:00Z\"}",
                "{\"id\":\"prxy0001\",\"kind\":\"decision\",\"title\":\"Proxy\",\"content\":\"We deploy behind nginx with TLS\","
                        + "\"source\":\"git:abc123\",\"created_at\":\"2026-03-01T10:00:00Z\"}",
                "{\"id\":\"sqdb0001\",\"kind\":\"decision\",\"title\":\"Storage\",\"content\":\"We keep the team graph in"
                        + " PostgreSQL\",\"source\":\"manual\",\"created_at\":\"2026-02-01T09:00:00Z\"}");
    }

    @AfterEach
    void stop() throws Exception {
        Chromium.stop(started);
    }

    @Test
    void graphitiUiShowsAndChangesTheGraphInPostgres() throws Exception {
        String base = graphiti.start(graphiti.command("ui", "--port", "0"), UI_URL);
        exploreAndChange(base, Map.of());
    }

    @Test
    void theTeamServersExplorerShowsAndChangesTheGraphInPostgres() throws Exception {
        String base = graphiti.start(graphiti.with("GRAPHITI_HTTP_TOKEN", TOKEN).command("mcp", "serve", "--transport", "http",
                "--port", "0"), TEAM_URL);
        exploreAndChange(base, Map.of("Authorization", "Bearer " + TOKEN));
    }

    private void exploreAndChange(String base, Map<String, String> auth) throws Exception {
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(base)).build(), HttpResponse.BodyHandlers.ofString());
        Matcher csrf = CSRF.matcher(page.body());
        assertTrue(csrf.find(), page.body());

        String listed = get(base + "api/list", auth);
        for (String id : List.of("race0001", "prxy0001", "sqdb0001")) {
            assertTrue(listed.contains("\"" + id + "\""), "the items stored in PostgreSQL: " + listed);
        }
        String found = get(base + "api/search?q=sessions%20closed%20twice", auth);
        assertTrue(found.startsWith("[{\"id\":\"race0001\""), found);
        String review = get(base + "api/review", auth);
        assertTrue(review.contains("race0001") && review.contains("prxy0001") && !review.contains("sqdb0001"), review);

        assertEquals(200, post(base + "api/accept", auth, csrf.group(1), "{\"id\":\"race0001\"}").statusCode());
        HttpResponse<String> superseded = post(base + "api/supersede", auth, csrf.group(1),
                "{\"id\":\"prxy0001\",\"content\":\"We deploy behind Caddy with TLS\"}");
        assertEquals(200, superseded.statusCode(), superseded.body());
        assertEquals(200, post(base + "api/delete", auth, csrf.group(1), "{\"id\":\"sqdb0001\"}").statusCode());
        assertFalse(get(base + "api/review", auth).contains("race0001"), "accepted, so no longer awaiting review");

        // the CLI, on the same database, sees what the page did
        String current = graphiti.run("list", "--format", "json");
        assertTrue(current.contains("behind Caddy") && current.contains("race0001"), current);
        assertFalse(current.contains("prxy0001") || current.contains("sqdb0001"), "superseded and deleted: " + current);
        assertTrue(graphiti.run("show", "race0001", "--format", "json").contains("\"reviewed\""));
        assertFalse(Files.exists(dir.resolve("home")) && Files.list(dir.resolve("home")).anyMatch(file -> file.toString().endsWith(".db")),
                "no SQLite graph was made");
    }

    private String get(String url, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
        headers.forEach(request::header);
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), url + ": " + response.body());
        return response.body();
    }

    private HttpResponse<String> post(String url, Map<String, String> headers, String csrf, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .header("X-Graphiti-Csrf", csrf).POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
