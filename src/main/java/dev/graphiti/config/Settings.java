package dev.graphiti.config;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The settings of a graphiti process, every entry point alike (the CLI, the stdio and HTTP servers, a WAR).
 * A setting named {@code graphiti.x-y} is looked up, first hit wins, as the system property {@code graphiti.x-y},
 * the environment variable {@code GRAPHITI_X_Y}, then the servlet context parameter {@code graphiti.x-y} (a
 * WAR's deployment descriptor or the application server's deployment settings); unset, the reader's default.
 * The settings file ({@link Config}) is another thing: per graphiti home, what `graphiti config` edits. What the CLI
 * and the stores use of these is parsed once into {@link ProcessSettings}.
 * Values are never logged: one of them may be a token.
 */
public record Settings(Map<String, String> properties, Map<String, String> environment,
                       UnaryOperator<String> contextParameters) {

    /** The data location: the settings file, the global graph, caches. */
    public static final String HOME = "graphiti.home";

    /** The directories tool calls may reach, comma-separated. */
    public static final String ALLOWED_ROOTS = "graphiti.allowed-roots";

    /** The project a call without dir or client roots is about. */
    public static final String PROJECT_ROOT = "graphiti.project-root";

    /** A PostgreSQL JDBC URL: graphs live in that database instead of SQLite files (see docs/postgresql.md). */
    public static final String STORE_URL = "graphiti.store.url";

    /** The PostgreSQL user and password, when the URL does not carry them. */
    public static final String STORE_USER = "graphiti.store.user";
    public static final String STORE_PASSWORD = "graphiti.store.password";

    /** The JNDI name of a PostgreSQL DataSource the application server provides (a WAR), instead of a URL. */
    public static final String STORE_JNDI = "graphiti.store.jndi";

    /** The text search configuration new PostgreSQL graphs stem with (english unless set). */
    public static final String STORE_LANGUAGE = "graphiti.store.language";

    /** How many connections a server keeps to PostgreSQL at most (10 unless set). */
    public static final String STORE_POOL_SIZE = "graphiti.store.pool-size";

    public Settings {
        properties = Map.copyOf(properties);
        environment = Map.copyOf(environment);
    }

    /** This process's system properties and environment, no servlet context. */
    public static Settings ofProcess() {
        Map<String, String> properties = new HashMap<>();
        System.getProperties().forEach((name, value) -> {
            if (name instanceof String n && value instanceof String v && n.startsWith("graphiti.")) {
                properties.put(n, v);
            }
        });
        return new Settings(properties, System.getenv(), name -> null);
    }

    /** No setting from anywhere: every reader's default. */
    public static Settings none() {
        return new Settings(Map.of(), Map.of(), name -> null);
    }

    /** Only these environment variables: no system property, no servlet context. */
    public static Settings ofEnvironment(Map<String, String> environment) {
        return new Settings(Map.of(), environment, name -> null);
    }

    /** These settings with a servlet context's init parameters as the last source. */
    public Settings withContextParameters(UnaryOperator<String> parameters) {
        return new Settings(properties, environment, parameters);
    }

    /** These settings with another environment (system properties and context parameters kept). */
    public Settings withEnvironment(Map<String, String> variables) {
        return new Settings(properties, variables, contextParameters);
    }

    /** The value of {@code name}, blank counting as unset. */
    public Optional<String> get(String name) {
        return nonBlank(properties.get(name))
                .or(() -> nonBlank(environment.get(environmentName(name))))
                .or(() -> nonBlank(contextParameters.apply(name)));
    }

    /**
     * The value of {@code name} from the first source that sets it at all, blank included: for a setting
     * where "set but empty" is a mistake to report, not the same as unset (the token).
     */
    public Optional<String> declared(String name) {
        return Optional.ofNullable(properties.get(name))
                .or(() -> Optional.ofNullable(environment.get(environmentName(name))))
                .or(() -> Optional.ofNullable(contextParameters.apply(name)));
    }

    /** A whole-number setting, or {@code fallback}; a clear error names the setting when it is not a number. */
    public long number(String name, long fallback) {
        return parsed(name, fallback, Long::parseLong, "a whole number");
    }

    /** A decimal setting, or {@code fallback}. */
    public double decimal(String name, double fallback) {
        return parsed(name, fallback, Double::parseDouble, "a number");
    }

    /** An on/off setting, or {@code fallback}. */
    public boolean onOff(String name, boolean fallback) {
        return parsed(name, fallback, value -> switch (value.toLowerCase(Locale.ROOT)) {
            case "on", "true", "1" -> true;
            case "off", "false", "0" -> false;
            default -> throw new IllegalArgumentException(value);
        }, "on or off");
    }

    /** The setting read by {@code parse} (which throws IllegalArgumentException on a bad value), or {@code fallback}. */
    private <T> T parsed(String name, T fallback, Function<String, T> parse, String expected) {
        Optional<String> value = get(name).map(String::strip);
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            return parse.apply(value.get());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(describe(name) + " must be " + expected + ", not " + value.get());
        }
    }

    /** graphiti.http.max-sessions -> GRAPHITI_HTTP_MAX_SESSIONS. */
    public static String environmentName(String name) {
        return name.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** How an error names a setting: both of its spellings. */
    public static String describe(String name) {
        return name + " (" + environmentName(name) + ")";
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }
}
