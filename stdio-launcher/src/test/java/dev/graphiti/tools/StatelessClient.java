package dev.graphiti.tools;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A 2026-07-28 client over real HTTP (java.net.http): every request on its own, with the standard headers; with the
 * tasks extension, it reads a task (tasks/get), waits for its end, and watches it (subscriptions/listen).
 */
final class StatelessClient {

    static final String MODERN = "2026-07-28";
    /** Client capabilities declaring the tasks extension. */
    static final String TASKS = "{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}";

    private final URI endpoint;
    private final HttpClient http = HttpClient.newHttpClient();
    private final AtomicInteger ids = new AtomicInteger();

    StatelessClient(URI endpoint) {
        this.endpoint = endpoint;
    }

    /** The result object of one request, or the whole answer when it is an error ({"error": ...}). */
    JsonObject call(String method, String name, String params, String capabilities) throws Exception {
        return call(method, name, params, capabilities, Map.of());
    }

    JsonObject call(String method, String name, String params, String capabilities, Map<String, String> headers) throws Exception {
        String inner = params.substring(1, params.length() - 1);
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + ids.incrementAndGet() + ",\"method\":\"" + method + "\",\"params\":{" + inner
                + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" + MODERN + "\","
                + "\"io.modelcontextprotocol/clientCapabilities\":" + capabilities + "}}}";
        var request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", MODERN).header("Mcp-Method", method).header("Mcp-Name", name)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        var response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        String text = response.body();
        if (response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
            text = text.lines().filter(l -> l.startsWith("data:")).reduce((a, b) -> b).orElseThrow().substring(5).strip();
        }
        JsonObject answer = Json.createReader(new StringReader(text)).readObject();
        return answer.containsKey("result") ? answer.getJsonObject("result") : answer;
    }

    /** The task's state (tasks/get). */
    JsonObject task(String id) throws Exception {
        return call("tasks/get", id, "{\"taskId\":\"" + id + "\"}", TASKS);
    }

    /** The task's state once it is no longer working, polled every 100 ms (as it is after 120 s, should it still be). */
    JsonObject settled(String id) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            JsonObject task = task(id);
            if (!task.getString("status").equals("working") || System.nanoTime() > deadline) {
                return task;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    /**
     * The messages subscriptions/listen pushes about the task as they come (the acknowledgement first, then each change
     * of its state); close the stream to end the subscription.
     */
    Stream<JsonObject> listen(String taskId) throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":\"watch\",\"method\":\"subscriptions/listen\",\"params\":{\"notifications\":"
                + "{\"taskIds\":[\"" + taskId + "\"]},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" + MODERN + "\","
                + "\"io.modelcontextprotocol/clientCapabilities\":" + TASKS + "}}}";
        Stream<String> lines = http.send(HttpRequest.newBuilder(endpoint)
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", MODERN).header("Mcp-Method", "subscriptions/listen")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofLines()).body();
        return lines.filter(l -> l.startsWith("data:"))
                .map(l -> Json.createReader(new StringReader(l.substring(5).strip())).readObject());
    }

    HttpClient http() {
        return http;
    }

    static String quote(String text) {
        return Json.createValue(text).toString();
    }
}
