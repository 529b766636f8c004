package dev.graphiti.config;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
    private final List<String> unreadable;

    private Config(Path file, Map<String, String> values, List<String> unreadable) {
        this.file = file;
        this.values = values;
        this.unreadable = List.copyOf(unreadable);
    }

    /**
     * Reads the file under {@code home} (absent means all defaults). A line that cannot be read (bytes that are not
     * UTF-8, a broken \\u escape) is left out and named in {@link #unreadable()}: its setting keeps its default, the
     * other lines still apply, and the file is not rewritten until the line is fixed.
     */
    public static Config load(Path home) {
        Path file = home.resolve(FILE_NAME);
        Map<String, String> values = new TreeMap<>();
        List<String> unreadable = new ArrayList<>();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (java.nio.file.NoSuchFileException e) {
            return new Config(file, values, unreadable);
        } catch (IOException e) {
            throw new ConfigException("cannot read " + file + ": " + e.getMessage() + ". " + WHAT_TO_DO);
        }
        int start = 0;
        int lineNumber = 1;
        while (start < bytes.length) {
            int end = logicalLineEnd(bytes, start);
            int lines = count(bytes, start, end, (byte) '\n');
            String problem = load(bytes, start, end, values);
            if (problem != null) {
                unreadable.add(file + " line " + lineNumber + (lines > 1 ? "-" + (lineNumber + lines - 1) : "") + " "
                        + problem + "; that setting keeps its default until the line is fixed");
            }
            lineNumber += lines;
            start = end;
        }
        return new Config(file, values, unreadable);
    }

    /** One logical line's setting into {@code values}; what is wrong with the line when it cannot be read. */
    private static String load(byte[] bytes, int start, int end, Map<String, String> values) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes, start, end - start)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return "is not UTF-8 text";
        }
        Properties properties = new Properties();
        try {
            properties.load(new java.io.StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            return "cannot be read (" + e.getMessage() + ")";
        }
        properties.stringPropertyNames().forEach(name -> values.put(name, properties.getProperty(name)));
        return null;
    }

    /**
     * Where the logical line starting at {@code start} ends (after its newline): a line whose last character is an
     * unescaped backslash goes on on the next, except in a comment.
     */
    private static int logicalLineEnd(byte[] bytes, int start) {
        int lineStart = start;
        while (true) {
            int newline = lineStart;
            while (newline < bytes.length && bytes[newline] != '\n') {
                newline++;
            }
            if (newline >= bytes.length) {
                return bytes.length;
            }
            int last = newline > lineStart && bytes[newline - 1] == '\r' ? newline - 1 : newline;
            int first = lineStart;
            while (first < last && (bytes[first] == ' ' || bytes[first] == '\t' || bytes[first] == '\f')) {
                first++;
            }
            boolean comment = first < last && (bytes[first] == '#' || bytes[first] == '!');
            int backslashes = 0;
            while (last - backslashes - 1 >= first && bytes[last - backslashes - 1] == '\\') {
                backslashes++;
            }
            if ((comment && lineStart == start) || backslashes % 2 == 0) {
                return newline + 1;
            }
            lineStart = newline + 1;
        }
    }

    private static int count(byte[] bytes, int start, int end, byte wanted) {
        int count = 0;
        for (int i = start; i < end; i++) {
            if (bytes[i] == wanted) {
                count++;
            }
        }
        return end == bytes.length && (end == start || bytes[end - 1] != '\n') ? count + 1 : count;
    }

    /** The lines of the file that could not be read, each with its number and what is wrong; empty when none. */
    public List<String> unreadable() {
        return unreadable;
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

    /** Validates and writes one value; refuses while a line of the file cannot be read (rewriting would lose it). */
    public void set(ConfigKey key, String value) {
        String valid = key.validate(value);
        if (!unreadable.isEmpty()) {
            String why = "cannot change " + key.name() + ": " + unreadable.get(0).replaceFirst("; that setting keeps .*", "")
                    + ", and graphiti rewrites the settings file only when it can read all of it. Fix or remove that line first";
            throw new java.io.UncheckedIOException(why, new IOException(why));
        }
        values.put(key.name(), valid);
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
