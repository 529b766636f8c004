package dev.graphiti.access;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one rule for every file a path reaches: inside the roots by real path at any depth of a folder, a regular file
 * (FIFOs, devices and the kernel's files refused before they are opened), read within a bound; new files written
 * only where no shell, git or ssh acts on them.
 */
class FileAccessTest {

    @TempDir
    Path temp;
    Path project;
    Path outside;
    FileAccess access;

    @BeforeEach
    void setUp() throws Exception {
        temp = temp.toRealPath();
        project = Files.createDirectories(temp.resolve("srv/app"));
        outside = Files.createDirectories(temp.resolve("home/bob"));
        access = new FileAccess(AllowedRoots.of(List.of(project)));
    }

    @Test
    void aFolderWalkReadsLinksInsideAndRefusesOnesLeadingOutAtEveryDepth() throws Exception {
        Path docs = Files.createDirectories(project.resolve("docs/deep"));
        Files.writeString(project.resolve("docs/a.md"), "a");
        Files.writeString(project.resolve("shared.md"), "shared");
        Path secret = Files.writeString(outside.resolve("secret.md"), "the launch codes");
        Files.createSymbolicLink(project.resolve("docs/creds.md"), secret);
        Files.createSymbolicLink(docs.resolve("passwd.md"), Path.of("/etc/passwd"));
        Files.createSymbolicLink(project.resolve("docs/inside.md"), project.resolve("shared.md"));
        Files.createDirectories(outside.resolve("vault"));
        Files.writeString(outside.resolve("vault/note.md"), "theirs");
        Files.createSymbolicLink(project.resolve("docs/vault"), outside.resolve("vault"));

        FileAccess.Listing listing = access.walk(project.resolve("docs"), "path docs", dir -> true, name -> name.endsWith(".md"));

        assertEquals(List.of(project.resolve("docs/a.md"), project.resolve("shared.md")),
                listing.files().stream().map(FileAccess.Found::real).toList(), "inside, by real path; a linked folder is not entered");
        assertEquals(2, listing.refused().size(), listing.refused()::toString);
        assertTrue(listing.refused().get(0).contains("creds.md") && listing.refused().get(0).contains("outside the directories"),
                listing.refused()::toString);
        assertTrue(listing.refused().get(1).contains("passwd.md"), listing.refused()::toString);
        assertThrows(AccessRefused.class, () -> access.file(project.resolve("docs/creds.md"), "path docs/creds.md"),
                "the same link given directly");
    }

    @Test
    void specialFilesAreRefusedBeforeTheyAreOpened() throws Exception {
        Path fifo = project.resolve("notes.jsonl");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        Files.createSymbolicLink(project.resolve("zero.jsonl"), Path.of("/dev/zero"));
        FileAccess anywhere = FileAccess.everywhere();

        for (Path special : List.of(fifo, Path.of("/dev/zero"), project.resolve("zero.jsonl"), Path.of("/proc/self/status"))) {
            AccessRefused refused = assertThrows(AccessRefused.class, () -> anywhere.open(special, special.toString()),
                    special.toString());
            assertTrue(refused.getMessage().contains("is not a regular file"), refused.getMessage());
        }
        FileAccess.Listing listing = anywhere.walk(project, "path .", dir -> true, name -> name.endsWith(".jsonl"));
        assertEquals(List.of(), listing.files());
        assertEquals(2, listing.refused().size(), listing.refused()::toString);
    }

    @Test
    void aFileReadWholeIsBounded() throws Exception {
        Path small = Files.writeString(project.resolve("note.md"), "# Note\n");
        assertArrayEquals("# Note\n".getBytes(StandardCharsets.UTF_8), access.read(small, "note.md"));
        Path large = project.resolve("large.md");
        try (RandomAccessFile file = new RandomAccessFile(large.toFile(), "rw")) {
            file.setLength(FileAccess.WHOLE_FILE_BYTES + 1); // sparse: no disk used
        }
        AccessRefused refused = assertThrows(AccessRefused.class, () -> access.read(large, "large.md"));
        assertTrue(refused.getMessage().contains("large.md is larger than 8 MiB"), refused.getMessage());
    }

    @Test
    void aWholeDiskIsNoFolderOfNotes() {
        AccessRefused refused = assertThrows(AccessRefused.class,
                () -> FileAccess.everywhere().walk(Path.of("/"), "path /", dir -> true, name -> true));
        assertTrue(refused.getMessage().contains("root of a file system; name a folder of notes"), refused.getMessage());
    }

    @Test
    void newFilesAreWrittenOnlyWhereNoShellGitOrSshActsOnThem() throws Exception {
        Files.createDirectories(project.resolve(".ssh"));
        Files.createDirectories(project.resolve("exports"));
        assertEquals(project.resolve("exports/backup.jsonl"),
                access.writable(project.resolve("exports/backup.jsonl"), project, "path exports/backup.jsonl"));
        for (String refused : List.of(".ssh/authorized_keys", ".bash_login", ".git/config", "exports/id_ed25519",
                "exports/.env", "credentials.json")) {
            AccessRefused error = assertThrows(AccessRefused.class,
                    () -> access.writable(project.resolve(refused), project, "path " + refused), refused);
            assertTrue(error.getMessage().startsWith("path " + refused), error.getMessage());
        }
        Path home = Files.createDirectories(temp.resolve("home/alice/.ssh"));
        AccessRefused error = assertThrows(AccessRefused.class, () -> FileAccess.everywhere()
                .writable(home.resolve("authorized_keys"), project, "path ../../home/alice/.ssh/authorized_keys"));
        assertTrue(error.getMessage().contains("hidden file or folder (.ssh)"), error.getMessage());
    }
}
