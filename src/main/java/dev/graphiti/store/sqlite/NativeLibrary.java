package dev.graphiti.store.sqlite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.OSInfo;

/**
 * Where sqlite-jdbc loads its native library from. By default every JVM copies it (about 1 MB) out of the
 * jar into the temp directory under a random name, at a cost of tens of milliseconds of each short CLI
 * run, and a process that is killed leaves its copy behind for good. Instead one copy is kept per
 * sqlite-jdbc version (the library's bytes never change within a version) in a cache directory, written
 * once by an atomic move. When that copy cannot be made or loaded, sqlite-jdbc falls back to its own way.
 */
public final class NativeLibrary {

    /** The system property naming the library's directory (read by sqlite-jdbc before it extracts). */
    public static final String PATH_PROPERTY = "org.sqlite.lib.path";
    /** The system property naming the library's file. */
    public static final String NAME_PROPERTY = "org.sqlite.lib.name";

    private NativeLibrary() {
    }

    /**
     * The library kept under {@code cacheDirectory}, copied there first when missing; empty when this
     * platform has no bundled library or the copy fails (the caller then leaves sqlite-jdbc to itself).
     */
    public static Optional<Path> keptIn(Path cacheDirectory) {
        String folder = OSInfo.getNativeLibFolderPathForCurrentOS();
        String name = System.mapLibraryName("sqlitejdbc");
        String resource = "/org/sqlite/native/" + folder + "/" + name;
        Path target = cacheDirectory.resolve("native").resolve("sqlite-jdbc-" + SQLiteJDBCLoader.getVersion())
                .resolve(folder).resolve(name);
        if (Files.isRegularFile(target)) {
            return Optional.of(target);
        }
        try (InputStream bundled = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
            if (bundled == null) {
                return Optional.empty();
            }
            Files.createDirectories(target.getParent());
            Path partial = Files.createTempFile(target.getParent(), name, ".partial");
            try {
                Files.copy(bundled, partial, StandardCopyOption.REPLACE_EXISTING);
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(partial);
            }
            return Optional.of(target);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
