package dev.graphiti.http;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Where a server reads its settings. A setting named {@code graphiti.x-y} is looked up, first hit wins,
 * as the system property {@code graphiti.x-y}, the environment variable {@code GRAPHITI_X_Y}, then the
 * servlet context parameter {@code graphiti.x-y} (a WAR's deployment descriptor or the application
 * server's deployment settings). Values are never logged: one of them may be a token.
 */
public record ServerSettings(Map<String, String> properties, Map<String, String> environment,
                             UnaryOperator<String> contextParameters) {

    /** The data location the CLI (and so every tool) uses: GRAPHITI_HOME in its environment. */
    public static final String HOME = "graphiti.home";

    /** The directories tool calls may reach, comma-separated: GRAPHITI_ALLOWED_ROOTS. */
    public static final String ALLOWED_ROOTS = dev.graphiti.access.AllowedRoots.SETTING;

    /** The project a call without dir or client roots is about: GRAPHITI_PROJECT_ROOT. */
    public static final String PROJECT_ROOT = "graphiti.project-root";

    /** The bearer token, or several comma-separated (one per team member): GRAPHITI_HTTP_TOKEN. */
    public static final String TOKEN = "graphiti.http.token";

    public ServerSettings {
        properties = Map.copyOf(properties);
        environment = Map.copyOf(environment);
    }

    /** This process's system properties and environment, no servlet context. */
    public static ServerSettings ofProcess() {
        Map<String, String> properties = new HashMap<>();
        System.getProperties().forEach((name, value) -> {
            if (name instanceof String n && value instanceof String v && n.startsWith("graphiti.")) {
                properties.put(n, v);
            }
        });
        return new ServerSettings(properties, System.getenv(), name -> null);
    }

    /** These settings with a servlet context's init parameters as the last source. */
    public ServerSettings withContextParameters(UnaryOperator<String> parameters) {
        return new ServerSettings(properties, environment, parameters);
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
        Optional<String> value = get(name);
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            return Long.parseLong(value.get().strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " (" + environmentName(name) + ") must be a whole number, not "
                    + value.get().strip());
        }
    }

    /**
     * The environment the tools and the in-process CLI run with: the process environment, with GRAPHITI_HOME,
     * GRAPHITI_ALLOWED_ROOTS and GRAPHITI_PROJECT_ROOT set from {@value #HOME}, {@value #ALLOWED_ROOTS} and
     * {@value #PROJECT_ROOT} when any source gives them.
     */
    public Map<String, String> cliEnvironment() {
        Map<String, String> variables = new HashMap<>(environment);
        for (String name : List.of(HOME, ALLOWED_ROOTS, PROJECT_ROOT)) {
            get(name).ifPresent(value -> variables.put(environmentName(name), value));
        }
        return Map.copyOf(variables);
    }

    /** graphiti.http.max-sessions -> GRAPHITI_HTTP_MAX_SESSIONS. */
    public static String environmentName(String name) {
        return name.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }
}
