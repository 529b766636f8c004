package dev.graphiti.exchange;

import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.InvalidInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * A file people edit that an export writes a part of (AGENTS.md, a rules folder): read as UTF-8, written only when its
 * bytes change, the old bytes first copied to {@code <file>.graphiti.bak}, the new ones written beside it, flushed and
 * moved over it, so it is never half written. A link is written where it points, so the link stays.
 */
final class UserFile {

    static final String BACKUP_SUFFIX = ".graphiti.bak";

    private UserFile() {
    }

    /** The file's text, or empty when there is none; a file that is not UTF-8 text is refused, not rewritten. */
    static Optional<String> read(Path file) {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file + " is not a regular file; give a file to write");
        }
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(Files.readAllBytes(file)))
                    .toString());
        } catch (CharacterCodingException e) {
            throw new InvalidInputException(file + " is not UTF-8 text; graphiti leaves it as it is");
        } catch (IOException e) {
            throw new GraphException("cannot read " + file + " (" + e.getMessage() + ")", e);
        }
    }

    /** Writes {@code text} unless the file holds it already; whether it wrote. {@code backUp}: keep the old bytes. */
    static boolean write(Path file, Optional<String> old, String text, boolean backUp) {
        if (old.isPresent() && old.get().equals(text)) {
            return false;
        }
        try {
            Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file.toAbsolutePath();
            Files.createDirectories(target.getParent());
            if (old.isPresent() && backUp) {
                Files.copy(target, target.resolveSibling(target.getFileName() + BACKUP_SUFFIX),
                        StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            }
            Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".partial");
            try {
                try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                    ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
                    while (bytes.hasRemaining()) {
                        channel.write(bytes);
                    }
                    channel.force(true);
                }
                // a new file is readable by all, as an editor makes it (a temporary file is the owner's only)
                Files.setPosixFilePermissions(temp, old.isPresent() ? Files.getPosixFilePermissions(target)
                        : PosixFilePermissions.fromString("rw-r--r--"));
                try {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temp);
            }
            return true;
        } catch (UnsupportedOperationException e) {
            throw new GraphException("cannot keep the permissions of " + file + " on this file system", e);
        } catch (IOException e) {
            throw new GraphException("cannot write " + file + " (" + e.getMessage() + ")", e);
        }
    }

    static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new GraphException("cannot delete " + file + " (" + e.getMessage() + ")", e);
        }
    }
}
