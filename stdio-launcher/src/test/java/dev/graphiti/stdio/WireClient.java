package dev.graphiti.stdio;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A raw line-level client of a server child process: writes bytes to its stdin, collects every stdout line
 * (raw, to check that each one is a JSON-RPC message) and its stderr.
 */
final class WireClient implements AutoCloseable {

    private static final String EOF = "\u0000eof";

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> allLines = new ArrayList<>();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();

    WireClient(List<String> command) throws IOException {
        process = new ProcessBuilder(command).start();
        stdin = process.getOutputStream();
        daemon(() -> readLines(process.getInputStream()));
        daemon(() -> process.getErrorStream().transferTo(stderr));
    }

    void sendLine(String json) throws IOException {
        sendRaw((json + "\n").getBytes(StandardCharsets.UTF_8));
    }

    void sendRaw(byte[] bytes) throws IOException {
        stdin.write(bytes);
        stdin.flush();
    }

    void closeStdin() throws IOException {
        stdin.close();
    }

    /** The next stdout line, failing after the timeout; null at end of output. */
    String nextLine(Duration timeout) throws InterruptedException {
        String line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("no output within " + timeout + "; stderr: " + stderr());
        }
        return line == EOF ? null : line;
    }

    JsonObject next(Duration timeout) throws InterruptedException {
        String line = nextLine(timeout);
        if (line == null) {
            throw new AssertionError("stdout ended; stderr: " + stderr());
        }
        return parse(line);
    }

    /** Reads messages until the response with {@code id}; the messages before it are added to {@code before}. */
    JsonObject responseTo(JsonValue id, List<JsonObject> before, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            JsonObject message = next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (!message.containsKey("method") && id.equals(message.get("id"))) {
                return message;
            }
            before.add(message);
        }
    }

    JsonObject responseTo(int id) throws InterruptedException {
        return responseTo(Json.createValue(id), new ArrayList<>(), Duration.ofSeconds(30));
    }

    /** Sends a request line and returns its response. */
    JsonObject request(int id, String method, String params) throws Exception {
        sendLine("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}");
        return responseTo(id);
    }

    void initialize(String version) throws Exception {
        request(0, "initialize", "{\"protocolVersion\":\"" + version + "\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"wire\",\"version\":\"1\"}}");
        sendLine("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    boolean waitForExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    int exitValue() {
        return process.exitValue();
    }

    /** Every stdout line so far (waits for the stream's end only if the process has exited). */
    synchronized List<String> allLines() {
        return List.copyOf(allLines);
    }

    String stderr() {
        synchronized (stderr) {
            return stderr.toString(StandardCharsets.UTF_8);
        }
    }

    static JsonObject parse(String line) {
        try (var reader = Json.createReader(new StringReader(line))) {
            return reader.readObject();
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Splits stdout on "\n" only, so a stray "\r" or partial line shows up in the purity check. */
    private void readLines(InputStream in) throws IOException {
        var input = new java.io.BufferedInputStream(in, 1 << 16);
        var line = new ByteArrayOutputStream();
        try {
            int b;
            while ((b = input.read()) != -1) {
                if (b == '\n') {
                    String text = line.toString(StandardCharsets.UTF_8);
                    synchronized (this) {
                        allLines.add(text);
                    }
                    lines.add(text);
                    line.reset();
                } else {
                    line.write(b);
                }
            }
            if (line.size() > 0) {
                String text = line.toString(StandardCharsets.UTF_8);
                synchronized (this) {
                    allLines.add(text + " <no line break at end of output>");
                }
            }
        } finally {
            lines.add(EOF);
        }
    }

    private interface IoTask {
        void run() throws IOException;
    }

    private static void daemon(IoTask task) {
        Thread thread = new Thread(() -> {
            try {
                task.run();
            } catch (IOException e) {
                // the process ended
            }
        });
        thread.setDaemon(true);
        thread.start();
    }
}
