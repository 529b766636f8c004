package dev.graphiti.config;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The settings file ({@code <graphiti home>/config.properties}): typed values over defaults. Writes replace
 * the file atomically, so a reader never sees half a file.
 */
public final class Config {

    public static final String FILE_NAME = "config.properties";
    private static final String WHAT_TO_DO = "Fix that line, or move the file aside (graphiti then uses its defaults"
            + " and `graphiti config set` writes a new one)";
    private static final String MASK = "********";

    private final Path file;
    private final Map<String, String> values;

    private Config(Path file, Map<String, String> values) {
        this.file = file;
        this.values = values;
    }

    /** Reads the file under {@code home} (absent means all defaults). */
    public static Config load(Path home) {
        Path file = home.resolve(FILE_NAME);
        Map<String, String> values = new TreeMap<>();
        if (Files.exists(file)) {
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(reader);
            } catch (java.nio.charset.CharacterCodingException e) {
                throw new ConfigException("cannot read " + file + ": it is not UTF-8 text. " + WHAT_TO_DO);
            } catch (IOException | IllegalArgumentException e) {
                throw new ConfigException("cannot read " + file + ": " + e.getMessage() + ". " + WHAT_TO_DO);
            }
            properties.stringPropertyNames().forEach(name -> values.put(name, properties.getProperty(name)));
        }
        return new Config(file, values);
    }

    public Path file() {
        return file;
    }

    public String get(ConfigKey key) {
        String value = values.get(key.name());
        if (value == null) {
            return key.defaultValue();
        }
        try {
            return key.validate(value);
        } catch (ConfigException e) {
            return key.defaultValue(); // a hand-edited bad value falls back; `config list` still shows the default
        }
    }

    public int getInt(ConfigKey key) {
        return Integer.parseInt(get(key));
    }

    /**
     * What is wrong with the value the file holds for {@code key} (a hand edit that does not validate, so
     * the default is used instead), or empty when it is valid or absent.
     */
    public Optional<String> problem(ConfigKey key) {
        String value = values.get(key.name());
        if (value == null) {
            return Optional.empty();
        }
        try {
            key.validate(value);
            return Optional.empty();
        } catch (ConfigException e) {
            return Optional.of(file + ": " + (key.secret() ? key.name() + " is not valid" : e.getMessage())
                    + "; the default (" + key.defaultValue() + ") is used until `graphiti config set " + key.name()
                    + " VALUE` fixes it");
        }
    }

    /** The value for printing: secrets masked. */
    public String display(ConfigKey key) {
        String value = get(key);
        return key.secret() && !value.isEmpty() ? MASK : value;
    }

    /** Every known key with its value for printing, in key order; unknown keys in the file are kept but not shown. */
    public Map<ConfigKey, String> displayAll() {
        Map<ConfigKey, String> result = new LinkedHashMap<>();
        ConfigKeys.ALL.stream().sorted(java.util.Comparator.comparing(ConfigKey::name))
                .forEach(key -> result.put(key, display(key)));
        return result;
    }

    /** Validates and writes one value. */
    public void set(ConfigKey key, String value) {
        values.put(key.name(), key.validate(value));
        save();
    }

    private void save() {
        Properties properties = new Properties();
        properties.putAll(values);
        try {
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
            try (Writer writer = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                properties.store(writer, "graphiti settings; edit with `graphiti config set KEY VALUE`");
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + file + " (" + e.getMessage() + ")", e);
        }
    }
}
