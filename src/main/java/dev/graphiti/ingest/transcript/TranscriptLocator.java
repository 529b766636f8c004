package dev.graphiti.ingest.transcript;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where Claude Code keeps a project's transcripts: ~/.claude/projects/&lt;project path with "/"
 * replaced by "-"&gt;/&lt;session id&gt;.jsonl. Recent Claude Code versions replace every character
 * other than a letter or digit, so both spellings of the folder are tried.
 */
public final class TranscriptLocator {

    private final Path claudeHome;

    /** claudeHome is the ~/.claude directory. */
    public TranscriptLocator(Path claudeHome) {
        this.claudeHome = claudeHome;
    }

    /** The folders that may hold the transcripts of the project at projectPath. */
    List<Path> projectFolders(Path projectPath) {
        String path = projectPath.toAbsolutePath().normalize().toString();
        Path projects = claudeHome.resolve("projects");
        String slashes = path.replace('/', '-').replace('\\', '-');
        String everything = path.replaceAll("[^A-Za-z0-9]", "-");
        return slashes.equals(everything) ? List.of(projects.resolve(slashes))
                : List.of(projects.resolve(slashes), projects.resolve(everything));
    }

    /** The transcript of one session of the project, if it exists. */
    public Optional<Path> session(Path projectPath, String sessionId) {
        if (!sessionId.matches("[A-Za-z0-9._-]+") || sessionId.startsWith(".")) {
            throw new IllegalArgumentException("session id '" + sessionId + "' is not a Claude Code session id");
        }
        return projectFolders(projectPath).stream().map(folder -> folder.resolve(sessionId + ".jsonl"))
                .filter(Files::isRegularFile).findFirst();
    }

    /** The project's most recently written transcript, if any. */
    public Optional<Path> latest(Path projectPath) throws IOException {
        Path newest = null;
        long newestTime = Long.MIN_VALUE;
        for (Path folder : projectFolders(projectPath)) {
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (Stream<Path> files = Files.list(folder)) {
                for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".jsonl"))::iterator) {
                    long time = Files.getLastModifiedTime(file).toMillis();
                    if (time > newestTime) {
                        newest = file;
                        newestTime = time;
                    }
                }
            }
        }
        return Optional.ofNullable(newest);
    }

    /** The session id a transcript file stands for: its name without .jsonl. */
    public static String sessionOf(Path transcript) {
        String name = transcript.getFileName().toString();
        return name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
    }
}
