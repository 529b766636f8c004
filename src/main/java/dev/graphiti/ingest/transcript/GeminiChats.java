package dev.graphiti.ingest.transcript;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where Gemini CLI keeps its sessions: ~/.gemini/tmp/&lt;project id&gt;/chats/session-*.jsonl (the home is
 * GEMINI_CLI_HOME when set, else the user's). The project folder's .project_root file names the directory the
 * sessions ran in. A subagent's session (in a folder under chats/ named for its parent) is passed over, as Claude
 * Code's sidechains are; symbolic links are not followed.
 */
public final class GeminiChats {

    private final Path tmp;

    /** geminiHome is the ~/.gemini directory. */
    public GeminiChats(Path geminiHome) {
        this.tmp = geminiHome.resolve("tmp");
    }

    public Path folder() {
        return tmp;
    }

    /** Every session of every project, oldest first within a project. */
    public List<SessionFile> all() throws IOException {
        if (!Files.isDirectory(tmp, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<SessionFile> sessions = new ArrayList<>();
        try (DirectoryStream<Path> projects = Files.newDirectoryStream(tmp)) {
            for (Path project : projects) {
                Path chats = project.resolve("chats");
                if (!Files.isDirectory(project, LinkOption.NOFOLLOW_LINKS)
                        || !Files.isDirectory(chats, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                Optional<Path> root = projectRoot(project);
                for (Path file : TranscriptLocator.transcriptsIn(chats)) {
                    if (file.getFileName().toString().startsWith("session-")) {
                        sessions.add(new SessionFile(file, root));
                    }
                }
            }
        }
        return sessions;
    }


    private static Optional<Path> projectRoot(Path project) throws IOException {
        Path marker = project.resolve(".project_root");
        if (!Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        String root = Files.readString(marker, StandardCharsets.UTF_8).strip();
        return root.isEmpty() ? Optional.empty() : Optional.of(Path.of(root).toAbsolutePath().normalize());
    }
}
