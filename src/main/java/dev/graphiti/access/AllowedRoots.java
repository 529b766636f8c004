package dev.graphiti.access;

import dev.graphiti.config.Settings;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The directories a server's tool calls may reach (graphiti.allowed-roots, GRAPHITI_ALLOWED_ROOTS): a path is
 * inside when its real path (symlinks resolved, {@code ..} gone, the file system's own spelling of case) lies
 * under the real path of a root, compared name by name, so /srv/app-evil is not under /srv/app. A path is first
 * compared as given (absolute and normalized) with each root as configured and as resolved, so a path far
 * outside is refused before the server looks at it: a refusal never tells whether something exists out there.
 */
public final class AllowedRoots {

    private final Optional<List<Root>> roots;

    /** One allowed directory as configured (absolute, normalized) and as resolved on disk. */
    private record Root(Path given, Path real) {
    }

    private AllowedRoots(Optional<List<Root>> roots) {
        this.roots = roots;
    }

    /** Every directory: a local stdio server started by its own user serves that user's machine. */
    public static AllowedRoots everywhere() {
        return new AllowedRoots(Optional.empty());
    }

    /** No directory: only the global graph. */
    public static AllowedRoots none() {
        return new AllowedRoots(Optional.of(List.of()));
    }

    /** These directories; each must exist (a typo would otherwise refuse every call without saying why). */
    public static AllowedRoots of(List<Path> directories) {
        List<Root> roots = new ArrayList<>();
        for (Path directory : directories) {
            Path given = directory.toAbsolutePath().normalize();
            try {
                roots.add(new Root(given, given.toRealPath()));
            } catch (IOException e) {
                throw new IllegalArgumentException(Settings.environmentName(Settings.ALLOWED_ROOTS) + " (" + Settings.ALLOWED_ROOTS + "): " + given + " is not a directory on"
                        + " this server");
            }
        }
        return new AllowedRoots(Optional.of(List.copyOf(roots)));
    }

    /** The setting's text: directories separated by commas, relative ones against {@code base}. */
    public static AllowedRoots parse(String setting, Path base) {
        List<Path> directories = new ArrayList<>();
        for (String part : setting.split(",")) {
            if (!part.isBlank()) {
                directories.add(base.resolve(part.strip()));
            }
        }
        return of(directories);
    }

    public boolean unrestricted() {
        return roots.isEmpty();
    }

    /** The resolved roots (empty for {@link #everywhere()} and {@link #none()}). */
    public List<Path> directories() {
        return roots.map(list -> list.stream().map(Root::real).toList()).orElse(List.of());
    }

    /**
     * The real path of {@code path} when it exists and lies inside; otherwise a clear error naming it as
     * {@code what} (e.g. "dir /srv/x").
     */
    public Path confine(Path path, String what) {
        Path absolute = path.toAbsolutePath().normalize();
        if (!plausiblyInside(absolute)) {
            throw outside(what);
        }
        Path real;
        try {
            real = absolute.toRealPath();
        } catch (NoSuchFileException e) {
            throw new AccessRefused(what + " does not exist on this server");
        } catch (IOException e) {
            throw new AccessRefused(what + " cannot be read on this server (" + e.getMessage() + ")");
        }
        if (!contains(real)) {
            throw outside(what);
        }
        return real;
    }

    /** Whether {@code path} lies inside, resolved when it exists (a missing path is judged as written). */
    public boolean covers(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        try {
            return contains(absolute.toRealPath());
        } catch (IOException e) {
            return plausiblyInside(absolute);
        }
    }

    /** Whether a real path (see {@link Path#toRealPath}) lies inside. */
    public boolean contains(Path real) {
        return roots.map(list -> list.stream().anyMatch(root -> real.startsWith(root.real()))).orElse(true);
    }

    private boolean plausiblyInside(Path absolute) {
        return roots.map(list -> list.stream().anyMatch(root -> absolute.startsWith(root.given())
                || absolute.startsWith(root.real()))).orElse(true);
    }

    private AccessRefused outside(String what) {
        return new AccessRefused(what + " is outside the directories this server serves (" + describe()
                + "); the operator lists them in " + Settings.environmentName(Settings.ALLOWED_ROOTS)
                + " or -D" + Settings.ALLOWED_ROOTS);
    }

    /** For messages and the server's start line: the roots, "every directory" or "none: the global graph only". */
    public String describe() {
        if (roots.isEmpty()) {
            return "every directory";
        }
        if (roots.get().isEmpty()) {
            return "none: the global graph only";
        }
        Set<String> shown = new LinkedHashSet<>();
        roots.get().forEach(root -> shown.add(root.real().toString()));
        return String.join(", ", shown);
    }

    @Override
    public String toString() {
        return roots.map(list -> list.stream().map(root -> root.real().toString()).collect(Collectors.joining(",")))
                .orElse("*");
    }
}
