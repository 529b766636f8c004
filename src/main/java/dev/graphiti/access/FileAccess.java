package dev.graphiti.access;

import dev.graphiti.redact.SensitivePaths;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The one rule for every file a path reaches, given or found in a folder at any depth: its real path (links
 * resolved) lies inside the {@link AllowedRoots}, it is a regular file (never a FIFO, a device, a socket, nor a file
 * of /proc, /sys or /dev, which are refused before they are opened: opening a FIFO blocks, /dev/zero never ends), and
 * it is read within a bound ({@link #WHOLE_FILE_BYTES} for a file read whole, {@link #LINE_CHARS} for a line).
 * Folders are walked without following links: a link met on the way is judged by where it leads, like a path given.
 */
public final class FileAccess {

    /** A file read whole (a note, a CLAUDE.md, a settings file): notes are kilobytes, 8 MiB is a mistake or an attack. */
    public static final long WHOLE_FILE_BYTES = 8L * 1024 * 1024;
    /** A line of a JSON Lines file: an item of the largest content add accepts (8 MiB) fits with its provenance. */
    public static final int LINE_CHARS = 16 * 1024 * 1024;
    /** Files and folders one walk visits at most: a folder of notes, not a whole disk. */
    public static final int WALK_ENTRIES = 200_000;
    private static final int WALK_DEPTH = 32;
    /** Virtual file systems whose "regular" files are the kernel's, not the user's. */
    private static final List<Path> VIRTUAL = List.of(Path.of("/proc"), Path.of("/sys"), Path.of("/dev"));

    private final AllowedRoots roots;

    public FileAccess(AllowedRoots roots) {
        this.roots = roots;
    }

    /** Every directory (the user's own command line): links may lead anywhere, but only to regular files. */
    public static FileAccess everywhere() {
        return new FileAccess(AllowedRoots.everywhere());
    }

    /** Within {@code directories}; everywhere when there are none (the command line's own user). */
    public static FileAccess within(List<Path> directories) {
        return directories.isEmpty() ? everywhere() : new FileAccess(AllowedRoots.of(directories));
    }

    public AllowedRoots roots() {
        return roots;
    }

    /** The real path of the regular file {@code path} reaches, or why not, naming it as {@code what}. */
    public Path file(Path path, String what) {
        Path real = roots.confine(path, what);
        refuseSpecial(real, what);
        return real;
    }

    /** The real path of the folder {@code path} reaches, or why not. */
    public Path folder(Path path, String what) {
        Path real = roots.confine(path, what);
        if (!Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS)) {
            throw new AccessRefused(what + " is not a folder");
        }
        return real;
    }

    /** A file or a folder: which one {@code path} reaches, by real path; special files refused. */
    public Path fileOrFolder(Path path, String what) {
        Path real = roots.confine(path, what);
        if (!Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS)) {
            refuseSpecial(real, what);
        }
        return real;
    }

    /** The whole file, at most {@link #WHOLE_FILE_BYTES}. */
    public byte[] read(Path path, String what) throws IOException {
        Path real = file(path, what);
        try (InputStream in = Files.newInputStream(real, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes((int) WHOLE_FILE_BYTES + 1);
            if (bytes.length > WHOLE_FILE_BYTES) {
                throw tooLarge(what);
            }
            return bytes;
        }
    }

    /** The file opened for reading, from its real path, not through a link. */
    public InputStream open(Path path, String what) throws IOException {
        return Files.newInputStream(file(path, what), StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
    }

    /** What a walk found: the files to read in name order, and a sentence for each one refused. */
    public record Listing(List<Found> files, List<String> refused) {
    }

    /** A file a walk found: where (a link's own path when it was reached through one) and its real path, to read. */
    public record Found(Path path, Path real) {
    }

    /**
     * The files under {@code folder} (itself judged first) that {@code wanted} takes by name, in folders
     * {@code enter} takes (given each folder below {@code folder}); links are not followed as folders, and a link
     * to a file is judged by where it leads: outside the roots or special, it is refused and named in the listing.
     */
    public Listing walk(Path folder, String what, Predicate<Path> enter, Predicate<String> wanted) throws IOException {
        Path start = folder(folder, what);
        if (start.getParent() == null) {
            throw new AccessRefused(what + " is the root of a file system; name a folder of notes, not a whole disk");
        }
        List<Found> files = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        int[] entries = {0};
        Files.walkFileTree(start, Set.of(), WALK_DEPTH, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                count();
                return dir.equals(start) || enter.test(dir) ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                count();
                if (attributes.isDirectory() || !wanted.test(file.getFileName().toString())) {
                    return FileVisitResult.CONTINUE; // a folder at the depth bound, or not a file asked for
                }
                try {
                    files.add(new Found(file, file(file, start.relativize(file).toString())));
                } catch (AccessRefused e) {
                    refused.add(file + ": " + e.getMessage() + "; not read");
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                refused.add(file + " cannot be read (" + e.getMessage() + "); not read");
                return FileVisitResult.CONTINUE;
            }

            private void count() {
                if (++entries[0] > WALK_ENTRIES) {
                    throw new AccessRefused(what + " holds more than " + String.format(Locale.ROOT, "%,d", WALK_ENTRIES)
                            + " files and folders; name a folder of notes, not a whole disk");
                }
            }
        });
        files.sort(java.util.Comparator.comparing(Found::path));
        return new Listing(List.copyOf(files), List.copyOf(refused));
    }

    /**
     * The real path a new file or folder {@code path} names may be written at: its folder lies inside the roots, it is
     * no link, and neither it nor a folder on its way below {@code base} (the call's project, else the root holding
     * it, else the whole path) is hidden (.ssh, .git, .graphiti, .bashrc) or named like a secret (id_rsa, .env,
     * credentials.json, as {@link SensitivePaths} tells the files never read): a call adds an ordinary file, never
     * one a shell, git, ssh or graphiti itself would act on.
     */
    public Path writable(Path path, Path base, String what) {
        Path target = path.toAbsolutePath().normalize();
        if (target.getParent() == null || target.getFileName() == null) {
            throw new AccessRefused(what + " names no file");
        }
        Path real = roots.confine(target.getParent(), what + " (its folder)").resolve(target.getFileName());
        if (Files.isSymbolicLink(real)) {
            throw new AccessRefused(what + " is a symbolic link; name the file itself");
        }
        Path below = below(real, base);
        for (Path part : below) {
            if (part.toString().startsWith(".")) {
                throw new AccessRefused(what + " lies in or names a hidden file or folder (" + part + "), which a tool"
                        + " call may not write; export into an ordinary folder of the project");
            }
        }
        if (SensitivePaths.isSensitive(below)) {
            throw new AccessRefused(what + " is named like a file of secrets or keys, which a tool call may not write;"
                    + " give the export another name");
        }
        return real;
    }

    /** {@code real} relative to the base, else to the root holding it, else from the file system's root. */
    private Path below(Path real, Path base) {
        Path realBase = realOrAbsolute(base);
        if (real.startsWith(realBase)) {
            return realBase.relativize(real);
        }
        for (Path root : roots.directories()) {
            if (real.startsWith(root)) {
                return root.relativize(real);
            }
        }
        return real.getRoot() == null ? real : real.getRoot().relativize(real);
    }

    private static Path realOrAbsolute(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    /** The error for a line longer than {@link #LINE_CHARS}. */
    public static AccessRefused lineTooLong(String where) {
        return new AccessRefused(where + " is longer than " + LINE_CHARS / (1024 * 1024) + " MiB characters, more than"
                + " any item holds; is it the file you meant?");
    }

    private static AccessRefused tooLarge(String what) {
        return new AccessRefused(what + " is larger than " + WHOLE_FILE_BYTES / (1024 * 1024) + " MiB, more than any"
                + " note holds; split it, or name the file you meant");
    }

    /** Refuses what is no regular file, or one of the kernel's, or too large to read whole, before it is opened. */
    private static void refuseSpecial(Path real, String what) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw new AccessRefused(what + " does not exist on this server");
        } catch (IOException e) {
            throw new AccessRefused(what + " cannot be read (" + e.getMessage() + ")");
        }
        if (attributes.isDirectory()) {
            throw new AccessRefused(what + " is a folder; name a file");
        }
        if (!attributes.isRegularFile() || VIRTUAL.stream().anyMatch(real::startsWith)) {
            throw new AccessRefused(what + " is not a regular file (a device, a pipe, a socket or the kernel's);"
                    + " name a file of notes or an export");
        }
    }
}
