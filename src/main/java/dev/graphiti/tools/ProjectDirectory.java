package dev.graphiti.tools;

import dev.graphiti.protocol.RequestContext;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Decides which project a tool call is about: the call's {@code dir} argument, else the client's first
 * file root (roots/list, when the client declared roots; asked once per session and again after
 * notifications/roots/list_changed), else GRAPHITI_PROJECT_ROOT, else the server's working directory. A
 * client that does not answer roots/list in time falls through to the next source.
 */
public final class ProjectDirectory {

    static final Duration ROOTS_TIMEOUT = Duration.ofSeconds(3);

    private final Optional<Path> configuredRoot;
    private final Path serverDirectory;

    /**
     * @param configuredRoot  GRAPHITI_PROJECT_ROOT when set
     * @param serverDirectory the directory the server was started in
     */
    public ProjectDirectory(Optional<Path> configuredRoot, Path serverDirectory) {
        this.configuredRoot = configuredRoot;
        this.serverDirectory = serverDirectory.toAbsolutePath().normalize();
    }

    /** The directory for a call whose arguments may hold {@code dir}. */
    public Path resolve(JsonObject arguments, RequestContext context) {
        JsonValue given = arguments.get("dir");
        if (given instanceof JsonString dir && !dir.getString().isBlank()) {
            Path path = serverDirectory.resolve(dir.getString()).normalize();
            if (!Files.isDirectory(path)) {
                throw new IllegalArgumentException("dir " + dir.getString() + " is not a directory");
            }
            return path;
        }
        return clientRoot(context).or(() -> configuredRoot).orElse(serverDirectory);
    }

    private static Optional<Path> clientRoot(RequestContext context) {
        if (context == null || !context.clientCapabilities().containsKey("roots")) {
            return Optional.empty();
        }
        try {
            JsonObject result = context.clientRoots(ROOTS_TIMEOUT)
                    .get(ROOTS_TIMEOUT.toMillis() + 500, java.util.concurrent.TimeUnit.MILLISECONDS);
            for (JsonValue root : result.getJsonArray("roots")) {
                Optional<Path> path = fileRoot(root);
                if (path.isPresent()) {
                    return path;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // no usable answer: the next source decides
        }
        return Optional.empty();
    }

    private static Optional<Path> fileRoot(JsonValue root) {
        if (!(root instanceof JsonObject object) || !(object.get("uri") instanceof JsonString uri)) {
            return Optional.empty();
        }
        try {
            URI parsed = URI.create(uri.getString());
            if (!"file".equals(parsed.getScheme())) {
                return Optional.empty();
            }
            Path path = Path.of(parsed);
            return Files.isDirectory(path) ? Optional.of(path) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
