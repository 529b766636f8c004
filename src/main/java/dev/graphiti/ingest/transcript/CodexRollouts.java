package dev.graphiti.ingest.transcript;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where Codex CLI keeps its sessions: $CODEX_HOME/sessions/YYYY/MM/DD/rollout-&lt;time&gt;-&lt;session id&gt;.jsonl
 * (CODEX_HOME is ~/.codex unless set). A rollout's first line, "session_meta", names the directory the session
 * ran in (its cwd), which decides the project, as a Claude Code transcript's cwd does. A subagent's rollout (its
 * session_meta source names the thread that spawned it) is the agent talking to itself and is passed over, as
 * Claude Code's sidechains are. Symbolic links under sessions/ are not followed.
 */
public final class CodexRollouts {

    /** A session_meta line carries Codex's whole base instructions: some tens of kilobytes. */
    private static final int META_LINE_CHARS = 1 << 20;

    private final Path sessions;

    /** codexHome is the ~/.codex directory (or CODEX_HOME). */
    public CodexRollouts(Path codexHome) {
        this.sessions = codexHome.resolve("sessions");
    }

    /** The folder the rollouts are under. */
    public Path folder() {
        return sessions;
    }

    /** Every rollout of a user's session, oldest first. */
    public List<SessionFile> all() throws IOException {
        if (!Files.isDirectory(sessions, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(sessions, 4)) {
            files = walk.filter(file -> file.getFileName().toString().startsWith("rollout-")
                    && file.getFileName().toString().endsWith(".jsonl")
                    && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)).toList();
        }
        List<SessionFile> rollouts = new ArrayList<>();
        for (Path file : TranscriptLocator.oldestFirst(files)) {
            meta(file).filter(meta -> !subagent(meta))
                    .ifPresent(meta -> rollouts.add(new SessionFile(file, workingDirectory(meta))));
        }
        return rollouts;
    }

    /** The rollouts of sessions that ran in the work tree {@code projectRoot} or under it, oldest first. */
    public List<Path> ofProject(Path projectRoot) throws IOException {
        return SessionFile.ofProject(all(), projectRoot);
    }

    /** The payload of the rollout's session_meta line; empty when its first line is something else. */
    private static Optional<JsonObject> meta(Path file) throws IOException {
        String first;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(Files.newInputStream(file),
                StandardCharsets.UTF_8))) {
            char[] chars = new char[META_LINE_CHARS];
            int length = reader.read(chars);
            if (length <= 0) {
                return Optional.empty();
            }
            String text = new String(chars, 0, length);
            int newline = text.indexOf('\n');
            first = newline < 0 ? text : text.substring(0, newline);
        } catch (NoSuchFileException gone) {
            return Optional.empty();
        }
        try (JsonReader json = Json.createReader(new StringReader(first))) {
            JsonValue line = json.readValue();
            if (line instanceof JsonObject object && TranscriptReader.string(object, "type").equals("session_meta")
                    && object.get("payload") instanceof JsonObject payload) {
                return Optional.of(payload);
            }
        } catch (RuntimeException e) {
            // a first line that is not JSON: not a rollout graphiti can place
        }
        return Optional.empty();
    }

    private static Optional<Path> workingDirectory(JsonObject meta) {
        String cwd = TranscriptReader.string(meta, "cwd");
        return cwd.isBlank() ? Optional.empty() : Optional.of(Path.of(cwd).toAbsolutePath().normalize());
    }

    /** A session a Codex agent spawned: its source is {"subagent": ...} rather than "cli", "exec" or "vscode". */
    private static boolean subagent(JsonObject meta) {
        return meta.get("source") instanceof JsonObject source && source.containsKey("subagent");
    }
}
