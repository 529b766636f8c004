package dev.graphiti.install;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One file change, planned in full before any file is touched (so a conflict or a malformed file stops
 * the command with nothing written): the bytes expected on disk, and the new bytes or a deletion.
 */
record PendingWrite(Path file, Optional<byte[]> expected, Optional<byte[]> content, String newFilePermissions,
                    List<String> entries) {

    static PendingWrite of(JsonConfigFile file, String newFilePermissions, List<String> entries) {
        return new PendingWrite(file.path(), file.original(), Optional.of(file.content()), newFilePermissions, entries);
    }

    /** Applies the change; adds the directories it had to create to {@code createdDirs}. */
    FileChange apply(List<Path> createdDirs) throws InstallException {
        if (content.isEmpty()) {
            if (expected.isEmpty()) {
                return new FileChange(file, "unchanged", entries, Optional.empty());
            }
            AtomicFile.delete(file, expected.get());
            return new FileChange(file, "deleted", entries, Optional.empty());
        }
        if (expected.isPresent() && java.util.Arrays.equals(expected.get(), content.get())) {
            return new FileChange(file, "unchanged", entries, Optional.empty());
        }
        List<Path> dirs = new ArrayList<>();
        Optional<Path> backup = AtomicFile.write(file, expected, content.get(), newFilePermissions, true, dirs);
        createdDirs.addAll(dirs);
        return new FileChange(file, expected.isPresent() ? "updated" : "created", entries, backup);
    }
}
