package dev.graphiti.install;

import dev.graphiti.config.Locations;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where an agent install works: the scope, the environment the agents' folders come from (HOME, CODEX_HOME,
 * XDG_CONFIG_HOME...), the project root, and where each agent's manifest is kept (beside Claude Code's:
 * under the graphiti home for the user, under the project's .graphiti/ for the project).
 */
public record AgentPlace(ClaudeScope scope, Map<String, String> variables, Path root, Path manifests) {

    public AgentPlace {
        variables = Map.copyOf(variables);
    }

    public static AgentPlace of(ClaudeScope scope, Map<String, String> variables, Path workingDirectory) {
        Path root = ClaudeLocations.projectRoot(workingDirectory.toAbsolutePath().normalize());
        Path manifests = scope == ClaudeScope.user
                ? Locations.of(variables, workingDirectory).home().resolve("install")
                : root.resolve(".graphiti").resolve("install");
        return new AgentPlace(scope, variables, root, manifests);
    }

    Path manifest(Agent agent) {
        return manifests.resolve(agent.id() + "-" + scope.name() + ".json");
    }

    void writeManifest(Agent agent, Manifest manifest) throws InstallException {
        Path path = manifest(agent);
        Optional<byte[]> current = AtomicFile.read(path);
        if (current.isPresent() && Arrays.equals(current.get(), manifest.toBytes())) {
            return;
        }
        if (scope == ClaudeScope.project) {
            ClaudeInstall.keepOutOfGit(path);
        }
        List<Path> created = new ArrayList<>();
        AtomicFile.write(path, current, manifest.toBytes(), "rw-r--r--", false, created);
        if (!created.isEmpty()) {
            Manifest withDirs = new Manifest(manifest.scope(), manifest.command(), manifest.jsonFiles(),
                    manifest.files(), manifest.tables(), ClaudeInstall.concat(manifest.manifestDirs(), created));
            AtomicFile.write(path, AtomicFile.read(path), withDirs.toBytes(), "rw-r--r--", false, new ArrayList<>());
        }
    }
}
