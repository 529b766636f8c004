package dev.graphiti.ingest.transcript;

import jakarta.json.Json;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where Claude Code keeps a project's transcripts: ~/.claude/projects/&lt;project path with "/"
 * replaced by "-"&gt;/&lt;session id&gt;.jsonl. Recent Claude Code versions replace every character
 * other than a letter or digit, so both spellings of the folder are tried. Only what lies in the projects
 * folder is read: a symbolic link in it (to a folder or a file elsewhere) is passed over. Qwen Code keeps its
 * sessions the same way one folder deeper: ~/.qwen/projects/&lt;project path, each other character "-"&gt;/chats/
 * &lt;session id&gt;.jsonl, each line naming its cwd ({@link #qwen}).
 */
public final class TranscriptLocator {

    private final Path claudeHome;
    /** The folder inside a project's folder that holds its sessions: none for Claude Code, chats for Qwen Code. */
    private final String sessions;

    /** claudeHome is the ~/.claude directory. */
    public TranscriptLocator(Path claudeHome) {
        this(claudeHome, "");
    }

    private TranscriptLocator(Path home, String sessions) {
        this.claudeHome = home;
        this.sessions = sessions;
    }

    /** Qwen Code's sessions; qwenHome is the ~/.qwen directory (or QWEN_HOME). */
    public static TranscriptLocator qwen(Path qwenHome) {
        return new TranscriptLocator(qwenHome, "chats");
    }

    private Path sessionsOf(Path projectFolder) {
        return sessions.isEmpty() ? projectFolder : projectFolder.resolve(sessions);
    }

    /** The folders that may hold the transcripts of the project at projectPath. */
    public List<Path> projectFolders(Path projectPath) {
        String path = projectPath.toAbsolutePath().normalize().toString();
        Path projects = claudeHome.resolve("projects");
        String slashes = path.replace('/', '-').replace('\\', '-');
        String everything = path.replaceAll("[^A-Za-z0-9]", "-");
        return slashes.equals(everything) ? List.of(projects.resolve(slashes))
                : List.of(projects.resolve(slashes), projects.resolve(everything));
    }

    /** A folder of transcripts and the directory its sessions ran in (their lines' cwd), when they say. */
    public record ProjectFolder(Path folder, Optional<Path> workingDirectory) {
    }

    /** How much of a transcript is searched for its working directory (the first lines carry it). */
    private static final int CWD_PREFIX_BYTES = 256 * 1024;
    private static final Pattern CWD = Pattern.compile("\"cwd\"\\s*:\\s*(\"(?:[^\"\\\\]|\\\\.)*\")");

    /**
     * Every transcript of the project whose work tree (or directory) is {@code projectRoot}, oldest first: its own
     * folders, and those of sessions started in a directory under it (whose folder names begin with the project's,
     * confirmed by the directory their lines name, since "/repo-old" and "/repo/old" share a folder name).
     */
    public List<Path> projectTranscripts(Path projectRoot) throws IOException {
        Path root = projectRoot.toAbsolutePath().normalize();
        Set<Path> folders = new LinkedHashSet<>(projectFolders(root));
        List<String> prefixes = folders.stream().map(folder -> folder.getFileName().toString() + "-").toList();
        for (Path folder : folderList()) {
            String name = folder.getFileName().toString();
            if (!folders.contains(folder) && prefixes.stream().anyMatch(name::startsWith)
                    && workingDirectory(sessionsOf(folder)).filter(dir -> dir.startsWith(root)).isPresent()) {
                folders.add(folder);
            }
        }
        List<Path> transcripts = new ArrayList<>();
        for (Path folder : folders) {
            transcripts.addAll(transcriptsIn(sessionsOf(folder)));
        }
        return oldestFirst(transcripts);
    }

    /** Every project folder under projects/, with the directory its sessions ran in. */
    public List<ProjectFolder> allProjects() throws IOException {
        List<ProjectFolder> all = new ArrayList<>();
        for (Path folder : folderList()) {
            all.add(new ProjectFolder(sessionsOf(folder), workingDirectory(sessionsOf(folder))));
        }
        return all;
    }

    /** The transcripts (*.jsonl regular files, links left out) directly in {@code folder}, oldest first. */
    public static List<Path> transcriptsIn(Path folder) throws IOException {
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, "*.jsonl")) {
            for (Path file : entries) {
                if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    files.add(file);
                }
            }
        }
        return oldestFirst(files);
    }

    /** The directory the sessions of a project folder ran in: the first cwd its transcripts name. */
    static Optional<Path> workingDirectory(Path folder) throws IOException {
        for (Path transcript : transcriptsIn(folder)) {
            byte[] prefix;
            try (InputStream in = Files.newInputStream(transcript)) {
                prefix = in.readNBytes(CWD_PREFIX_BYTES);
            } catch (NoSuchFileException gone) {
                continue;
            }
            Matcher cwd = CWD.matcher(new String(prefix, StandardCharsets.UTF_8));
            if (cwd.find()) {
                try (JsonReader reader = Json.createReader(new StringReader(cwd.group(1)))) {
                    JsonValue value = reader.readValue();
                    if (value instanceof JsonString text && !text.getString().isBlank()) {
                        return Optional.of(Path.of(text.getString()).toAbsolutePath().normalize());
                    }
                } catch (RuntimeException e) {
                    // an unreadable cwd: try the next transcript
                }
            }
        }
        return Optional.empty();
    }

    private List<Path> folderList() throws IOException {
        Path projects = claudeHome.resolve("projects");
        if (!Files.isDirectory(projects)) {
            return List.of();
        }
        List<Path> folders = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(projects)) {
            for (Path entry : entries) {
                if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    folders.add(entry);
                }
            }
        }
        folders.sort(Comparator.naturalOrder());
        return folders;
    }

    /** Oldest first, by modification time; a file gone since it was listed (Claude Code's cleanup) is left out. */
    static List<Path> oldestFirst(List<Path> files) throws IOException {
        Map<Path, Long> times = new HashMap<>();
        for (Path file : files) {
            try {
                times.put(file, Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                        .lastModifiedTime().toMillis());
            } catch (NoSuchFileException gone) {
                // deleted meanwhile: nothing to read
            }
        }
        List<Path> sorted = new ArrayList<>(times.keySet());
        sorted.sort(Comparator.comparing((Path file) -> times.get(file)).thenComparing(Comparator.naturalOrder()));
        return sorted;
    }

    /** The transcript of one session of the project, if it exists. */
    public Optional<Path> session(Path projectPath, String sessionId) {
        if (!sessionId.matches("[A-Za-z0-9._-]+") || sessionId.startsWith(".")) {
            throw new IllegalArgumentException("session id '" + sessionId + "' is not a Claude Code session id");
        }
        return projectFolders(projectPath).stream().map(folder -> sessionsOf(folder).resolve(sessionId + ".jsonl"))
                .filter(Files::isRegularFile).findFirst();
    }

    /** The project's most recently written transcript, if any. */
    public Optional<Path> latest(Path projectPath) throws IOException {
        Path newest = null;
        long newestTime = Long.MIN_VALUE;
        for (Path folder : projectFolders(projectPath).stream().map(this::sessionsOf).toList()) {
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
