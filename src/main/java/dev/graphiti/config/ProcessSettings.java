package dev.graphiti.config;

import java.util.Map;
import java.util.Optional;

/**
 * The graphiti settings a process's CLI works with, parsed once from its {@link Settings} (system property, then
 * environment variable, then servlet context parameter) and handed on as a value: to the CLI of the graphiti
 * program, to the in-process CLI of a server, to the stores. Their precedence, documented in docs/operations.md:
 * a command's flags (-C, --global, ...) over these settings over the settings file ({@link Config}, per graphiti
 * home) over the defaults.
 *
 * @param home     graphiti.home (GRAPHITI_HOME), relative to the working directory; empty: ~/.graphiti (see
 *                 {@link Locations})
 * @param store    where graphs live (graphiti.store.*)
 * @param semantic graphiti.semantic: off keeps search by meaning out of this process
 * @param debug    graphiti.debug (GRAPHITI_DEBUG) set at all, even empty: failures print their stack trace
 * @param logLevel graphiti.log-level (GRAPHITI_LOG_LEVEL) as given, blank as empty: how much the libraries' logging
 *                 shows (the launcher's ProcessLogging reads it; a level it does not know is a complaint, not a failure)
 * @param sharedModel whether a server asks the machine's shared model and how long that stays unasked
 */
public record ProcessSettings(Optional<String> home, StoreSettings store, boolean semantic, boolean debug,
                              Optional<String> logLevel, SharedModelSettings sharedModel) {

    /** The setting {@link #logLevel} comes from. */
    public static final String LOG_LEVEL = "graphiti.log-level";

    /** The settings of a process that says nothing: ~/.graphiti, SQLite files, search by meaning on. */
    public static ProcessSettings defaults() {
        return new ProcessSettings(Optional.empty(), StoreSettings.none(), true, false, Optional.empty(),
                SharedModelSettings.defaults());
    }

    /** Parsed from {@code settings}; a value that cannot be used is an IllegalArgumentException naming the setting. */
    public static ProcessSettings from(Settings settings) {
        return new ProcessSettings(settings.get(Settings.HOME), StoreSettings.from(settings),
                settings.onOff("graphiti.semantic", true), settings.declared("graphiti.debug").isPresent(),
                settings.get(LOG_LEVEL).map(String::strip).filter(level -> !level.isEmpty()),
                SharedModelSettings.from(settings));
    }

    /** Parsed from environment variables alone (a test's, or a CLI embedded with only these). */
    public static ProcessSettings ofEnvironment(Map<String, String> variables) {
        return from(Settings.ofEnvironment(variables));
    }
}
