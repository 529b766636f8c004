package dev.graphiti.ingest.transcript;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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


    /** The payload of the rollout's session_meta line; empty when its first line is something else. */
    private static Optional<JsonObject> meta(Path file) throws IOException {
        return JsonLines.firstLine(file, META_LINE_CHARS)
                .filter(line -> TranscriptReader.string(line, "type").equals("session_meta"))
                .flatMap(line -> line.get("payload") instanceof JsonObject payload ? Optional.of(payload) : Optional.empty());
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
