package dev.graphiti.install;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Writes a user's file so it is never half-written: the new bytes go to a temporary file in the same
 * directory, are flushed to disk, take the old file's permissions and are moved over it atomically. The
 * old bytes are first copied to {@code <file>.graphiti.bak} (one backup, replaced each time). A symlinked
 * file is written where the link points, so the link survives. If the file changed since it was read
 * (Claude Code writes ~/.claude.json often), nothing is written and the caller is told to run again.
 */
final class AtomicFile {

    static final String BACKUP_SUFFIX = ".graphiti.bak";

    private AtomicFile() {
    }

    /** Current bytes, or empty when the file does not exist. */
    static Optional<byte[]> read(Path file) throws InstallException {
        try {
            return Files.exists(file) ? Optional.of(Files.readAllBytes(file)) : Optional.empty();
        } catch (IOException e) {
            throw new InstallException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Replaces {@code file} (expected to hold {@code expected}, or not to exist) with {@code content}.
     * Returns the backup path when an existing file was backed up, and adds created directories to {@code createdDirs}.
     */
    static Optional<Path> write(Path file, Optional<byte[]> expected, byte[] content, String newFilePermissions,
                                boolean backUp, List<Path> createdDirs) throws InstallException {
        try {
            Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file;
            createdDirs.addAll(createDirectories(target.getParent()));
            Optional<Path> backup = Optional.empty();
            checkUnchanged(target, expected);
            if (expected.isPresent() && backUp) {
                backup = Optional.of(backupOf(target));
                Files.copy(target, backup.get(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            }
            Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", ".graphiti.tmp");
            try {
                try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)) {
                    ByteBuffer buffer = ByteBuffer.wrap(content);
                    while (buffer.hasRemaining()) {
                        channel.write(buffer);
                    }
                    channel.force(true);
                }
                setPermissions(temp, expected.isPresent() ? Optional.of(target) : Optional.empty(), newFilePermissions);
                checkUnchanged(target, expected);
                move(temp, target);
            } finally {
                Files.deleteIfExists(temp);
            }
            return backup;
        } catch (IOException e) {
            throw new InstallException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Deletes a file graphiti created (expected to hold {@code expected}); no backup, since it was graphiti's. */
    static void delete(Path file, byte[] expected) throws InstallException {
        try {
            Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file;
            checkUnchanged(target, Optional.of(expected));
            Files.delete(file);
        } catch (IOException e) {
            throw new InstallException("cannot delete " + file + ": " + e.getMessage(), e);
        }
    }

    /** Removes each directory that is empty, deepest first; a directory with anything in it stays. */
    static void deleteEmptyDirectories(List<Path> directories) {
        directories.stream().distinct().sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(dir -> {
            try (var entries = Files.list(dir)) {
                if (entries.findAny().isEmpty()) {
                    Files.delete(dir);
                }
            } catch (IOException e) {
                // absent or not empty: leave it
            }
        });
    }

    static Path backupOf(Path file) {
        return file.resolveSibling(file.getFileName() + BACKUP_SUFFIX);
    }

    private static void checkUnchanged(Path target, Optional<byte[]> expected) throws IOException, InstallException {
        boolean exists = Files.exists(target, LinkOption.NOFOLLOW_LINKS);
        if (exists != expected.isPresent() || (exists && !Arrays.equals(Files.readAllBytes(target), expected.get()))) {
            throw new InstallException(target + " changed while graphiti was editing it; it was left as it is now."
                    + " Run the command again.");
        }
    }

    private static List<Path> createDirectories(Path dir) throws IOException {
        List<Path> created = new ArrayList<>();
        for (Path d = dir; d != null && !Files.isDirectory(d); d = d.getParent()) {
            created.add(0, d);
        }
        Files.createDirectories(dir);
        return created;
    }

    private static void setPermissions(Path temp, Optional<Path> like, String newFilePermissions) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        Set<PosixFilePermission> permissions = like.isPresent()
                ? Files.getPosixFilePermissions(like.get()) : PosixFilePermissions.fromString(newFilePermissions);
        view.setPermissions(permissions);
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
