package dev.graphiti.store.sqlite;

import dev.graphiti.graph.GraphDatabase;
import dev.graphiti.graph.GraphStore;
import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.StoreException;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.store.jdbc.IngestLedger;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.sqlite.SQLiteConfig;

/**
 * Opens graph databases: one SQLite file each, in WAL mode with a busy timeout, upgraded to the latest
 * schema on open. Several processes may hold the same file open and write at once.
 */
public final class SqliteStore implements GraphStore {

    /**
     * On loading, sqlite-jdbc deletes native libraries that other processes left in the temp directory. When
     * several processes start together, two of them delete the same file and the loser logs a SEVERE stack trace
     * about a file that is already gone. Nothing is wrong and stderr must stay clean, so that logger is off (a
     * real loading failure still fails the connection). Held here: java.util.logging forgets the level of a
     * logger nobody references.
     */
    private static final Logger NATIVE_LOADER = Logger.getLogger("org.sqlite.SQLiteJDBCLoader");

    static {
        NATIVE_LOADER.setLevel(Level.OFF);
    }

    private final Duration busyTimeout;
    private final Duration retryBudget;
    private final Optional<IdleConnections> idle;

    /**
     * @param busyTimeout how long SQLite itself waits for a lock before reporting busy
     * @param retryBudget how long a write keeps retrying while other processes hold the lock
     */
    public SqliteStore(Duration busyTimeout, Duration retryBudget) {
        this(busyTimeout, retryBudget, Optional.empty());
    }

    /** A store that reuses the connections a long-lived process keeps in {@code idle}. */
    public SqliteStore(Duration busyTimeout, Duration retryBudget, Optional<IdleConnections> idle) {
        this.busyTimeout = busyTimeout;
        this.retryBudget = retryBudget;
        this.idle = idle;
    }

    public static SqliteStore withDefaults() {
        return new SqliteStore(Duration.ofSeconds(5), Duration.ofSeconds(60));
    }

    /** The schema version this program writes. */
    public static int schemaVersion() {
        return Migrations.latest();
    }

    /** Opens (creating when absent) the database file for one scope's graph. */
    public ItemRepository open(Path database, Scope scope) {
        Path file = database.toAbsolutePath().normalize();
        BusyRetry retry = new BusyRetry(retryBudget, file);
        return new SqliteItemRepository(connectMigrated(file, retry), file, scope, retry, SqliteStore::closeQuietly);
    }

    /**
     * Opens a graph's items and its git-index and capture state on one connection, for a command that reads
     * both: a connection costs about a millisecond to open. Closing the pair closes both.
     */
    @Override
    public GraphDatabase openGraph(Path database, Scope scope) {
        Path file = database.toAbsolutePath().normalize();
        BusyRetry retry = new BusyRetry(retryBudget, file);
        Lease lease = lease(file, retry);
        Connection connection = lease.connection();
        return new GraphDatabase(new SqliteItemRepository(connection, file, scope, retry, lease.release()),
                ledger(connection, retry, () -> { }), new SqliteVectorStore(connection, scope, retry, shared -> { }));
    }

    /**
     * Opens a graph's vectors on a connection of their own: a background embedding's, or a search's that looks
     * for the nearest vectors on one thread while its words are looked up on another (one connection must not
     * serve two threads at once). A long-lived process reuses the connections it keeps.
     */
    @Override
    public VectorStore openVectors(Path database, Scope scope) {
        Path file = database.toAbsolutePath().normalize();
        BusyRetry retry = new BusyRetry(retryBudget, file);
        Lease lease = lease(file, retry);
        return new SqliteVectorStore(lease.connection(), scope, retry, lease.release());
    }

    /** Opens the git-index and capture state kept in a graph's database file (a connection of its own). */
    @Override
    public IngestState openIngest(Path database) {
        Path file = database.toAbsolutePath().normalize();
        BusyRetry retry = new BusyRetry(retryBudget, file);
        Connection connection = connectMigrated(file, retry);
        return ledger(connection, retry, () -> closeQuietly(connection));
    }

    @Override
    public boolean exists(Path database) {
        return Files.exists(database);
    }

    @Override
    public boolean stillThere(Path database) {
        return Files.exists(database);
    }

    @Override
    public String where(Path database) {
        return database.toString();
    }

    private static IngestState ledger(Connection connection, BusyRetry retry, Runnable release) {
        return new IngestLedger(connection, new SqliteTransactions(connection, retry), new SqliteDialect(), release);
    }

    /** A connection to the file, kept from an earlier command when this process keeps them, and how to give it back. */
    private Lease lease(Path file, BusyRetry retry) {
        if (idle.isEmpty()) {
            return new Lease(connectMigrated(file, retry), SqliteStore::closeQuietly);
        }
        IdleConnections.Kept kept = idle.get().take(file, busyTimeout).map(reused -> migrated(reused, file, retry))
                .orElseGet(() -> new IdleConnections.Kept(connectMigrated(file, retry), IdleConnections.fileKey(file)));
        return new Lease(kept.connection(), closed -> idle.get().give(file, busyTimeout, kept));
    }

    private record Lease(Connection connection, Consumer<Connection> release) {
    }

    /** A connection to the file (created when absent) upgraded to the latest schema. */
    private Connection connectMigrated(Path file, BusyRetry retry) {
        createDirectory(file.getParent());
        if (Files.notExists(file)) {
            create(file, retry);
        }
        return migrated(retry.run(() -> connect(file)), file, retry);
    }

    /**
     * Builds a new graph under a name of its own and links it into place whole, so no process ever finds a
     * half-made file under the graph's name (and an empty one there is damage, see {@link GraphFile#refuseEmpty}).
     * When several processes create the same graph at once, the first link wins and the others use it.
     */
    private void create(Path file, BusyRetry retry) {
        Path fresh = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + Long.toHexString(System.nanoTime()) + ".new");
        try {
            closeQuietly(migrated(retry.run(() -> connectWritable(fresh)), file, retry));
            try {
                Files.createLink(file, fresh);
            } catch (FileAlreadyExistsException raced) {
                // another process made it first: use theirs
            } catch (IOException | UnsupportedOperationException noHardLinks) {
                Files.move(fresh, file); // fails rather than replace a graph made in the meantime
            }
        } catch (FileAlreadyExistsException raced) {
            // made in the meantime by another process
        } catch (IOException e) {
            throw new StoreException("cannot create the graph " + file + " (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + "); check that " + file.getParent() + " is writable", e);
        } finally {
            for (String suffix : new String[] {"", "-wal", "-shm", "-journal"}) {
                try {
                    Files.deleteIfExists(fresh.resolveSibling(fresh.getFileName() + suffix));
                } catch (IOException ignored) {
                    // a leftover of a few KiB beside the graph; the graph itself is complete
                }
            }
        }
    }

    /** A kept connection, upgraded when another graphiti changed the schema since (closed when that fails). */
    private IdleConnections.Kept migrated(IdleConnections.Kept kept, Path file, BusyRetry retry) {
        return new IdleConnections.Kept(migrated(kept.connection(), file, retry), kept.fileKey());
    }

    private static Connection migrated(Connection connection, Path file, BusyRetry retry) {
        try {
            retry.run(() -> {
                // Only a database behind this program's schema takes the write lock; the rest just read the version.
                int version = Migrations.version(connection);
                if (version < Migrations.latest() && connection.isReadOnly()) {
                    throw new StoreException("the graph " + file + " has schema version " + version + ", older than this "
                            + "graphiti's " + Migrations.latest() + ", and it is read-only here, so it cannot be upgraded; run"
                            + " any graphiti command once where " + file.getParent() + " is writable", null);
                }
                if (version != Migrations.latest()) {
                    Transactions.immediate(connection, () -> {
                        Migrations.upgrade(connection, file);
                        return null;
                    });
                }
                return null;
            });
        } catch (RuntimeException e) {
            closeQuietly(connection);
            throw e;
        }
        return connection;
    }

    /**
     * Opens an existing graph: writable when it can be, read-only when its file or directory cannot be written
     * (list, search, show and health still work; a write fails saying where it cannot write).
     */
    private Connection connect(Path file) throws SQLException {
        GraphFile.refuseEmpty(file);
        try {
            return connectWritable(file);
        } catch (SQLException e) {
            if (!GraphFile.notWritable(e, file)) {
                throw e;
            }
            SQLiteConfig config = config();
            config.setReadOnly(true);
            return checked(config.createConnection("jdbc:sqlite:" + GraphFile.readOnlyUri(file)), file);
        }
    }

    private Connection connectWritable(Path file) throws SQLException {
        SQLiteConfig config = config();
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        Connection connection = checked(config.createConnection("jdbc:sqlite:" + file), file);
        try {
            // Only now, on a file known to be a graph (or a new one): switching to WAL rewrites the file's header.
            Transactions.execute(connection, "PRAGMA journal_mode = WAL");
            return connection;
        } catch (SQLException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    private SQLiteConfig config() {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout((int) busyTimeout.toMillis());
        config.enforceForeignKeys(true);
        return config;
    }

    private static Connection checked(Connection connection, Path file) throws SQLException {
        try {
            // Reading the schema now surfaces "not a database" here rather than halfway through a command.
            Migrations.requireGraph(connection, file);
            // Every b-tree page is checked as it is read, so a damaged page fails the command that reads it
            // ("the database is damaged", with what to do) instead of yielding wrong rows or going unnoticed.
            Transactions.execute(connection, "PRAGMA cell_size_check = ON");
            return connection;
        } catch (SQLException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    private static void createDirectory(Path directory) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new StoreException("cannot create the graph directory " + directory + " (" + e.getClass().getSimpleName()
                    + ": " + e.getMessage() + "); check that it is writable", e);
        }
    }

    static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing after a failure; the first error is the one to report
        }
    }
}
