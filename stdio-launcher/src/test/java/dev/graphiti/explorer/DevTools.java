package dev.graphiti.explorer;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A page of headless Chromium driven through the DevTools protocol over a WebSocket: evaluate, wait, screenshot. */
final class DevTools implements AutoCloseable {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonObject>> pending = new ConcurrentHashMap<>();
    /** The main world's execution context of each frame, by frame id (Runtime.executionContextCreated). */
    private final Map<String, Integer> contexts = new ConcurrentHashMap<>();
    private WebSocket socket;
    /** The frame {@link #eval} runs in; null for the page's own. */
    private volatile String frame;

    private DevTools() {
    }

    /** Connects to the first page of the Chromium whose DevTools listen on {@code port}, waiting for it to start. */
    static DevTools connect(int port) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            try {
                String list = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list")).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                for (JsonValue target : Json.createReader(new StringReader(list)).readArray()) {
                    JsonObject page = target.asJsonObject();
                    if (page.getString("type").equals("page")) {
                        DevTools tools = new DevTools();
                        tools.socket = http.newWebSocketBuilder()
                                .buildAsync(URI.create(page.getString("webSocketDebuggerUrl")), tools.listener()).get(30, TimeUnit.SECONDS);
                        return tools;
                    }
                }
            } catch (java.io.IOException starting) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Chromium's DevTools did not answer on port " + port);
            }
            Thread.sleep(200);
        }
    }

    private WebSocket.Listener listener() {
        StringBuilder message = new StringBuilder();
        return new WebSocket.Listener() {
            @Override
            public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                message.append(data);
                if (last) {
                    JsonObject object = Json.createReader(new StringReader(message.toString())).readObject();
                    message.setLength(0);
                    if (object.containsKey("id")) {
                        CompletableFuture<JsonObject> answer = pending.remove(object.getInt("id"));
                        if (answer != null) {
                            answer.complete(object);
                        }
                    } else if ("Runtime.executionContextCreated".equals(object.getString("method", ""))) {
                        JsonObject context = object.getJsonObject("params").getJsonObject("context");
                        JsonObject aux = context.getJsonObject("auxData");
                        if (aux != null && aux.getBoolean("isDefault", false)) {
                            contexts.put(aux.getString("frameId"), context.getInt("id"));
                        }
                    }
                }
                webSocket.request(1);
                return null;
            }
        };
    }

    JsonObject call(String method, JsonObject params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonObject> answer = new CompletableFuture<>();
        pending.put(id, answer);
        socket.sendText(Json.createObjectBuilder().add("id", id).add("method", method).add("params", params).build()
                .toString(), true).get(30, TimeUnit.SECONDS);
        JsonObject result = answer.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        if (result.containsKey("error")) {
            throw new AssertionError(method + " failed: " + result.get("error"));
        }
        return result.getJsonObject("result");
    }

    /**
     * From now on {@link #eval} runs in the page's first child frame (an MCP App's sandboxed frame, whose document the
     * page itself cannot reach), once its script runs.
     */
    void enterChildFrame() throws Exception {
        call("Runtime.enable", JsonValue.EMPTY_JSON_OBJECT);
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            JsonObject tree = call("Page.getFrameTree", JsonValue.EMPTY_JSON_OBJECT).getJsonObject("frameTree");
            var children = tree.getJsonArray("childFrames");
            if (children != null && !children.isEmpty()) {
                String id = children.getJsonObject(0).getJsonObject("frame").getString("id");
                if (contexts.containsKey(id)) {
                    frame = id;
                    return;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the page has no child frame running a script: " + tree);
            }
            Thread.sleep(100);
        }
    }

    /** Back to the page's own frame. */
    void leaveFrame() {
        frame = null;
    }

    /** Runs {@code expression} in the page, or the frame entered (awaiting a promise), and gives its value. */
    JsonValue eval(String expression) throws Exception {
        var params = Json.createObjectBuilder().add("expression", expression).add("awaitPromise", true).add("returnByValue", true);
        if (frame != null) {
            params.add("contextId", contexts.get(frame));
        }
        JsonObject result = call("Runtime.evaluate", params.build());
        if (result.containsKey("exceptionDetails")) {
            throw new AssertionError(expression + " threw: " + result.get("exceptionDetails"));
        }
        return result.getJsonObject("result").getOrDefault("value", JsonValue.NULL);
    }

    String text(String expression) throws Exception {
        JsonValue value = eval(expression);
        return value instanceof jakarta.json.JsonString string ? string.getString() : value.toString();
    }

    /** Waits until {@code condition} is true in the page. */
    void waitFor(String condition) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (eval("!!(" + condition + ")") != JsonValue.TRUE) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the page never showed: " + condition + "; it shows: "
                        + text("document.body.innerText"));
            }
            Thread.sleep(100);
        }
    }

    void navigate(String url) throws Exception {
        call("Page.navigate", Json.createObjectBuilder().add("url", url).build());
    }

    byte[] screenshot() throws Exception {
        return Base64.getDecoder().decode(call("Page.captureScreenshot",
                Json.createObjectBuilder().add("format", "png").build()).getString("data"));
    }

    @Override
    public void close() {
        socket.abort();
    }
}
