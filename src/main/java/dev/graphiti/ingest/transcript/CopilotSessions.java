package dev.graphiti.ingest.transcript;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where GitHub Copilot CLI keeps its sessions: $COPILOT_HOME/session-state/&lt;session id&gt;/events.jsonl
 * (COPILOT_HOME is ~/.copilot unless set). The first event, session.start, names the directory the session started
 * in (its context's cwd), which decides the project; the session's workspace.yaml says it too, and is read when the
 * first line does not. Symbolic links are not followed.
 */
public final class CopilotSessions {

    /** The events file's name in each session's folder. */
    static final String EVENTS = "events.jsonl";
    /** A session.start line is a few hundred bytes; this is ample. */
    private static final int START_LINE_CHARS = 64 * 1024;

    private final Path sessions;

    /** copilotHome is the ~/.copilot directory (or COPILOT_HOME). */
    public CopilotSessions(Path copilotHome) {
        this.sessions = copilotHome.resolve("session-state");
    }

    public Path folder() {
        return sessions;
    }

    /** Every session's events, oldest first. */
    public List<SessionFile> all() throws IOException {
        if (!Files.isDirectory(sessions, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(sessions)) {
            for (Path folder : folders) {
                Path events = folder.resolve(EVENTS);
                if (Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)
                        && Files.isRegularFile(events, LinkOption.NOFOLLOW_LINKS)) {
                    files.add(events);
                }
            }
        }
        List<SessionFile> all = new ArrayList<>();
        for (Path events : TranscriptLocator.oldestFirst(files)) {
            all.add(new SessionFile(events, workingDirectory(events)));
        }
        return all;
    }


    /** session.start's context.cwd, else workspace.yaml's cwd line. */
    private static Optional<Path> workingDirectory(Path events) {
        try {
            Optional<String> cwd = JsonLines.firstLine(events, START_LINE_CHARS)
                    .filter(line -> TranscriptReader.string(line, "type").equals("session.start"))
                    .map(line -> line.get("data") instanceof JsonObject data && data.get("context") instanceof JsonObject
                            context ? TranscriptReader.string(context, "cwd") : "")
                    .filter(dir -> !dir.isBlank());
            if (cwd.isEmpty()) {
                cwd = workspaceCwd(events.resolveSibling("workspace.yaml"));
            }
            return cwd.map(dir -> Path.of(dir).toAbsolutePath().normalize());
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // a session that does not say where it ran is named and passed over
        }
    }

    /** The "cwd: DIR" line of a session's workspace.yaml (Copilot writes it unquoted). */
    private static Optional<String> workspaceCwd(Path workspace) throws IOException {
        if (!Files.isRegularFile(workspace, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            return Files.readAllLines(workspace, StandardCharsets.UTF_8).stream().filter(line -> line.startsWith("cwd: "))
                    .map(line -> line.substring("cwd: ".length()).strip()).filter(dir -> !dir.isEmpty()).findFirst();
        } catch (NoSuchFileException gone) {
            return Optional.empty();
        }
    }
}
