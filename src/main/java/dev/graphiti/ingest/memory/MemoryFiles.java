package dev.graphiti.ingest.memory;

import dev.graphiti.ingest.transcript.TranscriptLocator;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the memory files are. A project's: CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md and .claude/rules/*.md
 * under its root, and Claude Code's auto-memory folder for it (&lt;claude home&gt;/projects/&lt;project folder&gt;/memory,
 * MEMORY.md and its topic files). The user's: &lt;claude home&gt;/CLAUDE.md and rules/*.md. A file that resolves
 * (through a link) outside the root or the Claude home is refused, not read; so is one outside the directories
 * given as {@code within} (an MCP tool call may only reach those of its server).
 */
public final class MemoryFiles {

    /** The files found, and those refused (one sentence each). */
    public record Found(List<MemoryFile> files, List<String> refused) {
    }

    public static final String MEMORY_INDEX = "MEMORY.md";

    private final Path claudeHome;
    private final List<Path> within;

    /** @param within the directories files may be read from; empty: no bound beyond the root or the Claude home */
    public MemoryFiles(Path claudeHome, List<Path> within) {
        this.claudeHome = claudeHome;
        this.within = List.copyOf(within);
    }

    public Found project(Path root) throws IOException {
        List<MemoryFile> files = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (String name : List.of("CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md")) {
            add(root.resolve(name), name, false, root, files, refused);
        }
        for (Path rule : markdownIn(root.resolve(".claude/rules"))) {
            add(rule, ".claude/rules/" + rule.getFileName(), false, root, files, refused);
        }
        for (Path folder : new TranscriptLocator(claudeHome).projectFolders(root)) {
            for (Path memory : markdownIn(folder.resolve("memory"))) {
                String name = memory.getFileName().toString();
                add(memory, "auto-memory/" + name, name.equals(MEMORY_INDEX), claudeHome, files, refused);
            }
        }
        return new Found(files, refused);
    }

    public Found user() throws IOException {
        List<MemoryFile> files = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        add(claudeHome.resolve("CLAUDE.md"), "user/CLAUDE.md", false, claudeHome, files, refused);
        for (Path rule : markdownIn(claudeHome.resolve("rules"))) {
            add(rule, "user/rules/" + rule.getFileName(), false, claudeHome, files, refused);
        }
        return new Found(files, refused);
    }

    private void add(Path file, String label, boolean index, Path base,
                     List<MemoryFile> files, List<String> refused) throws IOException {
        if (!Files.isRegularFile(file)) {
            return;
        }
        Path real = file.toRealPath();
        if (!real.startsWith(base.toRealPath())) {
            refused.add(file + " leads outside " + base + " (" + real + "); not read");
            return;
        }
        if (!within.isEmpty() && within.stream().noneMatch(dir -> real.startsWith(realPath(dir)))) {
            refused.add(file + " is outside " + within.stream().map(Path::toString).collect(
                    java.util.stream.Collectors.joining(", ")) + "; not read");
            return;
        }
        if (files.stream().noneMatch(known -> samePath(known.path(), file))) {
            files.add(new MemoryFile(file, label, index));
        }
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
