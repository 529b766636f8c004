package dev.graphiti.config;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where graphiti and Claude Code keep their files, decided once for every entry point. The user's home is HOME,
 * else USERPROFILE, else the JVM's user.home. The graphiti home is GRAPHITI_HOME (relative to the working
 * directory), else ~/.graphiti. Claude Code's folder is CLAUDE_CONFIG_DIR (relative to the working directory),
 * else ~/.claude, as Claude Code itself reads it. A process's CLI takes the graphiti home from its
 * {@link ProcessSettings}, so -Dgraphiti.home and a WAR's graphiti.home context parameter count as GRAPHITI_HOME.
 */
public record Locations(Path userHome, Path home, Path claude) {

    public static Locations of(Map<String, String> variables, Path workingDirectory) {
        return of(variables, Optional.ofNullable(variables.get("GRAPHITI_HOME")), workingDirectory);
    }

    /** As {@link #of(Map, Path)}, the graphiti home from the process's settings ({@link ProcessSettings#home()}). */
    public static Locations of(Map<String, String> variables, ProcessSettings settings, Path workingDirectory) {
        return of(variables, settings.home(), workingDirectory);
    }

    private static Locations of(Map<String, String> variables, Optional<String> graphiti, Path workingDirectory) {
        Path user = Path.of(first(variables, "HOME", "USERPROFILE", System.getProperty("user.home"))).toAbsolutePath();
        String claude = variables.get("CLAUDE_CONFIG_DIR");
        return new Locations(user,
                graphiti.filter(Locations::isSet).map(home -> workingDirectory.resolve(home).normalize())
                        .orElse(user.resolve(".graphiti")),
                isSet(claude) ? workingDirectory.resolve(claude).normalize() : user.resolve(".claude"));
    }

    /** Whether Claude Code's folder was moved by CLAUDE_CONFIG_DIR (it then holds .claude.json too). */
    public static boolean claudeMoved(Map<String, String> variables) {
        return isSet(variables.get("CLAUDE_CONFIG_DIR"));
    }

    /** The settings file `graphiti config` edits. */
    public Path configFile() {
        return home.resolve(Config.FILE_NAME);
    }

    /** Downloads and unpacked native libraries kept between runs. */
    public Path cache() {
        return home.resolve("cache");
    }

    /** Claude Code's transcripts, one folder per project. */
    public Path claudeProjects() {
        return claude.resolve("projects");
    }

    private static String first(Map<String, String> variables, String name, String other, String fallback) {
        String value = variables.get(name);
        if (isSet(value)) {
            return value;
        }
        value = variables.get(other);
        return isSet(value) ? value : fallback;
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }
}
