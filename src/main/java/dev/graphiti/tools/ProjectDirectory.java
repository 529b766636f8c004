package dev.graphiti.tools;

import dev.graphiti.access.AccessRefused;
import dev.graphiti.access.AllowedRoots;
import dev.graphiti.access.FileAccess;
import dev.graphiti.config.GitWorkTree;
import dev.graphiti.protocol.feature.RequestContext;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decides which project a tool call is about, within the directories the server may reach: the directory the call's
 * {@code scope} (or older {@code dir}) argument names, else the request's {@value #PROJECT_HEADER} header (2026-07-28 over HTTP: its clients
 * have no roots), else the client's first file root that is on this server and allowed (roots/list,
 * when the client declared roots; asked once per session and again after notifications/roots/list_changed),
 * else GRAPHITI_PROJECT_ROOT, else the server's working directory. A {@code dir} or client roots that do not
 * exist here or lie outside the allowed roots are an error, never a quiet switch to another graph; so is a
 * directory whose git work tree (where its graph and info/exclude live) reaches outside them. When neither the
 * call nor the client names a project and the server's own is not allowed, the call has no project: it runs on
 * the global graph. A client that does not answer roots/list in time falls through to the next source.
 */
public final class ProjectDirectory {

    static final Duration ROOTS_TIMEOUT = Duration.ofSeconds(3);
    /** The project directory a 2026-07-28 client names for every request (it has no roots). */
    public static final String PROJECT_HEADER = "Graphiti-Project";

    private final AllowedRoots allowed;
    private final FileAccess access;
    private final Optional<Path> configuredRoot;
    private final Path serverDirectory;
    private final Path transcripts;

    /**
     * @param allowed         the directories calls may reach
     * @param configuredRoot  GRAPHITI_PROJECT_ROOT when set
     * @param serverDirectory the directory the server was started in
     * @param transcripts     the Claude Code projects folder of the user the server runs as (~/.claude/projects)
     */
    public ProjectDirectory(AllowedRoots allowed, Optional<Path> configuredRoot, Path serverDirectory, Path transcripts) {
        this.allowed = allowed;
        this.access = new FileAccess(allowed);
        this.configuredRoot = configuredRoot;
        this.serverDirectory = serverDirectory.toAbsolutePath().normalize();
        this.transcripts = transcripts.toAbsolutePath().normalize();
    }

    /**
     * Where a call runs: a project directory, or the server's directory with no project, in which case
     * {@code noProject} says why and the call may only use the global graph.
     */
    public record Place(Path directory, Optional<String> noProject) {

        static Place project(Path directory) {
            return new Place(directory, Optional.empty());
        }
    }

    /** The place of a call whose arguments may name a project directory ({@link ScopeArgument}). */
    public Place resolve(JsonObject arguments, RequestContext context) {
        ScopeArgument scope = ScopeArgument.of(arguments);
        if (scope.directory().isPresent()) {
            String dir = scope.directory().get();
            return Place.project(project(serverDirectory.resolve(dir), scope.argument() + " " + dir));
        }
        Optional<String> header = context == null ? Optional.empty() : context.requestHeader(PROJECT_HEADER).filter(h -> !h.isBlank());
        if (header.isPresent()) {
            String named = header.get().strip();
            return Place.project(project(serverDirectory.resolve(named), "the " + PROJECT_HEADER + " header's " + named));
        }
        Optional<Path> root = clientRoot(context);
        if (root.isPresent()) {
            return Place.project(root.get());
        }
        Path fallback = configuredRoot.orElse(serverDirectory);
        if (allowed.covers(fallback)) {
            return Place.project(project(fallback, "the server's project " + fallback));
        }
        return new Place(serverDirectory, Optional.of("this call names no project (no project directory in scope, no "
                + PROJECT_HEADER + " header, no client root)"
                + " and the server's own directory is not one it serves; pass scope, a project directory under "
                + allowed.describe()));
    }

    /**
     * Checks a transcript argument: a regular file under the Claude Code projects folder or the allowed roots (a
     * FIFO or a device would block or never end the capture that reads it).
     */
    void checkTranscript(JsonObject arguments, Place place) {
        if (!(arguments.get("transcript") instanceof JsonString given)) {
            return;
        }
        Path file = place.directory().resolve(given.getString()).toAbsolutePath().normalize();
        String what = "transcript " + given.getString();
        Path real = file;
        if (!allowed.unrestricted()) {
            try {
                real = AllowedRoots.of(List.of(transcripts)).confine(file, what);
            } catch (IllegalArgumentException notAClaudeTranscript) {
                try {
                    real = allowed.confine(file, what); // an allowed root may hold it instead
                } catch (IllegalArgumentException e) {
                    throw new AccessRefused(what + " is neither under " + transcripts + " nor under the"
                            + " directories this server serves (" + allowed.describe() + ")");
                }
            }
        }
        if (Files.exists(real)) {
            FileAccess.everywhere().file(real, what); // a missing one is the command's to name
        }
    }

    /** The file or folder a call reads (its {@code name} argument, against the call's directory): under the allowed roots. */
    Path readable(JsonObject arguments, String name, Place place) {
        String given = required(arguments, name);
        return access.fileOrFolder(place.directory().resolve(given), name + " " + given);
    }

    /** The directories the command a call starts may read below the path it was given; empty: every directory. */
    List<Path> readReach() {
        return allowed.directories();
    }

    /** The new file or folder a call writes (its {@code name} argument), as {@link FileAccess#writable} allows. */
    Path writable(JsonObject arguments, String name, Place place) {
        String given = required(arguments, name);
        return access.writable(place.directory().resolve(given), place.directory(), name + " " + given);
    }

    private static String required(JsonObject arguments, String name) {
        if (!(arguments.get(name) instanceof JsonString value) || value.getString().isBlank()) {
            throw new IllegalArgumentException(name + " is required");
        }
        return value.getString();
    }

    /**
     * The directories a call may read the user's memory files from: the allowed roots and the Claude Code projects
     * folder (auto-memory lives there, beside the transcripts); empty when the server may reach every directory.
     */
    List<Path> memoryReach() {
        if (allowed.unrestricted()) {
            return List.of();
        }
        List<Path> reach = new ArrayList<>(allowed.directories());
        reach.add(transcripts);
        return reach;
    }

    /** Whether calls may reach every directory (a local stdio server's own user), not only some. */
    boolean unrestricted() {
        return allowed.unrestricted();
    }

    /** A directory inside the allowed roots whose git work tree, if any, is inside them too. */
    private Path project(Path path, String what) {
        Path real = allowed.confine(path, what);
        if (!Files.isDirectory(real)) {
            throw new IllegalArgumentException(what + " is not a directory");
        }
        Optional<GitWorkTree> tree = GitWorkTree.containing(real);
        if (tree.isPresent() && !allowed.unrestricted()) {
            for (Path part : List.of(tree.get().root(), tree.get().commonDir())) {
                if (!allowed.contains(realPath(part))) {
                    throw new IllegalArgumentException(what + " belongs to the git work tree " + tree.get().root()
                            + ", whose graph and git files lie outside the directories this server serves ("
                            + allowed.describe() + ")");
                }
            }
        }
        return real;
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    /**
     * The client's first file root that exists here and is allowed; empty when the client has no roots or no
     * file roots (or does not answer); an error when it has file roots and none of them is usable.
     */
    private Optional<Path> clientRoot(RequestContext context) {
        if (context == null || !context.clientCapabilities().containsKey("roots")) {
            return Optional.empty();
        }
        JsonObject result;
        try {
            result = context.clientRoots(ROOTS_TIMEOUT)
                    .get(ROOTS_TIMEOUT.toMillis() + 500, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (Exception e) {
            return Optional.empty(); // no usable answer: the next source decides
        }
        List<String> refused = new ArrayList<>();
        if (result.get("roots") instanceof jakarta.json.JsonArray roots) {
            for (JsonValue root : roots) {
                Optional<Path> path = fileRoot(root);
                if (path.isEmpty()) {
                    continue;
                }
                try {
                    return Optional.of(project(path.get(), "the client's root " + path.get()));
                } catch (IllegalArgumentException e) {
                    refused.add(e.getMessage());
                }
            }
        }
        if (refused.isEmpty()) {
            return Optional.empty();
        }
        throw new IllegalArgumentException(String.join("; ", refused) + ". Pass scope, a project directory on this server");
    }

    private static Optional<Path> fileRoot(JsonValue root) {
        if (!(root instanceof JsonObject object) || !(object.get("uri") instanceof JsonString uri)) {
            return Optional.empty();
        }
        try {
            URI parsed = URI.create(uri.getString());
            return "file".equals(parsed.getScheme()) ? Optional.of(Path.of(parsed)) : Optional.empty();
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return Optional.empty();
        }
    }
}
