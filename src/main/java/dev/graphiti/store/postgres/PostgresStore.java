package dev.graphiti.store.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.graphiti.graph.GraphDatabase;
import dev.graphiti.graph.GraphStore;
import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.StoreException;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.store.jdbc.IngestLedger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Graphs in one PostgreSQL database, for a team server (or several behind a load balancer): each graph, named by
 * its location, is a schema of its own (see {@link PostgresMigrations}), made and upgraded on first open. An open
 * graph holds one connection from the pool (HikariCP's, or an application server's DataSource) until closed.
 * Writers of a graph take turns under its advisory locks (adds only with adds claiming the same content, subject or
 * item; see {@link Retries}); what a concurrent writer makes fail is retried.
 */
public final class PostgresStore implements GraphStore, AutoCloseable {

    /** HikariCP says "Starting..." and "Start completed." at INFO; stderr is for problems. Held: see SqliteStore. */
    private static final Logger POOL_LOG = Logger.getLogger("com.zaxxer.hikari");

    static {
        POOL_LOG.setLevel(Level.WARNING);
    }

    private final DataSource source;
    private final Optional<AutoCloseable> owned;
    private final String language;
    private final Duration retryBudget;
    private final String where;
    private final Map<String, PostgresMigrations.GraphSchema> opened = new ConcurrentHashMap<>();

    private PostgresStore(DataSource source, Optional<AutoCloseable> owned, String language, Duration retryBudget,
                          String where) {
        this.source = source;
        this.owned = owned;
        this.language = language;
        this.retryBudget = retryBudget;
        this.where = where;
    }

    /**
     * A store with a pool of its own (closed with it) on {@code url} (jdbc:postgresql://host:port/database).
     * @param language the text search configuration new graphs stem their words with (english, german, simple, ...)
     */
    public static PostgresStore pooled(String url, Optional<String> user, Optional<String> password, int poolSize,
                                       String language, Duration retryBudget) {
        requireUrl(url);
        HikariConfig config = new HikariConfig();
        config.setPoolName("graphiti");
        config.setJdbcUrl(url);
        user.ifPresent(config::setUsername);
        password.ifPresent(config::setPassword);
        config.setMaximumPoolSize(poolSize);
        config.setMinimumIdle(Math.min(2, poolSize));
        config.setConnectionTimeout(Duration.ofSeconds(30).toMillis());
        // A pool that cannot connect fails the command that needed it, with PostgreSQL's reason, not at start.
        config.setInitializationFailTimeout(-1);
        config.addDataSourceProperty("ApplicationName", "graphiti");
        config.addDataSourceProperty("reWriteBatchedInserts", "true");
        HikariDataSource pool = new HikariDataSource(config);
        return new PostgresStore(pool, Optional.of(pool), language, retryBudget, withoutSecrets(url));
    }

    /** Fails, saying what is expected, on a URL that is not PostgreSQL's (the part after ? may hold a password). */
    public static void requireUrl(String url) {
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new StoreException("graphiti.store.url must be a PostgreSQL JDBC URL (jdbc:postgresql://host:5432/db),"
                    + " not " + withoutSecrets(url), null);
        }
    }

    /** A store on a DataSource someone else owns and closes (an application server's, found through JNDI). */
    public static PostgresStore on(DataSource source, String language, Duration retryBudget, String name) {
        return new PostgresStore(source, Optional.empty(), language, retryBudget, name);
    }

    /** Opens graph {@code name} (made when absent) with its ingest state and vectors on one pooled connection. */
    public GraphDatabase open(String name, Scope scope) {
        Retries retries = new Retries(retryBudget, name);
        Connection connection = borrow(name, retries);
        PostgresMigrations.GraphSchema graph = graph(connection, name, retries);
        Runnable release = () -> giveBack(connection);
        return new GraphDatabase(new PostgresItemRepository(connection, graph, name, scope, retries, release),
                ledger(connection, graph.number(), retries, () -> { }),
                new PostgresVectorStore(connection, graph.number(), scope, retries, () -> { }));
    }

    /** Whether graph {@code name} was ever made in this database: looked up, never made. */
    public boolean exists(String name) {
        Retries retries = new Retries(retryBudget, name);
        Connection connection = borrow(name, retries);
        try {
            return opened.containsKey(name) || retries.run(() -> PostgresMigrations.find(connection, name)).isPresent();
        } finally {
            giveBack(connection);
        }
    }

    /** A graph's ingest state on a connection of its own. */
    public IngestState openIngest(String name) {
        Retries retries = new Retries(retryBudget, name);
        Connection connection = borrow(name, retries);
        return ledger(connection, graph(connection, name, retries).number(), retries, () -> giveBack(connection));
    }

    private static IngestState ledger(Connection connection, int graph, Retries retries, Runnable release) {
        return new IngestLedger(connection, new PostgresTransactions(connection, graph, retries), new PostgresDialect(),
                release);
    }

    /** A graph's vectors on a connection of their own (the background embedding's). */
    public VectorStore openVectors(String name, Scope scope) {
        Retries retries = new Retries(retryBudget, name);
        Connection connection = borrow(name, retries);
        return new PostgresVectorStore(connection, graph(connection, name, retries).number(), scope, retries,
                () -> giveBack(connection));
    }

    /** The database, for a message: its URL without what follows {@code ?}, or its JNDI name. */
    public String where() {
        return where;
    }

    @Override
    public GraphDatabase openGraph(Path database, Scope scope) {
        return open(name(database), scope);
    }

    @Override
    public IngestState openIngest(Path database) {
        return openIngest(name(database));
    }

    @Override
    public VectorStore openVectors(Path database, Scope scope) {
        return openVectors(name(database), scope);
    }

    @Override
    public boolean exists(Path database) {
        return exists(name(database));
    }

    /** Always: a graph in the database is named by its file's path, and that file is never there. */
    @Override
    public boolean stillThere(Path database) {
        return true;
    }

    @Override
    public String where(Path database) {
        return database + ", in PostgreSQL at " + where;
    }

    /** A graph's name in the database: its location's path, as a SQLite file would have it. */
    static String name(Path database) {
        return database.toAbsolutePath().normalize().toString();
    }

    /** The schema version this program writes. */
    public static int schemaVersion() {
        return PostgresMigrations.latest();
    }

    private Connection borrow(String name, Retries retries) {
        try {
            return source.getConnection();
        } catch (SQLException e) {
            throw new StoreException("cannot connect to PostgreSQL at " + where + " for the graph " + name + " ("
                    + e.getMessage() + ")", e);
        }
    }

    /** The graph's schema (made or upgraded once per process), set as the connection's search path. */
    private PostgresMigrations.GraphSchema graph(Connection connection, String name, Retries retries) {
        try {
            PostgresMigrations.GraphSchema graph = opened.get(name);
            if (graph == null) {
                graph = retries.run(() -> PostgresMigrations.open(connection, name, language));
                opened.put(name, graph);
            }
            String schema = graph.schema();
            retries.run(() -> {
                Retries.execute(connection, "SET search_path TO " + schema);
                return null;
            });
            return graph;
        } catch (RuntimeException e) {
            giveBack(connection);
            throw e;
        }
    }

    private static void giveBack(Connection connection) {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // a broken connection; the pool replaces it
        }
    }

    /** Closes the pool when this store made it. */
    @Override
    public void close() {
        owned.ifPresent(pool -> {
            try {
                pool.close();
            } catch (Exception ignored) {
                // closing at the end; nothing left to do with it
            }
        });
    }

    /** The URL without its query (where a password may be given), for messages. */
    private static String withoutSecrets(String url) {
        return url.replaceAll("[?;].*", "");
    }
}
