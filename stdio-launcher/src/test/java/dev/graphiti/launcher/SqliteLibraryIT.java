package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged graphiti loads SQLite's native library from one copy kept in the graphiti home's cache,
 * instead of copying it into the temp directory on every run (where a killed process leaves it for good).
 */
class SqliteLibraryIT {

    @TempDir
    Path temp;

    @Test
    void theLibraryIsCopiedOnceIntoTheCacheAndNeverIntoTheTempDirectory() throws Exception {
        var user = new ClaudeUser(Files.createDirectories(temp.resolve("home")));
        Path project = Files.createDirectories(temp.resolve("project"));
        // A temp directory that does not exist: sqlite-jdbc's own way (copy it there, then load it) fails.
        List<String> add = withTempDirectory(temp.resolve("no-such-tmp"), "add", "-g", "Keep the SQLite library in the cache");
        ClaudeUser.Ran first = user.run(add, project, "");
        assertEquals(0, first.code(), first.err());

        Path library;
        try (Stream<Path> files = Files.walk(user.home().resolve(".graphiti").resolve("cache").resolve("native"))) {
            List<Path> kept = files.filter(Files::isRegularFile).toList();
            assertEquals(1, kept.size(), kept.toString());
            library = kept.get(0);
        }
        FileTime written = Files.getLastModifiedTime(library);
        ClaudeUser.Ran second = user.run(withTempDirectory(temp.resolve("no-such-tmp"), "list", "-g"), project, "");
        assertEquals(0, second.code(), second.err());
        assertTrue(second.out().contains("Keep the SQLite library in the cache"), second.out());
        assertEquals(written, Files.getLastModifiedTime(library), "copied once, then only loaded");
    }

    private static List<String> withTempDirectory(Path directory, String... args) {
        List<String> command = new ArrayList<>(List.of(ClaudeUser.java(), "-Djava.io.tmpdir=" + directory, "-jar",
                ClaudeUser.jar().toString()));
        command.addAll(List.of(args));
        return command;
    }
}
