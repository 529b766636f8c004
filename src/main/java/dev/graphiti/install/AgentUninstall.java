package dev.graphiti.install;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * `graphiti mcp uninstall --client NAME` for an agent other than Claude Code: takes out what the agent's
 * manifest says install put in, so each file is back to its bytes before install (an entry changed since is
 * left with a warning; --force removes it anyway). Without a manifest it removes the entries equal to what
 * this graphiti would install.
 */
public final class AgentUninstall {

    private final Agent agent;
    private final AgentPlace place;
    private final Optional<LaunchCommand> command;
    private final boolean force;
    private final List<String> warnings = new ArrayList<>();
    private final List<Path> createdDirs = new ArrayList<>();

    /** {@code command}: the command line this graphiti would install, when known (it finds entries without a manifest). */
    public AgentUninstall(Agent agent, AgentPlace place, Optional<LaunchCommand> command, boolean force) {
        this.agent = agent;
        this.place = place;
        this.command = command;
        this.force = force;
    }

    public InstallReport run() throws InstallException {
        Path manifestPath = place.manifest(agent);
        Optional<Manifest> manifest = Manifest.load(manifestPath);
        List<AgentEdit> desired = agent.edits(place.scope(), place.variables(), place.root(),
                command.orElse(LaunchCommand.of("graphiti")));
        List<PendingWrite> writes = new ArrayList<>();
        if (manifest.isPresent()) {
            for (Manifest.JsonFile f : manifest.get().jsonFiles()) {
                writes.add(ClaudeUninstall.planJson(f.file(), jsonc(desired, f.file()), Optional.of(f), f.members(),
                        f.elements(), "rw-------", force, warnings, createdDirs));
            }
            for (Manifest.PlainFile f : manifest.get().files()) {
                writes.add(ClaudeUninstall.planPlain(f.file(), Optional.of(f), wouldWrite(desired, f.file()), force,
                        warnings, createdDirs));
            }
            for (Manifest.TomlBlock t : manifest.get().tables()) {
                writes.add(planTable(t, true));
            }
        } else {
            warnings.add("no install manifest at " + manifestPath + "; removing only entries equal to what this"
                    + " graphiti installs");
            for (AgentEdit edit : desired) {
                if (edit instanceof AgentEdit.JsonMember m && command.isPresent()) {
                    writes.add(ClaudeUninstall.planJson(m.file(), m.jsonc(), Optional.empty(),
                            List.of(new Manifest.Member(m.object(), m.key(), m.value(), Optional.empty())), List.of(),
                            "rw-------", force, warnings, createdDirs));
                } else if (edit instanceof AgentEdit.JsonHooks h && command.isPresent()) {
                    writes.add(ClaudeUninstall.planJson(h.file(), true, Optional.empty(), List.of(),
                            h.groups().entrySet().stream().map(g -> new Manifest.Element(List.of("hooks", g.getKey()),
                                    g.getValue())).toList(), "rw-r--r--", force, warnings, createdDirs));
                } else if (edit instanceof AgentEdit.TomlTable t && command.isPresent()) {
                    writes.add(planTable(new Manifest.TomlBlock(t.file(), t.text(), "\n", false, List.of()), false));
                } else if (edit instanceof AgentEdit.OwnFile f) {
                    writes.add(ClaudeUninstall.planPlain(f.file(), Optional.empty(), Optional.of(f.bytes()), force,
                            warnings, createdDirs));
                }
            }
        }
        List<FileChange> changes = new ArrayList<>();
        for (PendingWrite write : writes) {
            if (write != null) {
                changes.add(write.apply(new ArrayList<>()));
            }
        }
        if (manifest.isPresent()) {
            Manifest.delete(manifestPath);
            createdDirs.addAll(manifest.get().manifestDirs());
        }
        AtomicFile.deleteEmptyDirectories(createdDirs);
        return new InstallReport("uninstall", place.scope(), manifest.map(Manifest::command).orElse(List.of()), changes,
                manifestPath, warnings, List.of());
    }

    private static boolean jsonc(List<AgentEdit> desired, Path file) {
        return desired.stream().noneMatch(e -> e instanceof AgentEdit.JsonMember m && m.file().equals(file) && !m.jsonc());
    }

    private static Optional<byte[]> wouldWrite(List<AgentEdit> desired, Path file) {
        return desired.stream().filter(e -> e instanceof AgentEdit.OwnFile && e.file().equals(file)).findFirst()
                .map(e -> ((AgentEdit.OwnFile) e).bytes());
    }

    /** Takes the table out with the blank line install put before it; a table edited since stays (with a warning). */
    private PendingWrite planTable(Manifest.TomlBlock table, boolean recorded) throws InstallException {
        createdDirs.addAll(table.createdDirs());
        Optional<byte[]> original = AtomicFile.read(table.file());
        if (original.isEmpty()) {
            return null;
        }
        String text = JsonConfigFile.decode(table.file(), original.get());
        String withSeparator = table.separator() + table.text();
        String edited;
        if (!table.separator().isEmpty() && text.contains(withSeparator)) {
            edited = text.replace(withSeparator, "");
        } else if (text.contains(table.text())) {
            edited = text.replace(table.text(), "");
        } else {
            if (recorded) {
                warnings.add("[" + Agent.SERVER_NAME + "] table in " + table.file() + " changed since graphiti installed"
                        + " it; left in place (remove it by hand)");
            }
            return null;
        }
        Optional<byte[]> content = edited.isEmpty() && table.createdFile() ? Optional.empty()
                : Optional.of(edited.getBytes(StandardCharsets.UTF_8));
        return new PendingWrite(table.file(), original, content, "rw-------", List.of("[mcp_servers.graphiti]"));
    }
}
