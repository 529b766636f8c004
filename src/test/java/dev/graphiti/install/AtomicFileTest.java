package dev.graphiti.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

    @TempDir
    Path dir;

    @Test
    void replacesTheFileKeepingItsPermissionsAndOneBackup() throws Exception {
        Path file = dir.resolve("settings.json");
        Files.writeString(file, "one");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        AtomicFile.write(file, Optional.of(bytes("one")), bytes("two"), "rw-r--r--", true, new ArrayList<>());
        AtomicFile.write(file, Optional.of(bytes("two")), bytes("three"), "rw-r--r--", true, new ArrayList<>());
        assertEquals("three", Files.readString(file));
        assertEquals("two", Files.readString(dir.resolve("settings.json.graphiti.bak")), "one backup: the latest");
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void aFileChangedSinceItWasReadIsLeftAsItIs() throws Exception {
        Path file = dir.resolve(".claude.json");
        Files.writeString(file, "{\"numStartups\": 2}");
        InstallException e = assertThrows(InstallException.class, () -> AtomicFile.write(file,
                Optional.of(bytes("{\"numStartups\": 1}")), bytes("{}"), "rw-------", true, new ArrayList<>()));
        assertTrue(e.getMessage().endsWith("changed while graphiti was editing it; it was left as it is now."
                + " Run the command again."), e.getMessage());
        assertEquals("{\"numStartups\": 2}", Files.readString(file));
        assertFalse(Files.exists(dir.resolve(".claude.json.graphiti.bak")));
    }

    @Test
    void createsMissingDirectoriesAndReportsThem() throws Exception {
        Path file = dir.resolve("a/b/SKILL.md");
        List<Path> created = new ArrayList<>();
        AtomicFile.write(file, Optional.empty(), bytes("x"), "rw-r--r--", true, created);
        assertEquals(List.of(dir.resolve("a"), dir.resolve("a/b")), created);
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        AtomicFile.delete(file, bytes("x"));
        AtomicFile.deleteEmptyDirectories(created);
        assertFalse(Files.exists(dir.resolve("a")));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
