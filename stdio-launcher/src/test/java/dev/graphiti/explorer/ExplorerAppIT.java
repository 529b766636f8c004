package dev.graphiti.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The explorer as an MCP App, in a real host: the packaged jar serves MCP over streamable HTTP; a small host page in
 * headless Chromium connects to it with the MCP TypeScript client declaring the io.modelcontextprotocol/ui extension,
 * reads the app graphiti_search names (ui://graphiti/explorer), shows it in a sandboxed frame and bridges it with the
 * ext-apps package's own AppBridge (npm, no bundler: an import map). The app shows the search the host ran, searches
 * again and opens an item through the host's tools/call, shows an item whose text is markup as text, and cannot reach
 * the network. The test serves the host page and the npm files and passes /mcp through to the server (the same origin
 * for the page). Screenshots in target/explorer-screenshots (app-search, app-item). Skipped without GRAPHITI_CHROMIUM
 * or GRAPHITI_EXT_APPS_HOME (scripts/test sets both).
 */
@Tag("browser")
class ExplorerAppIT {

    private static final Pattern READY = Pattern.compile("MCP server \\(streamable HTTP\\) at (http://[^ ]+/mcp)");
    private static final String SCRIPT_TITLE = "<script>window.pwned=1</script><img src=x onerror=\\\"window.pwned=2\\\"> Retry webhooks";
    /** Headers a java.net.http client sets itself. */
    private static final Set<String> OWN_HEADERS = Set.of("host", "connection", "content-length", "expect", "upgrade", "keep-alive",
            "transfer-encoding");

    @TempDir
    Path tmp;

    private final List<Process> started = new ArrayList<>();
    private final List<JsonObject> forwarded = new CopyOnWriteArrayList<>();
    private final List<String> origins = new CopyOnWriteArrayList<>();
    private String chromium;
    private Path npm;
    private Path shots;
    private HttpServer host;

    @BeforeEach
    void needsChromiumAndTheExtAppsPackage() throws Exception {
        chromium = System.getenv("GRAPHITI_CHROMIUM");
        String extApps = System.getenv("GRAPHITI_EXT_APPS_HOME");
        Assumptions.assumeTrue(chromium != null && !chromium.isBlank() && extApps != null && !extApps.isBlank(),
                "ExplorerAppIT skipped: GRAPHITI_CHROMIUM or GRAPHITI_EXT_APPS_HOME is not set; scripts/test installs Debian's"
                        + " chromium and @modelcontextprotocol/ext-apps under .cache and sets them");
        npm = Path.of(extApps, "node_modules").toRealPath();
        shots = Files.createDirectories(Path.of("target", "explorer-screenshots"));
    }

    @AfterEach
    void stop() throws Exception {
        if (host != null) {
            host.stop(0);
        }
        Chromium.stop(started);
    }

    @Test
    void theAppSearchesAndOpensItemsThroughTheHostAndShowsMarkupAsText() throws Exception {
        String mcp = serve();
        String base = host(mcp);
        try (DevTools page = Chromium.start(chromium, tmp, started)) {
            String args = "{\"query\":\"webhooks\"}";
            page.navigate(base + "?tool=graphiti_search&args=" + URLEncoder.encode(args, StandardCharsets.UTF_8));
            page.waitFor("window.host && (window.host.error || window.host.toolResult)");
            assertEquals("undefined", page.text("String(window.host.error)"));
            assertEquals("ui://graphiti/explorer", page.text("window.host.uri"), "graphiti_search names its app for this client");
            assertEquals("text/html;profile=mcp-app", page.text("window.host.mimeType"));
            assertEquals("[\"content\",\"isError\",\"structuredContent\"]",
                    page.text("JSON.stringify(Object.keys(window.host.toolResult).sort())"), "the text fallback and the app's rows");

            page.enterChildFrame();
            page.waitFor("document.querySelectorAll('#results li').length === 1");
            assertEquals(SCRIPT_TITLE.replace("\\\"", "\""), page.text("document.querySelector('#results a.title').textContent"));
            assertEquals("webhooks", page.text("document.getElementById('q').value"), "the host's query");
            assertEquals("undefined", page.text("String(window.pwned)"), "the item's markup never runs");
            assertEquals("0", page.text("String(document.querySelectorAll('main script, main img').length)"));
            page.leaveFrame();
            page.waitFor("document.getElementById('app').offsetHeight < 640"); // the app said its size
            shot(page, "app-search");

            page.enterChildFrame();
            page.eval("const box = document.getElementById('q'); box.value = 'SessionStore';"
                    + " box.dispatchEvent(new Event('input'))");
            page.waitFor("document.querySelector('#results li[data-id=race0001]')");
            page.eval("document.getElementById('q').value = 'webhooks'; document.getElementById('q').dispatchEvent(new Event('input'))");
            page.waitFor("document.querySelector('#results li[data-id=wbhk0001]')");
            page.eval("document.querySelector('#results a.title').click()");
            page.waitFor("document.getElementById('content')");
            assertTrue(page.text("document.getElementById('content').textContent").endsWith("with backoff in WebhookSender.java"));
            assertEquals(SCRIPT_TITLE.replace("\\\"", "\""), page.text("document.querySelector('#item h1').textContent"));
            assertTrue(page.text("document.getElementById('item').innerText").contains("WebhookSender.java (file)"));
            assertEquals("undefined", page.text("String(window.pwned)"));
            assertEquals("0", page.text("String(document.querySelectorAll('main script, main img').length)"));
            assertEquals("blocked", page.text("fetch('" + base + "mcp', {method: 'POST', body: '{}'}).then(() => 'reached', () => 'blocked')"),
                    "the app cannot reach the server, or anything, but through the host");
            page.leaveFrame();
            shot(page, "app-item");
        }
        assertTrue(calls("graphiti_search").stream().anyMatch(call -> call.contains("\"query\":\"SessionStore\"")), "the app's own search went through the host: "
                + forwarded);
        assertTrue(calls("graphiti_show").contains("{\"id\":\"wbhk0001\"}"), "so did opening the item: " + forwarded);
        String hostOrigin = base.substring(0, base.length() - 1);
        assertTrue(origins.stream().allMatch(said -> said.equals("POST " + hostOrigin) || said.equals("GET (none)")
                || said.equals("DELETE " + hostOrigin)), "every request to /mcp came from the host page: " + origins);
    }

    private List<String> calls(String tool) {
        return forwarded.stream().filter(m -> "tools/call".equals(m.getString("method", ""))
                        && tool.equals(m.getJsonObject("params").getString("name")))
                .map(m -> m.getJsonObject("params").getJsonObject("arguments").toString()).toList();
    }

    private void shot(DevTools page, String name) throws Exception {
        Files.write(shots.resolve(name + ".png"), page.screenshot());
    }

    /** Imports the test's items into the global graph and starts the team server on it; returns its /mcp URL. */
    private String serve() throws Exception {
        PackagedGraphiti graphiti = new PackagedGraphiti(tmp, started);
        graphiti.importItems(
                "{\"id\":\"wbhk0001\",\"kind\":\"decision\",\"title\":\"" + SCRIPT_TITLE + "\",\"content\":\"" + SCRIPT_TITLE
                        + " with backoff in WebhookSender.java\",\"source\":\"capture:s1\",\"entities\":[{\"name\":\"WebhookSender.java\","
                        + "\"type\":\"file\"}],\"created_at\":\"2026-03-01T10:00:00Z\"}",
                "{\"id\":\"race0001\",\"kind\":\"bugfix\",\"title\":\"Fix the race in SessionStore.expire\",\"content\":\"Fix the"
                        + " race in SessionStore.expire: sessions were closed twice\",\"source\":\"git:abc123\",\"entities\":[{\"name\":"
                        + "\"SessionStore.expire\",\"type\":\"identifier\"}],\"created_at\":\"2026-03-02T11:30:00Z\"}");
        return graphiti.start(graphiti.command("mcp", "serve", "--transport", "http", "--port", "0"), READY);
    }

    /** Serves the host page at / and the npm files at /npm/, and passes /mcp through to {@code mcp}; returns its base URL. */
    private String host(String mcp) throws IOException {
        HttpClient http = HttpClient.newHttpClient();
        host = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        host.setExecutor(Executors.newCachedThreadPool());
        host.createContext("/", exchange -> {
            try (exchange) {
                String path = exchange.getRequestURI().getPath();
                if (path.equals("/")) {
                    try (InputStream page = ExplorerAppIT.class.getResourceAsStream("app-host.html")) {
                        send(exchange, 200, "text/html; charset=utf-8", page.readAllBytes());
                    }
                } else if (path.startsWith("/npm/")) {
                    Path file = npm.resolve(path.substring(5)).normalize();
                    if (!file.startsWith(npm) || !Files.isRegularFile(file)) {
                        send(exchange, 404, "text/plain", "not found".getBytes(StandardCharsets.UTF_8));
                    } else {
                        send(exchange, 200, "text/javascript; charset=utf-8", Files.readAllBytes(file));
                    }
                } else {
                    send(exchange, 404, "text/plain", "not found".getBytes(StandardCharsets.UTF_8));
                }
            }
        });
        host.createContext("/mcp", exchange -> {
            try (exchange) {
                passThrough(http, URI.create(mcp), exchange);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        host.start();
        return "http://127.0.0.1:" + host.getAddress().getPort() + "/";
    }

    /** Forwards one request to the server and streams its answer back (a server-sent event stream as it comes). */
    private void passThrough(HttpClient http, URI mcp, HttpExchange exchange) throws IOException, InterruptedException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        // a POST from a page says its origin; a sandboxed frame's is "null"; a same-origin GET says none
        origins.add(exchange.getRequestMethod() + " " + exchange.getRequestHeaders().getOrDefault("Origin", List.of("(none)")).get(0));
        if (body.length > 0) {
            JsonValue message = Json.createReader(new StringReader(new String(body, StandardCharsets.UTF_8))).readValue();
            if (message instanceof JsonObject object) {
                forwarded.add(object);
            }
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(mcp).method(exchange.getRequestMethod(),
                body.length == 0 ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
            if (!OWN_HEADERS.contains(header.getKey().toLowerCase(java.util.Locale.ROOT))) {
                header.getValue().forEach(value -> request.header(header.getKey(), value));
            }
        }
        HttpResponse<InputStream> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        answer.headers().map().forEach((name, values) -> {
            if (!OWN_HEADERS.contains(name.toLowerCase(java.util.Locale.ROOT)) && !name.startsWith(":")) {
                exchange.getResponseHeaders().put(name, values);
            }
        });
        try (InputStream in = answer.body()) {
            boolean empty = answer.statusCode() == 202 || answer.statusCode() == 204
                    || answer.headers().firstValueAsLong("content-length").orElse(-1) == 0;
            exchange.sendResponseHeaders(answer.statusCode(), empty ? -1 : 0);
            if (!empty) {
                OutputStream out = exchange.getResponseBody();
                byte[] buffer = new byte[8192];
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    out.write(buffer, 0, read);
                    out.flush();
                }
            }
        }
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
    }
}
