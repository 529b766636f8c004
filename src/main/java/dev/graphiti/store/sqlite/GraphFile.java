package dev.graphiti.store.sqlite;

import dev.graphiti.graph.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * A graph's database file as it lies on disk, judged before SQLite opens it: an empty file is refused (SQLite would
 * take it for a new database and graphiti would build an empty graph over what may be a copy cut short), and a file
 * that cannot be written here is opened read-only (a read-only mount, or a directory without write permission).
 */
final class GraphFile {

    private static final int SQLITE_PERM = 3;
    private static final int SQLITE_READONLY = 8;
    private static final int SQLITE_CANTOPEN = 14;

    private GraphFile() {
    }

    /**
     * Refuses a file of 0 bytes. graphiti builds a new graph beside its final name and moves it there whole, so an
     * empty file under that name is damage (a truncated copy, a full disk), never a graph being created. Its log may
     * still hold every page (an older graphiti created files in place); then SQLite reads it from there.
     */
    static void refuseEmpty(Path file) {
        try {
            if (Files.size(file) == 0 && size(log(file)) == 0) {
                throw new StoreException("the database " + file + " is empty (0 bytes): there is no graph in it to read, perhaps "
                        + "it is a copy that was cut short; nothing was changed. Restore it from a backup, or delete it and "
                        + "graphiti starts a new graph there", null);
            }
        } catch (NoSuchFileException e) {
            // removed since it was looked for: SQLite's open says what is wrong
        } catch (IOException e) {
            throw new StoreException("cannot read the database " + file + " (" + e.getMessage() + ")", e);
        }
    }

    /** SQLite could not write where the file lies, so a writable open failed; a read-only one may still read it. */
    static boolean notWritable(SQLException e, Path file) {
        int code = e.getErrorCode() & 0xff;
        return (code == SQLITE_READONLY || code == SQLITE_CANTOPEN || code == SQLITE_PERM) && Files.isReadable(file);
    }

    /**
     * The URI that opens the file read-only. SQLite reads a WAL database through its shared-memory file, which it
     * cannot create where it cannot write: with a log present (another process has the graph open, or one was
     * killed) it reads the log as well and needs that file to exist; with none, every page is in the database file
     * and "immutable" reads it without the shared-memory file.
     */
    static String readOnlyUri(Path file) {
        return "file:" + escaped(file.toString()) + (size(log(file)) > 0 ? "?mode=ro" : "?mode=ro&immutable=1");
    }

    private static Path log(Path file) {
        return file.resolveSibling(file.getFileName() + "-wal");
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    /** A path in a SQLite URI: '%', '?' and '#' would be read as an escape, the query and the fragment. */
    private static String escaped(String path) {
        return path.replace("%", "%25").replace("?", "%3f").replace("#", "%23");
    }
}
