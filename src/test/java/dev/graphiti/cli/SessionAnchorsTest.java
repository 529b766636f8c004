package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.graphiti.ingest.transcript.CodexRolloutFiles;
import dev.graphiti.ingest.transcript.CopilotSessionFiles;
import dev.graphiti.ingest.transcript.OpencodeDatabase;
import dev.graphiti.ingest.transcript.QwenChatFiles;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rule settled while an agent edited a file is anchored to that file, whichever agent's session it was captured from:
 * the file each reader's tool calls name (Codex's apply_patch, Gemini CLI's replace, Qwen Code's read_file, Copilot
 * CLI's view/edit, opencode's read/edit) becomes the captured item's anchor, as Claude Code's Read and Edit do
 * (AnchorsTest); a file outside the project (/etc/hosts) is not.
 */
class SessionAnchorsTest {

    static final String RULE = "Decision: money is never float. Amounts are computed with Decimal and rounded to cents"
            + " with ROUND_HALF_UP per line.";
    static final String ASKED = "The invoice totals are off by a cent again. Can you look at the line totals?";

    @TempDir
    Path tmp;

    Path repo;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("shop")).toRealPath();
        Files.createDirectories(repo.resolve("billing"));
        Files.writeString(repo.resolve("billing/invoice.py"), "def line_total(): pass\n");
        cli = new CliHarness(tmp.resolve("home")).variable("CODEX_HOME", tmp.resolve("codex").toString())
                .variable("QWEN_HOME", tmp.resolve("qwen").toString())
                .variable("GEMINI_CLI_HOME", tmp.resolve("gemini-user").toString())
                .variable("COPILOT_HOME", tmp.resolve("copilot").toString())
                .variable("XDG_DATA_HOME", tmp.resolve("data").toString())
                .variable("CLAUDE_CONFIG_DIR", tmp.resolve("claude").toString());
    }

    /** The file anchors of the captured rule, after `capture --agent agent`. */
    private List<String> anchorsAfterCapture(String agent) {
        CliHarness.Result captured = cli.run(repo, "capture", "--agent", agent, "--format", "json");
        assertEquals(0, captured.code(), captured::toString);
        CliHarness.Result shown = cli.run(repo, "show", "money is never float", "--format", "json");
        assertEquals(0, shown.code(), captured + "\n" + shown);
        return shown.object().getJsonArray("anchors").getValuesAs(JsonObject.class).stream()
                .filter(anchor -> anchor.getString("kind").equals("file"))
                .map(anchor -> anchor.getString("kind") + " " + anchor.getString("value") + " " + anchor.getString("origin"))
                .toList();
    }

    @Test
    void codexsApplyPatchAnchorsTheRule() throws Exception {
        CodexRolloutFiles.start(tmp.resolve("codex"), "019b0c3e-5f1a-7c10-9d2e-4a1b2c3d4e5f", repo,
                        Instant.parse("2026-03-02T09:00:00Z"))
                .turn(ASKED, "cat /etc/hosts", "The line totals are summed as floats.")
                .turn(RULE, null, "Understood; I am changing the line totals.")
                .applyPatch("billing/invoice.py")
                .turn("Run the tests.", null, "Done: lines are Decimal, each rounded half-up to the cent.");

        assertEquals(List.of("file billing/invoice.py touched"), anchorsAfterCapture("codex"));
    }

    @Test
    void geminisReplaceAnchorsTheRule() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("gemini-user/.gemini/tmp/shop"));
        Files.writeString(project.resolve(".project_root"), repo.toString());
        Path session = Files.createDirectories(project.resolve("chats")).resolve("session-2026-05-06T10-15-a3c5e7f9.jsonl");
        append(session, Json.createObjectBuilder().add("sessionId", "a3c5e7f9-1b2d-4e6f-8a9b-0c1d2e3f4a5b")
                .add("projectHash", "9f2c").add("startTime", "2026-05-06T10:15:00.000Z").add("kind", "main").build());
        append(session, geminiMessage("u1", "user", "2026-05-06T10:15:05.000Z", RULE, null));
        append(session, geminiMessage("g1", "gemini", "2026-05-06T10:15:09.000Z", "",
                Json.createObjectBuilder().add("id", "replace-1").add("name", "replace").add("args", Json.createObjectBuilder()
                        .add("file_path", repo.resolve("billing/invoice.py").toString()).add("old_string", "pass")
                        .add("new_string", "return Decimal(0)")).add("status", "success")
                        .add("timestamp", "2026-05-06T10:15:10.000Z").build()));
        append(session, geminiMessage("g2", "gemini", "2026-05-06T10:15:12.000Z",
                "Done: lines are Decimal, each rounded half-up to the cent.", null));

        assertEquals(List.of("file billing/invoice.py touched"), anchorsAfterCapture("gemini"));
    }

    @Test
    void qwensReadFileAnchorsTheRule() throws Exception {
        QwenChatFiles.start(tmp.resolve("qwen"), "5d1f7a2c-8b3e-4c9d-a1e2-f3a4b5c6d7e8", repo,
                        Instant.parse("2026-04-01T08:00:00Z"))
                .turn(RULE, "Understood; I am reading the line totals.", "billing/invoice.py");

        assertEquals(List.of("file billing/invoice.py touched"), anchorsAfterCapture("qwen"));
    }

    @Test
    void copilotsViewAndEditAnchorTheRule() throws Exception {
        CopilotSessionFiles.start(tmp.resolve("copilot"), "64fb4294-9434-4c10-a408-572d474cbd88", repo,
                        Instant.parse("2026-06-01T08:00:00Z"))
                .turn(ASKED, "view", "billing/invoice.py", "The line totals are summed as floats.")
                .turn(RULE, "edit", "billing/invoice.py", "Done: lines are Decimal, each rounded half-up to the cent.")
                .shutdown();

        assertEquals(List.of("file billing/invoice.py touched"), anchorsAfterCapture("copilot"));
    }

    @Test
    void opencodesReadAndEditAnchorTheRule() throws Exception {
        OpencodeDatabase opencode = OpencodeDatabase.create(tmp.resolve("data"), Instant.parse("2026-06-02T08:00:00Z"));
        opencode.session("ses_2a1b3c4d5e6fAbCdEfGhIjKlMn", repo, null)
                .user(ASKED).assistant("read", "billing/invoice.py", "The line totals are summed as floats.")
                .user(RULE).assistant("edit", "billing/invoice.py", "Done: lines are Decimal, each rounded half-up.");

        assertEquals(List.of("file billing/invoice.py touched"), anchorsAfterCapture("opencode"));
    }

    private static JsonObject geminiMessage(String id, String type, String at, String content, JsonObject toolCall) {
        var message = Json.createObjectBuilder().add("id", id).add("timestamp", at).add("type", type).add("content", content);
        if (toolCall != null) {
            message.add("toolCalls", Json.createArrayBuilder().add(toolCall)).add("model", "gemini-2.5-pro");
        }
        return message.build();
    }

    private static void append(Path file, JsonObject line) throws Exception {
        Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
