package dev.graphiti.bench;

import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** An MCP server child process spoken to over stdio, one JSON message per line. */
final class StdioPeer implements McpPeer {

    private final Process process;
    private final OutputStream stdin;
    private final BufferedReader stdout;

    StdioPeer(List<String> command, Path stderrLog) throws IOException {
        this(new ProcessBuilder(command), stderrLog);
    }

    /** A server started by {@code builder} (its directory and environment set by the caller). */
    StdioPeer(ProcessBuilder builder, Path stderrLog) throws IOException {
        process = builder.redirectError(ProcessBuilder.Redirect.appendTo(stderrLog.toFile())).start();
        stdin = process.getOutputStream();
        stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    @Override
    public JsonObject request(String id, String message) throws IOException {
        send(message);
        while (true) {
            String line = stdout.readLine();
            if (line == null) {
                throw new IOException("server closed stdout (exit " + exitCode() + ")");
            }
            JsonObject reply = McpPeer.JSON.createReader(new StringReader(line)).readObject();
            if (reply.containsKey("id") && !reply.containsKey("method") && reply.get("id").toString().equals(id)) {
                return reply;
            }
        }
    }

    @Override
    public void notify(JsonObject message) throws IOException {
        send(message.toString());
    }

    private void send(String message) throws IOException {
        stdin.write((message + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /** The server's process id: its memory is read from /proc. */
    long pid() {
        return process.pid();
    }

    private String exitCode() {
        return process.isAlive() ? "still running" : String.valueOf(process.exitValue());
    }

    @Override
    public void close() throws IOException {
        stdin.close();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
