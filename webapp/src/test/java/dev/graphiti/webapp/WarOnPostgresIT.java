package dev.graphiti.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.cli.Cli;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.store.postgres.PostgresServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The WAR on PostgreSQL the way an application server provides a database: Payara Micro gets the PostgreSQL JDBC
 * driver on its classpath and, by post-boot asadmin commands, a connection pool and the JDBC resource jdbc/graphiti;
 * the WAR gets only {@code graphiti.store.jndi=jdbc/graphiti}. A tool call stores into that database (the CLI reads
 * it back from there, and no SQLite file appears), a search finds it by its words, and once the server has embedded
 * the items in the background (vectors kept in PostgreSQL) a search finds one by its meaning alone. The explorer
 * beside /mcp finds the item there too and accepts it (the CLI sees it tagged).
 */
@Tag("appserver")
class WarOnPostgresIT {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    static final String TOKEN = "postgres-team-token-0123456789";

    @Test
    void toolCallsStoreThroughTheServersPoolAndSearchFindsByWordsAndMeaning() throws Exception {
        PostgresServer postgres = POSTGRES.server();
        String url = postgres.newDatabase();
        String database = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
        Path target = Path.of(System.getProperty("graphiti.war")).getParent();
        Path work = Files.createTempDirectory(Files.createDirectories(target.resolve("payara-it")), "postgres-");
        Path home = Files.createDirectories(work.resolve("graphiti-home"));
        Path projects = Files.createDirectories(work.resolve("projects")).toRealPath();
        // A pool's login needs a password in Payara (without one: "No password credential found"); the fixture's server
        // trusts loopback logins, so any will do.
        var resources = new PayaraMicro.Resources(List.of(
                "create-jdbc-connection-pool --datasourceclassname=org.postgresql.ds.PGSimpleDataSource"
                        + " --restype=javax.sql.DataSource --property=user=" + postgres.user() + ":password=unchecked"
                        + ":serverName=127.0.0.1:portNumber="
                        + postgres.port() + ":databaseName=" + database + " graphiti-pool",
                "create-jdbc-resource --connectionpoolid=graphiti-pool jdbc/graphiti"),
                List.of(Path.of(System.getProperty("postgresql.jdbc.jar"))));
        try (var payara = PayaraMicro.start(Path.of(System.getProperty("payara.micro.jar")), Path.of(System.getProperty("graphiti.war")),
                work, PayaraMicro.freePort(), Map.of("graphiti.home", home.toString(), "graphiti.http.token", TOKEN,
                        "graphiti.allowed-roots", projects.toString(), "graphiti.store.jndi", "jdbc/graphiti"), resources, Duration.ofMinutes(5))) {
            McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(payara.base())
                    .endpoint(PayaraMicro.CONTEXT + "/mcp")
                    .httpRequestCustomizer((builder, method, uri, body, context) -> builder.header("Authorization", "Bearer " + TOKEN))
                    .build()).requestTimeout(Duration.ofSeconds(120)).build();
            try {
                client.initialize();
                add(client, "Primary store", "We moved from MySQL to PostgreSQL 16 for JSONB support.", "decision");
                add(client, "Release process", "Releases go out with scripts/deploy.sh, which pushes the image and rolls the"
                        + " production cluster.", "architecture");
                add(client, "Team lunch", "Boil the pasta for nine minutes in salted water.", "note");

                String byWords = call(client, "graphiti_search", Map.of("query", "JSONB support", "scope", "global"));
                assertTrue(byWords.contains("Primary store"), byWords);

                // No word of the question is in the decision: only its meaning can find it, once the server has embedded
                // the items in the background (until then the search says semantic is pending and finds nothing).
                long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
                String byMeaning;
                while (!(byMeaning = call(client, "graphiti_search", Map.of("query", "which database do we run on",
                        "scope", "global", "limit", 1))).contains("Primary store")) {
                    assertTrue(System.nanoTime() < deadline, "not found by meaning in time: " + byMeaning);
                    Thread.sleep(500);
                }
                System.out.println("found by meaning: " + byMeaning);
                assertFalse(byMeaning.contains("Team lunch"), byMeaning);
                accept(payara.base() + PayaraMicro.CONTEXT + "/explorer/");
            } finally {
                client.closeGracefully();
            }
        }
        try (Stream<Path> files = Files.walk(home)) {
            assertEquals(List.of(), files.filter(file -> file.toString().endsWith(".db")).toList(), "no SQLite graph beside PostgreSQL");
        }
        // The graph is the database's: the CLI on the same database (by URL) and the same home lists what the WAR stored.
        var out = new StringWriter();
        try (var cli = new Cli(CliEnvironment.embedded(Map.of("GRAPHITI_HOME", home.toString(), "HOME", work.toString(),
                "GRAPHITI_STORE_URL", url)))) {
            assertEquals(0, cli.run(List.of("-g", "list", "--format", "json"), work, InputStream.nullInputStream(),
                    new PrintWriter(out), new PrintWriter(out)), out::toString);
        }
        for (String title : List.of("Primary store", "Release process", "Team lunch")) {
            assertTrue(out.toString().contains("\"title\":\"" + title + "\""), out::toString);
        }
        assertTrue(out.toString().contains("\"title\":\"Primary store\",\"tags\":[\"reviewed\"]"), "accepted in the explorer: " + out);
    }

    /** The explorer beside /mcp shows the graph in the database and accepts an item there (the CLI sees its tag). */
    private static void accept(String explorer) throws Exception {
        var page = WarOnPayaraMicroIT.send(HttpRequest.newBuilder(URI.create(explorer)).GET());
        Matcher csrf = Pattern.compile("name=\"graphiti-csrf\" content=\"([^\"]+)\"").matcher(page.body());
        assertTrue(csrf.find(), page.body());
        var found = WarOnPayaraMicroIT.send(HttpRequest.newBuilder(URI.create(explorer + "api/search?q=JSONB"))
                .header("Authorization", "Bearer " + TOKEN).GET());
        Matcher id = Pattern.compile("^\\[\\{\"id\":\"(\\w+)\",\"kind\":\"decision\",\"title\":\"Primary store\"").matcher(found.body());
        assertTrue(id.find(), "the explorer finds what the tools stored in PostgreSQL: " + found.body());
        var accepted = WarOnPayaraMicroIT.send(HttpRequest.newBuilder(URI.create(explorer + "api/accept"))
                .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
                .header("X-Graphiti-Csrf", csrf.group(1)).POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"" + id.group(1) + "\"}")));
        assertEquals(200, accepted.statusCode(), accepted.body());
    }

    private static void add(McpSyncClient client, String title, String content, String kind) {
        call(client, "graphiti_add", Map.of("title", title, "content", content, "kind", kind, "scope", "global"));
    }

    private static String call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        var result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        String text = WarOnPayaraMicroIT.text(result);
        assertFalse(Boolean.TRUE.equals(result.isError()), tool + ": " + text);
        return text;
    }
}
