package dev.graphiti.install;

import dev.graphiti.config.GitWorkTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * `graphiti mcp install`: registers the stdio MCP server, adds the hooks, places SKILL.md (and, for the
 * user, a `graphiti` script), then records all of it in the manifest. Every change is planned before
 * the first write, so a malformed file or an entry graphiti did not write stops it with nothing
 * changed. Running it again with the same command line changes nothing.
 */
public final class ClaudeInstall {

    private final ClaudeLocations where;
    private final LaunchCommand command;
    private final boolean force;
    private final ClaudeEntries entries;
    private final List<String> warnings = new ArrayList<>();

    public ClaudeInstall(ClaudeLocations where, LaunchCommand command, boolean force) {
        this.where = where;
        this.command = command;
        this.force = force;
        this.entries = new ClaudeEntries(command);
    }

    public InstallReport run() throws InstallException {
        Optional<GraphitiPlugin> plugin = GraphitiPlugin.enabledIn(List.of(where.settings(),
                where.settings().resolveSibling("settings.local.json")));
        Optional<Manifest> old = Manifest.load(where.manifest());
        // A second registration is pointless beside the plugin; updating an earlier one (a new jar) is not.
        if (plugin.isPresent() && old.isEmpty() && !force) {
            throw new InstallException(plugin.get().refusal());
        }
        plugin.ifPresent(p -> warnings.add(p.besideInstall()));

        JsonConfigFile servers = JsonConfigFile.read(where.servers());
        Optional<Manifest.JsonFile> serversBefore = old.flatMap(m -> m.jsonFile(where.servers()));
        List<List<String>> serversCreated = servers.ensureObject(ClaudeEntries.SERVERS_OBJECT);
        Manifest.Member server = setMember(servers, ClaudeEntries.SERVERS_OBJECT, ClaudeEntries.SERVER_NAME,
                entries.server(), serversBefore, force);

        JsonConfigFile settings = JsonConfigFile.read(where.settings());
        Optional<Manifest.JsonFile> settingsBefore = old.flatMap(m -> m.jsonFile(where.settings()));
        List<List<String>> settingsCreated = new ArrayList<>(settings.ensureObject(ClaudeEntries.HOOKS_OBJECT));
        List<Manifest.Element> hooks = new ArrayList<>();
        for (Map.Entry<String, Json> hook : entries.hooks().entrySet()) {
            hooks.add(addElement(settings, hook.getKey(), hook.getValue(), settingsBefore, settingsCreated));
        }

        Map<Path, PlainPlan> plain = new LinkedHashMap<>();
        plain.put(where.skill(), planPlain(where.skill(), SkillText.bytes(), old.flatMap(m -> m.file(where.skill())),
                false, force, warnings));
        if (where.wrapper().isPresent() && command.viaJar()) {
            Path wrapper = where.wrapper().get();
            plain.put(wrapper, planPlain(wrapper, entries.wrapperScript().getBytes(StandardCharsets.UTF_8),
                    old.flatMap(m -> m.file(wrapper)), true, force, warnings));
        }

        List<FileChange> changes = new ArrayList<>();
        List<Path> serversDirs = new ArrayList<>();
        changes.add(PendingWrite.of(servers, where.scope() == ClaudeScope.user ? "rw-------" : "rw-r--r--",
                List.of(path(server.object(), server.key()))).apply(serversDirs));
        List<Path> settingsDirs = new ArrayList<>();
        changes.add(PendingWrite.of(settings, "rw-r--r--",
                hooks.stream().map(h -> String.join(".", h.array())).toList()).apply(settingsDirs));
        List<Manifest.PlainFile> plainRecords = new ArrayList<>();
        for (PlainPlan plan : plain.values()) {
            if (plan.write().isEmpty()) {
                changes.add(new FileChange(plan.record().file(), "skipped", List.of(), Optional.empty()));
                continue;
            }
            List<Path> dirs = new ArrayList<>();
            changes.add(plan.write().get().apply(dirs));
            Manifest.PlainFile r = plan.record();
            plainRecords.add(new Manifest.PlainFile(r.file(), r.sha256(), r.previous(), concat(r.createdDirs(), dirs)));
        }

        List<Manifest.JsonFile> jsonRecords = new ArrayList<>(List.of(
                jsonRecord(servers, serversBefore, serversCreated, serversDirs, List.of(server), List.of()),
                jsonRecord(settings, settingsBefore, settingsCreated, settingsDirs, List.of(), hooks)));
        // what an earlier install wrote elsewhere (another --bin-dir or CLAUDE_CONFIG_DIR) stays on record for uninstall
        old.ifPresent(m -> m.jsonFiles().stream().filter(f -> !f.file().equals(where.servers())
                && !f.file().equals(where.settings())).forEach(jsonRecords::add));
        old.ifPresent(m -> m.files().stream().filter(f -> !plain.containsKey(f.file())).forEach(plainRecords::add));
        writeManifest(old, jsonRecords, plainRecords);
        return new InstallReport("install", where.scope(), command.argv(), changes, where.manifest(), warnings, List.of());
    }

    /** Sets {@code key} to {@code desired}, refusing (without --force) to replace a value graphiti did not write. */
    static Manifest.Member setMember(JsonConfigFile file, List<String> object, String key, Json desired,
                                     Optional<Manifest.JsonFile> before, boolean force) throws InstallException {
        Optional<Manifest.Member> ours = before.flatMap(b -> b.members().stream()
                .filter(m -> m.object().equals(object) && m.key().equals(key)).findFirst());
        Optional<Json> previous = ours.flatMap(Manifest.Member::previous);
        Optional<JsonNode> existing = file.editor().find(concat(object, List.of(key)));
        if (existing.isPresent()) {
            Json value = existing.get().value();
            if (value.equals(desired)) {
                return new Manifest.Member(object, key, desired, previous);
            }
            boolean oursBefore = ours.isPresent() && value.equals(ours.get().value());
            if (!oursBefore && !force) {
                throw new InstallException(path(object, key) + " in " + file.path() + " was not written by graphiti;"
                        + " nothing was changed. Use --force to replace it (uninstall puts it back).");
            }
            if (!oursBefore) {
                previous = Optional.of(value);
            }
        }
        file.editor().put(object, key, desired);
        return new Manifest.Member(object, key, desired, previous);
    }

    /** Appends a hook group to hooks.{@code event} (creating the array), or replaces the one an earlier install added. */
    static Manifest.Element addElement(JsonConfigFile file, String event, Json desired,
                                       Optional<Manifest.JsonFile> before, List<List<String>> created)
            throws InstallException {
        List<String> array = concat(ClaudeEntries.HOOKS_OBJECT, List.of(event));
        Optional<Json> ours = before.flatMap(b -> b.elements().stream()
                .filter(e -> e.array().equals(array)).map(Manifest.Element::value).findFirst());
        Optional<JsonNode> node = file.editor().find(array);
        if (node.isEmpty()) {
            file.editor().put(ClaudeEntries.HOOKS_OBJECT, event, new Json.JArray(List.of(desired)));
            created.add(array);
        } else if (!(node.get() instanceof JsonNode.ArrayNode items)) {
            throw file.notA("an array", array);
        } else {
            List<Json> values = items.items().stream().map(JsonNode::value).toList();
            int oldIndex = ours.map(values::indexOf).orElse(-1);
            if (values.contains(desired)) {
                // already there
            } else if (oldIndex >= 0) {
                file.editor().replaceElement(array, oldIndex, desired);
            } else {
                file.editor().append(array, desired);
            }
        }
        return new Manifest.Element(array, desired);
    }

    /** A plain file to write (or to leave alone: {@code write} empty) and its manifest record. */
    record PlainPlan(Optional<PendingWrite> write, Manifest.PlainFile record) {
    }

    /** Writing a whole file, unless it holds something graphiti did not write (a script is then skipped with a warning). */
    static PlainPlan planPlain(Path file, byte[] desired, Optional<Manifest.PlainFile> before, boolean script,
                               boolean force, List<String> warnings) throws InstallException {
        Optional<byte[]> current = AtomicFile.read(file);
        Optional<String> previous = before.flatMap(Manifest.PlainFile::previous);
        String permissions = script ? "rwxr-xr-x" : "rw-r--r--";
        if (current.isPresent() && !Arrays.equals(current.get(), desired)) {
            String text = new String(current.get(), StandardCharsets.UTF_8);
            boolean ours = before.isPresent() && before.get().sha256().equals(Manifest.sha256(current.get()))
                    || script && text.contains(ClaudeEntries.WRAPPER_MARK);
            if (!ours && !force) {
                if (script) {
                    warnings.add(file + " exists and is not graphiti's; left it alone (use --force to replace it)");
                    return new PlainPlan(Optional.empty(), new Manifest.PlainFile(file, "", Optional.empty(), List.of()));
                }
                throw new InstallException(file + " exists and differs from graphiti's " + file.getFileName()
                        + "; nothing was changed."
                        + " Use --force to replace it (uninstall puts it back).");
            }
            if (!ours) {
                previous = Optional.of(text);
            }
        }
        List<String> entries = List.of();
        PendingWrite write = new PendingWrite(file, current, Optional.of(desired), permissions, entries);
        return new PlainPlan(Optional.of(write), new Manifest.PlainFile(file, Manifest.sha256(desired), previous,
                before.map(Manifest.PlainFile::createdDirs).orElse(List.of())));
    }

    static Manifest.JsonFile jsonRecord(JsonConfigFile file, Optional<Manifest.JsonFile> before,
                                                List<List<String>> created, List<Path> createdDirs,
                                                List<Manifest.Member> members, List<Manifest.Element> elements) {
        boolean createdFile = before.map(Manifest.JsonFile::createdFile).orElse(false) || file.original().isEmpty();
        Optional<String> blank = before.flatMap(Manifest.JsonFile::blankOriginal).or(file::blankOriginal);
        List<List<String>> allCreated = concat(before.map(Manifest.JsonFile::created).orElse(List.of()), created);
        List<Path> allDirs = concat(before.map(Manifest.JsonFile::createdDirs).orElse(List.of()), createdDirs);
        return new Manifest.JsonFile(file.path(), createdFile, blank, allDirs, allCreated, members, elements);
    }

    /** A project's manifest lives in its .graphiti/, which git must not see (.mcp.json and .claude/ are the team's). */
    static void keepOutOfGit(Path manifest) throws InstallException {
        Optional<GitWorkTree> tree = GitWorkTree.containing(manifest.getParent());
        if (tree.isPresent()) {
            try {
                tree.get().excludeGraphiti();
            } catch (IOException e) {
                throw new InstallException("cannot add /" + GitWorkTree.GRAPHITI_DIRECTORY + "/ to " + tree.get().commonDir()
                        + "/info/exclude, so git would show the install's record: " + e.getMessage(), e);
            }
        }
    }

    private void writeManifest(Optional<Manifest> old, List<Manifest.JsonFile> jsonFiles,
                               List<Manifest.PlainFile> plainFiles) throws InstallException {
        List<Path> manifestDirs = new ArrayList<>(old.map(Manifest::manifestDirs).orElse(List.of()));
        Manifest manifest = new Manifest(where.scope(), command.argv(), jsonFiles, plainFiles, manifestDirs);
        Optional<byte[]> current = AtomicFile.read(where.manifest());
        if (current.isPresent() && Arrays.equals(current.get(), manifest.toBytes())) {
            return;
        }
        if (where.scope() == ClaudeScope.project) {
            keepOutOfGit(where.manifest());
        }
        List<Path> created = new ArrayList<>();
        AtomicFile.write(where.manifest(), current, manifest.toBytes(), "rw-r--r--", false, created);
        if (!created.isEmpty()) {
            manifestDirs.addAll(created);
            manifest = new Manifest(where.scope(), command.argv(), jsonFiles, plainFiles, manifestDirs);
            AtomicFile.write(where.manifest(), AtomicFile.read(where.manifest()), manifest.toBytes(), "rw-r--r--",
                    false, new ArrayList<>());
        }
    }

    static String path(List<String> object, String key) {
        return String.join(".", concat(object, List.of(key)));
    }

    static <T> List<T> concat(List<T> a, List<T> b) {
        return Stream.concat(a.stream(), b.stream()).distinct().toList();
    }
}
