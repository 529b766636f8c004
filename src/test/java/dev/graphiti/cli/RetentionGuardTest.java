package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.GeneratedTranscripts;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The retention guard: health says when Claude Code will delete transcripts not captured yet; the setting on request. */
class RetentionGuardTest {

    @TempDir
    Path tmp;

    Path repo;
    Path claude;
    Path settings;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("repo")).toRealPath();
        claude = tmp.resolve("claude");
        settings = claude.resolve("settings.json");
        cli = new CliHarness(tmp.resolve("home")).variable("CLAUDE_CONFIG_DIR", claude.toString());
    }

    private JsonObject health() {
        CliHarness.Result result = cli.run(repo, "health", "--format", "json");
        assertEquals(0, result.code(), result::toString);
        return result.object();
    }

    private static JsonObject check(JsonObject health, String name) {
        return health.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals(name)).findFirst().orElseThrow();
    }

    @Test
    void healthCountsTranscriptsNotCapturedAndWhenTheOldestGoes() throws Exception {
        List<GeneratedTranscripts.Session> sessions = GeneratedTranscripts.write(claude, repo, 5, 21);
        Instant now = Instant.now();
        for (int i = 0; i < sessions.size(); i++) {
            Files.setLastModifiedTime(sessions.get(i).file(), FileTime.from(now.minus(Duration.ofDays(25 - i).plusHours(1))));
        }
        Files.createDirectories(claude);
        Files.writeString(settings, "{\n  \"model\": \"opus\"\n}\n");
        byte[] untouched = Files.readAllBytes(settings);

        JsonObject before = health();
        JsonObject transcripts = before.getJsonObject("transcripts");
        assertEquals(30, transcripts.getInt("cleanup_period_days"));
        assertEquals(JsonValue.NULL, transcripts.get("set_in"));
        assertEquals(5, transcripts.getInt("transcripts"));
        assertEquals(5, transcripts.getInt("uncaptured"));
        assertEquals(4, transcripts.getInt("oldest_expires_in_days"), transcripts::toString);
        JsonObject line = check(before, "transcripts");
        assertEquals("warn", line.getString("status"));
        String detail = line.getString("detail");
        assertTrue(detail.contains("after 30 days (cleanupPeriodDays, its default)") && detail.contains("5 not captured yet")
                && detail.contains("in 4 days") && detail.contains("graphiti capture --all")
                && detail.contains("\"cleanupPeriodDays\": 365 in " + settings), detail);
        assertArrayEquals(untouched, Files.readAllBytes(settings), "health never changes Claude Code's settings");

        assertEquals(0, cli.run(repo, "capture", "--all", "-q").code());
        JsonObject after = health();
        assertEquals(0, after.getJsonObject("transcripts").getInt("uncaptured"));
        assertEquals("ok", check(after, "transcripts").getString("status"), after::toString);
        assertEquals(JsonValue.NULL, after.getJsonObject("transcripts").get("oldest_expires_in_days"));

        Files.createDirectories(repo.resolve(".claude"));
        Files.writeString(repo.resolve(".claude/settings.local.json"), "{\"cleanupPeriodDays\": 7}");
        JsonObject local = health().getJsonObject("transcripts");
        assertEquals(7, local.getInt("cleanup_period_days"));
        assertEquals(repo.resolve(".claude/settings.local.json").toString(), local.getString("set_in"));
    }

    @Test
    void keepTranscriptsSetsTheDaysKeepingEveryOtherKeyWithABackup() throws Exception {
        Files.createDirectories(claude);
        String original = "{\n    \"model\": \"opus\",\n    \"hooks\": {\"Stop\": []},\n    \"cleanupPeriodDays\": 30,\n"
                + "    \"someFutureKey\": [1, 2, {\"x\": null}]\n}\n";
        Files.writeString(settings, original);

        CliHarness.Result result = cli.run(repo, "mcp", "keep-transcripts", "--format", "json");
        assertEquals(0, result.code(), result::toString);
        JsonObject report = result.object();
        assertEquals(365, report.getInt("cleanup_period_days"));
        assertEquals(30, report.getInt("previous"));
        assertEquals(original.replace("\"cleanupPeriodDays\": 30", "\"cleanupPeriodDays\": 365"), Files.readString(settings));
        assertEquals(original, Files.readString(Path.of(report.getString("backup"))));

        assertEquals(365, health().getJsonObject("transcripts").getInt("cleanup_period_days"));
        assertTrue(!check(health(), "transcripts").getString("detail").contains("to keep them longer"));

        CliHarness.Result zero = cli.run(repo, "mcp", "keep-transcripts", "0");
        assertEquals(1, zero.code(), zero::toString);
        assertTrue(zero.err().contains("stop writing transcripts"), zero::toString);
        assertTrue(Files.readString(settings).contains("\"cleanupPeriodDays\": 365"));

        Path fresh = tmp.resolve("fresh-claude");
        CliHarness other = new CliHarness(tmp.resolve("home2")).variable("CLAUDE_CONFIG_DIR", fresh.toString());
        assertEquals(0, other.run(repo, "mcp", "keep-transcripts", "400").code());
        assertTrue(Files.readString(fresh.resolve("settings.json")).contains("\"cleanupPeriodDays\": 400"));
    }

    @Test
    void withoutClaudeCodeHealthSaysSoInOneLine() {
        JsonObject line = check(health(), "transcripts");
        assertEquals("ok", line.getString("status"));
        assertEquals("no Claude Code folder at " + claude + ": no transcripts to keep", line.getString("detail"));
    }
}
