package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capture from Gemini CLI's own sessions, written as Gemini CLI 0.61.0's ChatRecordingService appends them (the words
 * our own): ~/.gemini/tmp/&lt;project id&gt;/chats/session-&lt;time&gt;-&lt;id&gt;.jsonl, the project's directory in
 * ~/.gemini/tmp/&lt;project id&gt;/.project_root.
 */
class GeminiCaptureTest {

    static final String SESSION = "a3c5e7f9-1b2d-4e6f-8a9b-0c1d2e3f4a5b";

    @TempDir
    Path tmp;

    Path repo;
    Path chats;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("atlas")).toRealPath();
        Path gemini = tmp.resolve("gemini-user/.gemini");
        Path project = Files.createDirectories(gemini.resolve("tmp/atlas"));
        Files.writeString(project.resolve(".project_root"), repo.toString());
        chats = Files.createDirectories(project.resolve("chats"));
        cli = new CliHarness(tmp.resolve("home")).variable("GEMINI_CLI_HOME", tmp.resolve("gemini-user").toString())
                .variable("CODEX_HOME", tmp.resolve("no-codex").toString())
                .variable("CLAUDE_CONFIG_DIR", tmp.resolve("claude").toString());
    }

    private static void append(Path file, JsonObject line) throws Exception {
        Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static JsonObject message(String id, String type, String at, Object content) {
        var line = Json.createObjectBuilder().add("id", id).add("timestamp", at).add("type", type);
        if (content instanceof String text) {
            line.add("content", text);
        } else {
            line.add("content", (jakarta.json.JsonArrayBuilder) content);
        }
        return line.build();
    }

    @Test
    void capturesTheUsersAndGeminisWordsWithGeminiNamedInTheSource() throws Exception {
        Path session = chats.resolve("session-2026-05-06T10-15-" + SESSION.substring(0, 8) + ".jsonl");
        append(session, Json.createObjectBuilder().add("sessionId", SESSION).add("projectHash", "9f2c")
                .add("startTime", "2026-05-06T10:15:00.000Z").add("lastUpdated", "2026-05-06T10:15:00.000Z")
                .add("kind", "main").build());
        append(session, Json.createObjectBuilder().add("id", "u1").add("timestamp", "2026-05-06T10:15:05.000Z")
                .add("type", "user").add("content", Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("text", "Map tiles are cached for seven days, never longer.")))
                .build());
        append(session, Json.createObjectBuilder().add("$set", Json.createObjectBuilder()
                .add("lastUpdated", "2026-05-06T10:15:06.000Z")).build());
        append(session, Json.createObjectBuilder().add("id", "g1").add("timestamp", "2026-05-06T10:15:09.000Z")
                .add("type", "gemini").add("content", "Understood; the tile cache expires after seven days.")
                .add("thoughts", Json.createArrayBuilder().add(Json.createObjectBuilder()
                        .add("subject", "Plan").add("description", "We decided to drop the cache.")))
                .add("model", "gemini-2.5-pro").build());
        append(session, message("i1", "info", "2026-05-06T10:15:10.000Z", "We decided to use Kafka (an info line)."));
        append(session, message("u2", "user", "2026-05-06T10:16:00.000Z", "Why are the map labels blurry on retina screens?"));
        append(session, message("g2", "gemini", "2026-05-06T10:16:30.000Z",
                "The root cause was the tile renderer ignoring the device pixel ratio."));

        CliHarness.Result first = cli.run(repo, "capture", "--agent", "gemini", "--format", "json");

        assertEquals(0, first.code(), first::toString);
        assertEquals(4, first.object().getInt("turns_read"), first::toString);
        Path database = repo.resolve(".graphiti/graph.db");
        assertEquals(2, CodexCaptureTest.rows(database, "source LIKE 'capture:gemini:%'"));
        assertEquals(0, CodexCaptureTest.rows(database, "content LIKE '%Kafka%' OR content LIKE '%drop the cache%'"));
        assertEquals(0, cli.run(repo, "capture", "--all", "--agent", "gemini", "--format", "json").object()
                .getInt("items_added"), "a re-run adds nothing");
    }
}
