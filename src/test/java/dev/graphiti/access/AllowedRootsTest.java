package dev.graphiti.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The path rule: inside an allowed root by real path, name by name; everything else is a clear refusal. */
class AllowedRootsTest {

    @TempDir
    Path temp;
    Path app;
    Path evil;
    AllowedRoots allowed;

    @BeforeEach
    void setUp() throws Exception {
        temp = temp.toRealPath();
        app = Files.createDirectories(temp.resolve("srv/app/module"));
        app = app.getParent();
        evil = Files.createDirectories(temp.resolve("srv/app-evil"));
        allowed = AllowedRoots.of(List.of(app));
    }

    @Test
    void aDirectoryInsideIsItsRealPath() {
        assertEquals(app.resolve("module"), allowed.confine(app.resolve("module"), "dir"));
        assertEquals(app, allowed.confine(Path.of(app + "/"), "dir"), "a trailing slash is the same directory");
        assertEquals(app.resolve("module"), allowed.confine(app.resolve("module/../module/./"), "dir"));
    }

    @Test
    void aSiblingWithACommonPrefixIsOutside() {
        var e = assertThrows(IllegalArgumentException.class, () -> allowed.confine(evil, "dir " + evil));
        assertTrue(e.getMessage().contains("outside the directories this server serves (" + app + ")"), e.getMessage());
        assertFalse(allowed.contains(evil));
    }

    @Test
    void dotDotOutOfARootIsOutside() {
        Path climbing = app.resolve("module/../../app-evil");
        assertThrows(IllegalArgumentException.class, () -> allowed.confine(climbing, "dir"));
        assertThrows(IllegalArgumentException.class, () -> allowed.confine(app.resolve(".."), "dir"));
    }

    @Test
    void aSymlinkOutOfARootIsOutside() throws Exception {
        Path link = Files.createSymbolicLink(app.resolve("escape"), evil);
        Path secret = Files.writeString(evil.resolve("secret.jsonl"), "{}");
        assertThrows(IllegalArgumentException.class, () -> allowed.confine(link, "dir"));
        assertThrows(IllegalArgumentException.class, () -> allowed.confine(link.resolve(secret.getFileName()), "file"));
    }

    @Test
    void aRootGivenThroughASymlinkAllowsItsTarget() throws Exception {
        Path alias = Files.createSymbolicLink(temp.resolve("alias"), app);
        AllowedRoots viaAlias = AllowedRoots.of(List.of(alias));
        assertEquals(app.resolve("module"), viaAlias.confine(alias.resolve("module"), "dir"));
        assertEquals(app.resolve("module"), viaAlias.confine(app.resolve("module"), "dir"));
        assertEquals(List.of(app), viaAlias.directories());
    }

    @Test
    void aMissingPathInsideSaysSoAndOneOutsideDoesNotTellWhetherItExists() {
        var missing = assertThrows(IllegalArgumentException.class,
                () -> allowed.confine(app.resolve("nowhere"), "dir nowhere"));
        assertEquals("dir nowhere does not exist on this server", missing.getMessage());
        var outside = assertThrows(IllegalArgumentException.class,
                () -> allowed.confine(evil.resolve("nowhere"), "dir x"));
        assertTrue(outside.getMessage().contains("outside"), outside.getMessage());
    }

    @Test
    void theSettingIsACommaListAndEachRootMustExist() {
        AllowedRoots two = AllowedRoots.parse(" srv/app , " + evil + ",", temp);
        assertEquals(List.of(app, evil), two.directories());
        var e = assertThrows(IllegalArgumentException.class, () -> AllowedRoots.parse("/no/such/root", temp));
        assertTrue(e.getMessage().contains("GRAPHITI_ALLOWED_ROOTS") && e.getMessage().contains("/no/such/root"),
                e.getMessage());
    }

    @Test
    void everywhereAndNone() {
        assertEquals(evil, AllowedRoots.everywhere().confine(evil, "dir"));
        assertTrue(AllowedRoots.everywhere().unrestricted());
        var e = assertThrows(IllegalArgumentException.class, () -> AllowedRoots.none().confine(app, "dir"));
        assertTrue(e.getMessage().contains("none: the global graph only"), e.getMessage());
    }
}
