package dev.graphiti.ingest.memory;

import dev.graphiti.access.AccessRefused;
import dev.graphiti.access.FileAccess;
import dev.graphiti.ingest.transcript.TranscriptLocator;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where the memory files are. A project's: the instruction files agents read (CLAUDE.md, .claude/CLAUDE.md,
 * CLAUDE.local.md, AGENTS.md, AGENTS.override.md, GEMINI.md, QWEN.md, QWEN.local.md) and .claude/rules/*.md under its
 * root, the same files in its subfolders (the agents read those when they work there; folders of dependencies and
 * build output, hidden ones and nested repositories are passed over), and Claude Code's auto-memory for it: the folder
 * autoMemoryDirectory names (see {@link AutoMemoryDirectory}), else &lt;claude home&gt;/projects/&lt;project
 * folder&gt;/memory (MEMORY.md and its topic files). The user's: &lt;claude home&gt;/CLAUDE.md and rules/*.md, Codex's
 * AGENTS.md, AGENTS.override.md and memories, Gemini CLI's GEMINI.md, Qwen Code's QWEN.md and opencode's AGENTS.md in
 * their homes ({@link AgentHomes}); Gemini CLI's memory of the project goes with the project's files. A file that resolves (through a link) outside the root, its agent's home or the
 * auto-memory folder is refused, not read; so is one outside the directories given as {@code within} (an MCP tool
 * call may only reach those of its server).
 */
public final class MemoryFiles {

    /**
     * The files found; those refused (one sentence each) and their labels, whose items an import keeps as they are;
     * and notes on settings that could not be used.
     */
    public record Found(List<MemoryFile> files, List<String> refused, Set<String> unread, List<String> notes) {
    }

    public static final String MEMORY_INDEX = "MEMORY.md";

    /**
     * The instruction files agents read in a project's folders: Claude Code's three; AGENTS.md (Codex, opencode,
     * Copilot CLI, Qwen Code) and Codex's AGENTS.override.md; Gemini CLI's GEMINI.md; Qwen Code's QWEN.md and
     * QWEN.local.md.
     */
    private static final List<String> PROJECT_FILES = List.of("CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md",
            "AGENTS.md", "AGENTS.override.md", "GEMINI.md", "QWEN.md", "QWEN.local.md");
    /**
     * Codex's memories under $CODEX_HOME/memories (codex-rs/memories/write/src/lib.rs, memory_root): the summary it
     * puts into every session and the registry it searches. Its raw_memories.md and rollout_summaries/ are the
     * consolidation's inputs and evidence, not what it settled, and are not read; the notes the user asked it to
     * remember (extensions/ad_hoc/notes/*.md) are.
     */
    private static final List<String> CODEX_MEMORIES = List.of("memories/memory_summary.md", "memories/MEMORY.md");
    private static final String CODEX_NOTES = "memories/extensions/ad_hoc/notes";
    /** Folders no one writes instructions for agents in: dependencies, build output, caches. */
    private static final Set<String> PASSED_OVER = Set.of("node_modules", "target", "build", "dist", "out", "vendor",
            "venv", "__pycache__", "bin", "obj");
    private static final int MAX_DEPTH = 12;

    private final AgentHomes homes;
    private final Path claudeHome;
    private final Path userHome;
    private final List<Path> within;

    /**
     * @param userHome the home a ~/ in autoMemoryDirectory means
     * @param within   the directories files may be read from; empty: no bound beyond the root or the Claude home
     */
    public MemoryFiles(AgentHomes homes, Path userHome, List<Path> within) {
        this.homes = homes;
        this.claudeHome = homes.claude();
        this.userHome = userHome;
        this.within = List.copyOf(within);
    }

    public Found project(Path root) throws IOException {
        Collector found = new Collector();
        for (String name : PROJECT_FILES) {
            add(root.resolve(name), name, false, root, found);
        }
        for (Path rule : markdownIn(root.resolve(".claude/rules"))) {
            add(rule, ".claude/rules/" + rule.getFileName(), false, root, found);
        }
        for (Path folder : subfolders(root)) {
            String prefix = root.relativize(folder).toString().replace('\\', '/') + "/";
            for (String name : PROJECT_FILES) {
                add(folder.resolve(name), prefix + name, false, root, found);
            }
        }
        for (Path memory : geminiProjectMemory(root)) {
            add(memory, "gemini-memory/" + memory.getFileName(), false, homes.gemini(), found);
        }
        Optional<AutoMemoryDirectory.Setting> setting = AutoMemoryDirectory.find(
                AutoMemoryDirectory.settingsFiles(root, claudeHome), userHome, found.notes);
        List<Path> memoryFolders = setting.isPresent() ? List.of(setting.get().directory())
                : new TranscriptLocator(claudeHome).projectFolders(root).stream().map(f -> f.resolve("memory")).toList();
        for (Path folder : memoryFolders) {
            for (Path memory : markdownIn(folder)) {
                String name = memory.getFileName().toString();
                add(memory, "auto-memory/" + name, name.equals(MEMORY_INDEX), setting.isPresent() ? folder : claudeHome,
                        found);
            }
        }
        return found.result();
    }

    public Found user() throws IOException {
        Collector found = new Collector();
        add(claudeHome.resolve("CLAUDE.md"), "user/CLAUDE.md", false, claudeHome, found);
        for (Path rule : markdownIn(claudeHome.resolve("rules"))) {
            add(rule, "user/rules/" + rule.getFileName(), false, claudeHome, found);
        }
        for (String name : List.of("AGENTS.md", "AGENTS.override.md")) {
            add(homes.codex().resolve(name), "codex/" + name, false, homes.codex(), found);
        }
        for (String name : CODEX_MEMORIES) {
            add(homes.codex().resolve(name), "codex/" + name, false, homes.codex(), found);
        }
        for (Path note : markdownIn(homes.codex().resolve(CODEX_NOTES))) {
            add(note, "codex/" + CODEX_NOTES + "/" + note.getFileName(), false, homes.codex(), found);
        }
        add(homes.gemini().resolve("GEMINI.md"), "gemini/GEMINI.md", false, homes.gemini(), found);
        add(homes.qwen().resolve("QWEN.md"), "qwen/QWEN.md", false, homes.qwen(), found);
        add(homes.opencode().resolve("AGENTS.md"), "opencode/AGENTS.md", false, homes.opencode(), found);
        return found.result();
    }

    /**
     * Gemini CLI's memory of this project: &lt;gemini home&gt;/tmp/&lt;project id&gt;/memory/MEMORY.md, else the older
     * GEMINI.md there (as its getUserProjectMemoryPaths reads them), in the folder whose .project_root names the root.
     */
    private List<Path> geminiProjectMemory(Path root) throws IOException {
        Path tmp = homes.gemini().resolve("tmp");
        List<Path> files = new ArrayList<>();
        if (!Files.isDirectory(tmp, LinkOption.NOFOLLOW_LINKS)) {
            return files;
        }
        try (DirectoryStream<Path> projects = Files.newDirectoryStream(tmp)) {
            for (Path project : projects) {
                Path marker = project.resolve(".project_root");
                if (Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS) && Files.size(marker) < 4096
                        && samePath(Path.of(Files.readString(marker, StandardCharsets.UTF_8).strip()), root)) {
                    Path index = project.resolve("memory").resolve(MEMORY_INDEX);
                    files.add(Files.exists(index) ? index : project.resolve("memory").resolve("GEMINI.md"));
                }
            }
        }
        files.sort(null);
        return files;
    }

    private static final class Collector {
        final List<MemoryFile> files = new ArrayList<>();
        final List<String> refused = new ArrayList<>();
        final Set<String> unread = new java.util.LinkedHashSet<>();
        final List<String> notes = new ArrayList<>();

        Found result() {
            return new Found(List.copyOf(files), List.copyOf(refused), Set.copyOf(unread), List.copyOf(notes));
        }
    }

    private void add(Path file, String label, boolean index, Path base, Collector found) throws IOException {
        if (!Files.exists(file) || Files.isDirectory(file)) {
            return;
        }
        Path real;
        try {
            real = FileAccess.everywhere().file(file, file.toString());
        } catch (AccessRefused e) {
            found.refused.add(e.getMessage() + "; not read");
            found.unread.add(label);
            return;
        }
        if (!real.startsWith(realPath(base))) {
            found.refused.add(file + " leads outside " + base + " (" + real + "); not read");
            found.unread.add(label);
            return;
        }
        if (!within.isEmpty() && within.stream().noneMatch(dir -> real.startsWith(realPath(dir)))) {
            found.refused.add(file + " is outside " + within.stream().map(Path::toString)
                    .collect(Collectors.joining(", ")) + "; not read");
            found.unread.add(label);
            return;
        }
        if (found.files.stream().noneMatch(known -> samePath(known.path(), file))) {
            found.files.add(new MemoryFile(file, label, index));
        }
    }

    /**
     * The folders under {@code root} (not itself) that may hold instructions: links are not followed, and hidden
     * folders, dependency and build folders and nested git repositories are passed over.
     */
    private static List<Path> subfolders(Path root) throws IOException {
        List<Path> folders = new ArrayList<>();
        Files.walkFileTree(root, Set.of(), MAX_DEPTH, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                if (dir.equals(root)) {
                    return FileVisitResult.CONTINUE;
                }
                String name = dir.getFileName().toString();
                if (name.startsWith(".") || PASSED_OVER.contains(name) || Files.exists(dir.resolve(".git"))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                folders.add(dir);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE; // an unreadable folder holds nothing we can import
            }
        });
        folders.sort(null);
        return folders;
    }

    private static Path realPath(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }

    private static boolean samePath(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /** The *.md files directly in {@code folder}, by name. */
    private static List<Path> markdownIn(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, "*.md")) {
            entries.forEach(files::add);
        }
        files.sort(null);
        return files;
    }
}
