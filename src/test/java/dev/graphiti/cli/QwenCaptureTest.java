package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.graphiti.ingest.transcript.QwenChatFiles;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Capture from Qwen Code's own sessions (~/.qwen/projects/&lt;project&gt;/chats, Qwen Code 0.24.4's format). */
class QwenCaptureTest {

    static final String SESSION = "5d1f7a2c-8b3e-4c9d-a1e2-f3a4b5c6d7e8";

    @TempDir
    Path tmp;

    Path repo;
    Path qwen;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("garden")).toRealPath();
        qwen = tmp.resolve("qwen-home");
        cli = new CliHarness(tmp.resolve("home")).variable("QWEN_HOME", qwen.toString())
                .variable("CODEX_HOME", tmp.resolve("no-codex").toString())
                .variable("CLAUDE_CONFIG_DIR", tmp.resolve("claude").toString());
    }

    @Test
    void capturesTheUsersAndTheModelsWordsOnceWithQwenNamedInTheSource() throws Exception {
        QwenChatFiles.start(qwen, SESSION, repo, Instant.parse("2026-04-01T08:00:00Z"))
                .turn("Timestamps in the API are RFC 3339 strings in UTC, not epoch seconds.", "Understood.", "api/Clock.java")
                .goalRuntime("Let's use MongoDB for the sensor readings.")
                .turn("Why do the watering schedules drift by an hour in March?",
                        "The root cause was the scheduler storing local times without their zone offset.", null);

        CliHarness.Result first = cli.run(repo, "capture", "--agent", "qwen", "--format", "json");

        assertEquals(0, first.code(), first::toString);
        JsonObject report = first.object();
        assertEquals(SESSION, report.getString("session"));
        assertEquals(4, report.getInt("turns_read"), report::toString);
        Path database = repo.resolve(".graphiti/graph.db");
        assertEquals(2, CodexCaptureTest.rows(database, "source = 'capture:qwen:" + SESSION + "'"));
        assertEquals(0, CodexCaptureTest.rows(database, "content LIKE '%MongoDB%' OR content LIKE '%Kafka%' OR content LIKE '%rewrite%'"),
                "a goal's runtime prompt, a tool's result and a thought are not the people's words");

        JsonObject all = cli.run(repo, "capture", "--all", "--format", "json").object();
        assertEquals(List.of("claude:0", "qwen:1"), all.getJsonArray("graphs").getValuesAs(JsonObject.class).stream()
                .map(graph -> graph.getString("agent") + ":" + graph.getInt("unchanged")).toList(),
                "Codex keeps nothing here, so it is not listed; the Qwen session was captured already: " + all);
        assertEquals(0, all.getInt("items_added"));
    }
}
