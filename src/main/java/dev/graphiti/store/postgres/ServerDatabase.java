package dev.graphiti.store.postgres;

import dev.graphiti.config.Settings;
import dev.graphiti.config.StoreSettings;
import dev.graphiti.graph.StoreException;
import java.time.Duration;
import java.util.Optional;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Where graphs live when the operator says so: one PostgreSQL database, named by {@value Settings#STORE_URL} or, in
 * an application server, by the JNDI name of its DataSource ({@value Settings#STORE_JNDI}); SQLite files otherwise.
 * Read from the process's settings only (system properties, environment, a WAR's context parameters), never from
 * the settings file or a tool call: where a server keeps the team's knowledge is the operator's to choose.
 */
public final class ServerDatabase {

    private static final Duration RETRY_BUDGET = Duration.ofSeconds(60);

    private ServerDatabase() {
    }

    /**
     * The configured PostgreSQL store: a pool of its own when {@code pooled} (a long-lived server), else a connection
     * per open graph (a one-shot command opens one or two and exits).
     */
    public static Optional<PostgresStore> configured(StoreSettings settings, boolean pooled) {
        String language = settings.language();
        Optional<String> jndi = settings.jndi();
        if (jndi.isPresent()) {
            return Optional.of(PostgresStore.on(lookup(jndi.get()), language, RETRY_BUDGET, jndi.get()));
        }
        Optional<String> url = settings.url();
        if (url.isEmpty()) {
            return Optional.empty();
        }
        PostgresStore.requireUrl(url.get());
        Optional<String> user = settings.user();
        Optional<String> password = settings.password();
        if (pooled) {
            return Optional.of(PostgresStore.pooled(url.get(), user, password, Math.max(1, settings.poolSize()), language,
                    RETRY_BUDGET));
        }
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setURL(url.get());
        user.ifPresent(source::setUser);
        password.ifPresent(source::setPassword);
        source.setApplicationName("graphiti");
        return Optional.of(PostgresStore.on(source, language, RETRY_BUDGET, url.get().replaceAll("[?;].*", "")));
    }

    private static DataSource lookup(String name) {
        try {
            Object found = new InitialContext().lookup(name);
            if (found instanceof DataSource source) {
                return source;
            }
            throw new StoreException(Settings.describe(Settings.STORE_JNDI) + " names " + name + ", which is a "
                    + found.getClass().getName() + ", not a DataSource", null);
        } catch (NamingException e) {
            throw new StoreException("the application server has no DataSource named " + name + " ("
                    + Settings.describe(Settings.STORE_JNDI) + "): " + e.getMessage(), e);
        }
    }
}
