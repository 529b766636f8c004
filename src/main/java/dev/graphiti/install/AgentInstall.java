package dev.graphiti.install;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * `graphiti mcp install --client NAME` for an agent other than Claude Code: its MCP server entry and its
 * guidance file, each edited in place with the guarantees Claude Code's install gives (every change planned
 * before the first write, a backup, an atomic write, a manifest so uninstall gives back the same bytes, and a
 * clear error with nothing written when a file is malformed or holds a graphiti entry graphiti did not write).
 */
public final class AgentInstall {

    private final Agent agent;
    private final AgentPlace place;
    private final LaunchCommand command;
    private final boolean force;
    private final List<String> warnings = new ArrayList<>();

    public AgentInstall(Agent agent, AgentPlace place, LaunchCommand command, boolean force) {
        this.agent = agent;
        this.place = place;
        this.command = command;
        this.force = force;
    }

    public InstallReport run() throws InstallException {
        Optional<Manifest> old = Manifest.load(place.manifest(agent));
        List<PendingWrite> writes = new ArrayList<>();
        List<Manifest.JsonFile> jsonFiles = new ArrayList<>();
        List<Manifest.PlainFile> plainFiles = new ArrayList<>();
        List<Manifest.TomlBlock> tables = new ArrayList<>();
        // one agent's file can take several edits (Gemini CLI's settings.json: its server and its hooks): one write each
        Map<Path, JsonPlan> json = new LinkedHashMap<>();
        for (AgentEdit edit : agent.edits(place.scope(), place.variables(), place.root(), command)) {
            if (edit instanceof AgentEdit.JsonMember m) {
                JsonPlan plan = jsonPlan(json, m.file(), m.jsonc(), old);
                plan.created.addAll(plan.file.ensureObject(m.object()));
                plan.members.add(ClaudeInstall.setMember(plan.file, m.object(), m.key(), m.value(), plan.before, force));
                plan.entries.add(m.entry());
                plan.mode = "rw-------";
            } else if (edit instanceof AgentEdit.JsonHooks h) {
                JsonPlan plan = jsonPlan(json, h.file(), true, old);
                if (plan.file.original().isEmpty() || plan.before.map(Manifest.JsonFile::createdFile).orElse(false)) {
                    // the members the agent wants at the top of a hooks file (Cursor's "version": 1), when graphiti makes it
                    for (var member : h.header().entrySet()) {
                        plan.members.add(ClaudeInstall.setMember(plan.file, List.of(), member.getKey(), member.getValue(),
                                plan.before, force));
                    }
                }
                plan.created.addAll(plan.file.ensureObject(List.of("hooks")));
                for (var group : h.groups().entrySet()) {
                    plan.elements.add(ClaudeInstall.addElement(plan.file, group.getKey(), group.getValue(), plan.before,
                            plan.created));
                }
                plan.entries.add(h.entry());
            } else if (edit instanceof AgentEdit.TomlTable t) {
                    Optional<Manifest.TomlBlock> before = old.flatMap(o -> o.table(t.file()));
                    var planned = planTable(t, before);
                    writes.add(planned.write());
                    tables.add(planned.record());
            } else if (edit instanceof AgentEdit.OwnFile f) {
                    var plan = ClaudeInstall.planPlain(f.file(), f.bytes(), old.flatMap(o -> o.file(f.file())), false,
                            force, warnings);
                    plan.write().ifPresent(writes::add);
                    plainFiles.add(plan.record());
            }
        }
        for (JsonPlan plan : json.values()) {
            writes.add(PendingWrite.of(plan.file, plan.mode, plan.entries));
            jsonFiles.add(ClaudeInstall.jsonRecord(plan.file, plan.before, plan.created, List.of(), plan.members,
                    plan.elements));
        }
        List<FileChange> changes = new ArrayList<>();
        for (PendingWrite write : writes) {
            List<Path> dirs = new ArrayList<>();
            changes.add(write.apply(dirs));
            jsonFiles.replaceAll(f -> f.file().equals(write.file()) ? withDirs(f, dirs) : f);
            plainFiles.replaceAll(f -> f.file().equals(write.file()) ? new Manifest.PlainFile(f.file(), f.sha256(),
                    f.previous(), ClaudeInstall.concat(f.createdDirs(), dirs)) : f);
            tables.replaceAll(t -> t.file().equals(write.file()) ? new Manifest.TomlBlock(t.file(), t.text(),
                    t.separator(), t.createdFile(), ClaudeInstall.concat(t.createdDirs(), dirs)) : t);
        }
        Manifest manifest = new Manifest(place.scope(), command.argv(), jsonFiles, plainFiles, tables,
                old.map(Manifest::manifestDirs).orElse(List.of()));
        place.writeManifest(agent, manifest);
        return new InstallReport("install", place.scope(), command.argv(), changes, place.manifest(agent), warnings,
                agent.lacks(place.scope()));
    }

    private static Manifest.JsonFile withDirs(Manifest.JsonFile f, List<Path> dirs) {
        return new Manifest.JsonFile(f.file(), f.createdFile(), f.blankOriginal(),
                ClaudeInstall.concat(f.createdDirs(), dirs), f.created(), f.members(), f.elements());
    }

    private record TablePlan(PendingWrite write, Manifest.TomlBlock record) {
    }

    /** The edits planned for one JSON file so far, and what its manifest record will hold. */
    private static final class JsonPlan {
        final JsonConfigFile file;
        final Optional<Manifest.JsonFile> before;
        final List<List<String>> created = new ArrayList<>();
        final List<Manifest.Member> members = new ArrayList<>();
        final List<Manifest.Element> elements = new ArrayList<>();
        final List<String> entries = new ArrayList<>();
        String mode = "rw-r--r--";

        JsonPlan(JsonConfigFile file, Optional<Manifest.JsonFile> before) {
            this.file = file;
            this.before = before;
        }
    }

    private static JsonPlan jsonPlan(Map<Path, JsonPlan> plans, Path path, boolean jsonc, Optional<Manifest> old)
            throws InstallException {
        JsonPlan plan = plans.get(path);
        if (plan == null) {
            plan = new JsonPlan(JsonConfigFile.read(path, jsonc), old.flatMap(o -> o.jsonFile(path)));
            plans.put(path, plan);
        }
        return plan;
    }

    /** Appends the table after a blank line; an earlier install's table (another jar) is replaced where it stands. */
    private static TablePlan planTable(AgentEdit.TomlTable t, Optional<Manifest.TomlBlock> before)
            throws InstallException {
        Optional<byte[]> original = AtomicFile.read(t.file());
        String text = original.isEmpty() ? "" : JsonConfigFile.decode(t.file(), original.get());
        String separator = before.map(Manifest.TomlBlock::separator).orElse("");
        String edited;
        if (text.contains(t.text())) {
            edited = text;
        } else if (before.isPresent() && text.contains(before.get().text())) {
            edited = text.replace(before.get().text(), t.text());
        } else {
            Optional<String> conflict = TomlTable.conflict(text, t.header());
            if (conflict.isPresent()) {
                throw new InstallException(t.file() + " already has " + conflict.get() + ", which graphiti did not"
                        + " write; nothing was changed. Remove it (or rename it), then run the command again.");
            }
            separator = text.isEmpty() ? "" : text.endsWith("\n") ? "\n" : "\n\n";
            edited = text + separator + t.text();
        }
        boolean createdFile = before.map(Manifest.TomlBlock::createdFile).orElse(false) || original.isEmpty();
        PendingWrite write = new PendingWrite(t.file(), original, Optional.of(edited.getBytes(StandardCharsets.UTF_8)),
                "rw-------", List.of(t.entry()));
        return new TablePlan(write, new Manifest.TomlBlock(t.file(), t.text(), separator, createdFile,
                before.map(Manifest.TomlBlock::createdDirs).orElse(List.of())));
    }
}
