package dev.graphiti.store.sqlite;

import dev.graphiti.graph.StoreException;
import dev.graphiti.store.jdbc.RetryLoop;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Retries work that found the database locked by another process, with growing, jittered pauses, until a
 * time budget runs out; turns every SQLite failure into a message a person can act on.
 */
final class BusyRetry {

    private static final int SQLITE_PERM = 3;
    private static final int SQLITE_BUSY = 5;
    private static final int SQLITE_LOCKED = 6;
    private static final int SQLITE_READONLY = 8;
    private static final int SQLITE_IOERR = 10;
    private static final int SQLITE_CORRUPT = 11;
    private static final int SQLITE_FULL = 13;
    private static final int SQLITE_CANTOPEN = 14;
    private static final int SQLITE_NOTADB = 26;

    private final Duration budget;
    private final Path database;
    private final RetryLoop loop;

    BusyRetry(Duration budget, Path database) {
        this.budget = budget;
        this.database = database;
        this.loop = new RetryLoop(budget, BusyRetry::busy, this::translate);
    }

    <T> T run(Transactions.SqlWork<T> work) {
        return loop.run(work::run);
    }

    static boolean busy(SQLException e) {
        int code = e.getErrorCode() & 0xff;
        return code == SQLITE_BUSY || code == SQLITE_LOCKED;
    }

    StoreException translate(SQLException e) {
        int code = e.getErrorCode() & 0xff;
        String reason = e.getMessage();
        String message;
        if (e instanceof Migrations.Refusal) {
            message = reason;
        } else if (code == SQLITE_BUSY || code == SQLITE_LOCKED) {
            message = "the database " + database + " stayed busy for " + budget.toSeconds()
                    + " s while other graphiti processes wrote to it; nothing was changed, try again";
        } else if (code == SQLITE_CORRUPT) {
            message = "the database " + database + " is damaged (" + reason + "); nothing was changed. To recover, restore"
                    + " it from a backup, or move it aside and graphiti starts a new graph (`graphiti index` brings back the"
                    + " git history); `graphiti health` shows where the damage is";
        } else if (code == SQLITE_NOTADB) {
            message = "the database " + database + " is damaged or is not a graphiti database (" + reason
                    + "); nothing was changed. Move it aside (or restore a backup) and graphiti starts a new one";
        } else if (code == SQLITE_READONLY) {
            message = "cannot write the graph " + database + ": it is read-only here (" + reason + "); nothing was changed."
                    + " Reading it works; to write, check that the file and " + database.getParent() + " are writable and"
                    + " that their file system is not mounted read-only";
        } else if (code == SQLITE_PERM || code == SQLITE_CANTOPEN) {
            message = "cannot write the database " + database + " (" + reason + "); check that the file and "
                    + database.getParent() + " are writable";
        } else if (code == SQLITE_FULL) {
            message = "the disk holding " + database + " is full; nothing was changed";
        } else if (code == SQLITE_IOERR) {
            message = "input/output error on " + database + " (" + reason + ")";
        } else {
            message = "database error on " + database + ": " + reason;
        }
        return new StoreException(message, e);
    }
}
