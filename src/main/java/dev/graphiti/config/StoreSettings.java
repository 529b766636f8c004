package dev.graphiti.config;

import java.util.Optional;

/**
 * Where graphs live when the operator says so (see docs/postgresql.md): a PostgreSQL URL ({@value Settings#STORE_URL})
 * with its user and password, or the JNDI name of an application server's DataSource ({@value Settings#STORE_JNDI}),
 * the text search configuration new graphs stem with ({@value Settings#STORE_LANGUAGE}, english) and a server's pool
 * size ({@value Settings#STORE_POOL_SIZE}, 10); neither URL nor JNDI name: SQLite files. The password is never printed.
 */
public record StoreSettings(Optional<String> url, Optional<String> user, Optional<String> password,
                            Optional<String> jndi, String language, int poolSize) {

    /** SQLite files only. */
    public static StoreSettings none() {
        return new StoreSettings(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), "english", 10);
    }

    /** Read from {@code settings}; a pool size that is not a whole number is an IllegalArgumentException naming it. */
    static StoreSettings from(Settings settings) {
        return new StoreSettings(settings.get(Settings.STORE_URL).map(String::strip), settings.get(Settings.STORE_USER),
                settings.get(Settings.STORE_PASSWORD), settings.get(Settings.STORE_JNDI).map(String::strip),
                settings.get(Settings.STORE_LANGUAGE).orElse("english").strip(),
                (int) settings.number(Settings.STORE_POOL_SIZE, 10));
    }

    /** Whether graphs live in a database server (no file to wait for) rather than SQLite files. */
    public boolean inDatabase() {
        return url.isPresent() || jndi.isPresent();
    }

    @Override
    public String toString() {
        return "StoreSettings[url=" + url.map(u -> u.replaceAll("[?;].*", "")).orElse("") + ", user=" + user.orElse("")
                + ", password=" + (password.isPresent() ? "(set)" : "") + ", jndi=" + jndi.orElse("") + ", language="
                + language + ", poolSize=" + poolSize + "]";
    }
}
