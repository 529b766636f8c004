package dev.graphiti.install;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * `graphiti mcp uninstall`: removes what the manifest says install added, and nothing else. An entry
 * that changed since install is left in place with a warning (--force removes it anyway); a value
 * install replaced under --force is put back; objects, arrays, files and directories install created
 * go again once empty. Without a manifest it removes the entries equal to what this graphiti would
 * install, so a lost manifest still uninstalls cleanly.
 */
public final class ClaudeUninstall {

    private final ClaudeLocations where;
    private final Optional<ClaudeEntries> current;
    private final boolean force;
    private final List<String> warnings = new ArrayList<>();
    private final List<Path> createdDirs = new ArrayList<>();

    /** {@code command}: the command line this graphiti would install, when known (it finds entries without a manifest). */
    public ClaudeUninstall(ClaudeLocations where, Optional<LaunchCommand> command, boolean force) {
        this.where = where;
        this.current = command.map(ClaudeEntries::new);
        this.force = force;
    }

    public InstallReport run() throws InstallException {
        Optional<Manifest> manifest = Manifest.load(where.manifest());
        if (manifest.isEmpty()) {
            warnings.add("no install manifest at " + where.manifest()
                    + "; removing only entries equal to what this graphiti installs");
        }
        List<PendingWrite> writes = new ArrayList<>();
        writes.add(planServers(manifest));
        writes.add(planSettings(manifest));
        writes.add(planPlain(where.skill(), manifest.flatMap(m -> m.file(where.skill())),
                Optional.of(SkillText.bytes()), force, warnings, createdDirs));
        if (where.wrapper().isPresent()) {
            writes.add(planPlain(where.wrapper().get(), manifest.flatMap(m -> m.file(where.wrapper().get())),
                    current.map(e -> e.wrapperScript().getBytes(StandardCharsets.UTF_8)), force, warnings, createdDirs));
        }
        // files an earlier install wrote elsewhere (another --bin-dir or CLAUDE_CONFIG_DIR)
        List<Path> here = List.of(where.servers(), where.settings(), where.skill());
        for (Manifest.JsonFile other : manifest.map(Manifest::jsonFiles).orElse(List.of())) {
            if (!here.contains(other.file())) {
                writes.add(planJson(other.file(), false, Optional.of(other), other.members(), other.elements(),
                        "rw-r--r--", force, warnings, createdDirs));
            }
        }
        for (Manifest.PlainFile other : manifest.map(Manifest::files).orElse(List.of())) {
            if (!here.contains(other.file()) && !where.wrapper().equals(Optional.of(other.file()))) {
                writes.add(planPlain(other.file(), Optional.of(other), Optional.empty(), force, warnings, createdDirs));
            }
        }
        List<FileChange> changes = new ArrayList<>();
        for (PendingWrite write : writes) {
            if (write != null) {
                changes.add(write.apply(new ArrayList<>()));
            }
        }
        if (manifest.isPresent()) {
            Manifest.delete(where.manifest());
            createdDirs.addAll(manifest.get().manifestDirs());
        }
        AtomicFile.deleteEmptyDirectories(createdDirs);
        List<String> command = manifest.map(Manifest::command).orElse(List.of());
        return new InstallReport("uninstall", where.scope(), command, changes, where.manifest(), warnings, List.of());
    }

    private PendingWrite planServers(Optional<Manifest> manifest) throws InstallException {
        Optional<Manifest.JsonFile> record = manifest.flatMap(m -> m.jsonFile(where.servers()));
        List<Manifest.Member> members = new ArrayList<>(record.map(Manifest.JsonFile::members).orElse(List.of()));
        current.ifPresent(e -> members.add(new Manifest.Member(ClaudeEntries.SERVERS_OBJECT, ClaudeEntries.SERVER_NAME,
                e.server(), Optional.empty())));
        return planJson(where.servers(), false, record, members, List.of(), "rw-------", force, warnings, createdDirs);
    }

    private PendingWrite planSettings(Optional<Manifest> manifest) throws InstallException {
        Optional<Manifest.JsonFile> record = manifest.flatMap(m -> m.jsonFile(where.settings()));
        List<Manifest.Element> elements = new ArrayList<>(record.map(Manifest.JsonFile::elements).orElse(List.of()));
        current.ifPresent(e -> {
            for (Map.Entry<String, Json> hook : e.hooks().entrySet()) {
                elements.add(new Manifest.Element(List.of("hooks", hook.getKey()), hook.getValue()));
            }
        });
        return planJson(where.settings(), false, record, List.of(), elements, "rw-r--r--", force, warnings,
                createdDirs);
    }

    /**
     * Taking graphiti's members and elements out of one JSON file, and the containers install created once
     * empty; null when the file is gone. Adds the directories install created to {@code createdDirs}.
     */
    static PendingWrite planJson(Path path, boolean jsonc, Optional<Manifest.JsonFile> record,
                                 List<Manifest.Member> members, List<Manifest.Element> elements, String permissions,
                                 boolean force, List<String> warnings, List<Path> createdDirs) throws InstallException {
        record.ifPresent(r -> createdDirs.addAll(r.createdDirs()));
        if (AtomicFile.read(path).isEmpty()) {
            return null;
        }
        JsonConfigFile file = JsonConfigFile.read(path, jsonc);
        JsonEditor editor = file.editor();
        List<String> removed = new ArrayList<>();
        for (Manifest.Member member : members) {
            List<String> at = ClaudeInstall.concat(member.object(), List.of(member.key()));
            Optional<JsonNode> node = editor.find(at);
            if (node.isEmpty() || removed.contains(String.join(".", at))) {
                continue;
            }
            boolean ours = node.get().value().equals(member.value())
                    || members.stream().anyMatch(m -> m.object().equals(member.object())
                    && m.key().equals(member.key()) && m.value().equals(node.get().value()));
            if (!ours && !force) {
                if (member.previous().isPresent() || record.isPresent()) {
                    warnings.add(String.join(".", at) + " in " + path
                            + " changed since graphiti installed it; left in place (use --force to remove it)");
                }
                continue;
            }
            if (member.previous().isPresent()) {
                editor.put(member.object(), member.key(), member.previous().get());
            } else {
                editor.remove(member.object(), member.key());
            }
            removed.add(String.join(".", at));
        }
        for (Manifest.Element element : elements) {
            Optional<JsonNode> node = editor.find(element.array());
            if (node.isPresent() && node.get() instanceof JsonNode.ArrayNode array) {
                int index = array.items().stream().map(JsonNode::value).toList().indexOf(element.value());
                if (index >= 0) {
                    editor.removeElement(element.array(), index);
                    removed.add(String.join(".", element.array()));
                    if (record.isEmpty() && array.items().size() == 1) {
                        // no manifest says whether install created it; an empty hook list does nothing
                        List<String> parent = element.array().subList(0, element.array().size() - 1);
                        editor.remove(parent, element.array().get(element.array().size() - 1));
                    }
                }
            }
        }
        List<List<String>> created = new ArrayList<>(record.map(Manifest.JsonFile::created).orElse(List.of()));
        created.sort(Comparator.comparingInt(p -> -p.size()));
        for (List<String> container : created) {
            Optional<JsonNode> node = editor.find(container);
            boolean empty = node.isPresent() && (node.get() instanceof JsonNode.ObjectNode o && o.members().isEmpty()
                    || node.get() instanceof JsonNode.ArrayNode a && a.items().isEmpty());
            if (empty) {
                editor.remove(container.subList(0, container.size() - 1), container.get(container.size() - 1));
            }
        }
        List<String> entries = removed.stream().distinct().toList();
        boolean rootEmpty = ((JsonNode.ObjectNode) editor.root()).members().isEmpty();
        if (rootEmpty && record.map(Manifest.JsonFile::createdFile).orElse(false)) {
            return new PendingWrite(path, file.original(), Optional.empty(), permissions, entries);
        }
        if (rootEmpty && record.flatMap(Manifest.JsonFile::blankOriginal).isPresent()) {
            byte[] blank = record.get().blankOriginal().get().getBytes(StandardCharsets.UTF_8);
            return new PendingWrite(path, file.original(), Optional.of(blank), permissions, entries);
        }
        return new PendingWrite(path, file.original(), Optional.of(editor.text().getBytes(StandardCharsets.UTF_8)),
                permissions, entries);
    }

    /** Deleting (or putting back) a file graphiti wrote whole, unless it changed since; null when there is nothing to do. */
    static PendingWrite planPlain(Path file, Optional<Manifest.PlainFile> record, Optional<byte[]> wouldInstall,
                                  boolean force, List<String> warnings, List<Path> createdDirs)
            throws InstallException {
        record.ifPresent(r -> createdDirs.addAll(r.createdDirs()));
        Optional<byte[]> bytes = AtomicFile.read(file);
        if (bytes.isEmpty()) {
            return null;
        }
        String sha = Manifest.sha256(bytes.get());
        boolean ours = record.map(r -> r.sha256().equals(sha)).orElse(false)
                || wouldInstall.map(w -> Arrays.equals(w, bytes.get())).orElse(false);
        if (!ours && !force) {
            if (record.isPresent()) {
                warnings.add(file + " changed since graphiti installed it; left in place (use --force to remove it)");
            }
            return null;
        }
        Optional<byte[]> previous = record.flatMap(Manifest.PlainFile::previous)
                .map(p -> p.getBytes(StandardCharsets.UTF_8));
        return new PendingWrite(file, bytes, previous, "rw-r--r--", List.of());
    }
}
