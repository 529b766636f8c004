package dev.graphiti.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.graphiti.fuzz.HostileFrames;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hostile frames against the packaged product jar over stdio (seeded, bounded: {@value #FRAMES} frames).
 * After each frame a ping with a fresh id: everything before its answer is the frame's answer, which
 * {@link HostileFrames#verify} checks. The process must never exit, must still answer a ping at the
 * end, and must log no stack trace.
 */
class StdioFuzzIT {

    static final int FRAMES = 800;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void hostileFramesGetCorrectAnswersAndTheServerKeepsServing() throws Exception {
        try (var client = new WireClient(ServerProcess.product())) {
            client.initialize("2025-03-26");
            int sent = 0;
            for (HostileFrames.Frame frame : new HostileFrames(HostileFrames.SEED).frames(FRAMES)) {
                byte[] line = Arrays.copyOf(frame.bytes(), frame.bytes().length + 1);
                line[line.length - 1] = '\n';
                client.sendRaw(line);
                try {
                    HostileFrames.verify(frame, answersBefore(client, "sentinel-" + sent++));
                } catch (AssertionError e) {
                    throw new AssertionError("seed " + HostileFrames.SEED + ", frame " + sent + ": " + e.getMessage()
                            + "\nstderr: " + tail(client.stderr()), e);
                }
            }
            byte[] oversize = new byte[LineReader.DEFAULT_CAP + 2];
            Arrays.fill(oversize, (byte) ' ');
            oversize[0] = '[';
            oversize[oversize.length - 1] = '\n';
            client.sendRaw(oversize);
            HostileFrames.verify(new HostileFrames.Frame("oversize line", "[...]".getBytes(StandardCharsets.UTF_8),
                    List.of(new HostileFrames.Answer(JsonValue.NULL, HostileFrames.INVALID_REQUEST)), false, true),
                    answersBefore(client, "after-oversize"));

            assertEquals(JsonObject.EMPTY_JSON_OBJECT, client.request(424242, "ping", "{}").getJsonObject("result"));
            assertFalse(client.waitForExit(Duration.ofMillis(100)), "the server exited");
            String stderr = client.stderr();
            assertFalse(stderr.contains("\tat ") || stderr.contains("Exception in"), "a stack trace was logged: " + tail(stderr));
        }
    }

    /** Sends a ping with id {@code sentinel} and returns every message that came before its answer. */
    private static List<JsonValue> answersBefore(WireClient client, String sentinel) throws Exception {
        client.sendLine("{\"jsonrpc\":\"2.0\",\"id\":\"" + sentinel + "\",\"method\":\"ping\"}");
        List<JsonValue> before = new ArrayList<>();
        while (true) {
            String line = client.nextLine(TIMEOUT);
            if (line == null) {
                throw new AssertionError("stdout ended: the server exited; stderr: " + tail(client.stderr()));
            }
            JsonValue message;
            try (var reader = Json.createReader(new StringReader(line))) {
                message = reader.readValue();
            }
            if (message instanceof JsonObject object && Json.createValue(sentinel).equals(object.get("id"))) {
                return before;
            }
            before.add(message);
        }
    }

    private static String tail(String text) {
        return text.length() > 3000 ? "..." + text.substring(text.length() - 3000) : text;
    }
}
