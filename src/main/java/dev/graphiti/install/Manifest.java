package dev.graphiti.install;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one install added, kept as JSON next to graphiti's data, so uninstall removes exactly that:
 * the entries it put into Claude Code's JSON files (with any value it replaced under --force), the
 * containers and files it had to create, and the plain files it wrote (by SHA-256, so a file edited
 * since is left alone).
 */
record Manifest(ClaudeScope scope, List<String> command, List<JsonFile> jsonFiles, List<PlainFile> files,
                List<TomlBlock> tables, List<Path> manifestDirs) {

    Manifest {
        command = List.copyOf(command);
        jsonFiles = List.copyOf(jsonFiles);
        files = List.copyOf(files);
        tables = List.copyOf(tables);
        manifestDirs = List.copyOf(manifestDirs);
    }

    Manifest(ClaudeScope scope, List<String> command, List<JsonFile> jsonFiles, List<PlainFile> files,
             List<Path> manifestDirs) {
        this(scope, command, jsonFiles, files, List.of(), manifestDirs);
    }

    /** The manifest at {@code path}, if there is one. */
    static Optional<Manifest> load(Path path) throws InstallException {
        Optional<byte[]> bytes = AtomicFile.read(path);
        if (bytes.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(new String(bytes.get(), StandardCharsets.UTF_8)));
        } catch (JsonSyntaxException | RuntimeException e) {
            throw new InstallException("the install manifest " + path + " is damaged (" + e.getMessage()
                    + "); move it away and run the command again", e);
        }
    }

    /** Deletes the manifest once uninstall has done what it records. */
    static void delete(Path path) throws InstallException {
        try {
            java.nio.file.Files.deleteIfExists(path);
        } catch (java.io.IOException e) {
            throw new InstallException("cannot delete the install manifest " + path + ": " + e.getMessage(), e);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One key graphiti set in an object; {@code previous} is the value it replaced (--force), if any. */
    record Member(List<String> object, String key, Json value, Optional<Json> previous) {
    }

    /** One element graphiti appended to an array. */
    record Element(List<String> array, Json value) {
    }

    /**
     * A JSON file graphiti edited: whether it created the file (or found it blank: {@code blankOriginal}),
     * the directories and the objects/arrays it created, and its entries.
     */
    record JsonFile(Path file, boolean createdFile, Optional<String> blankOriginal, List<Path> createdDirs,
                    List<List<String>> created, List<Member> members, List<Element> elements) {
    }

    /** A file graphiti wrote whole; {@code previous} is the text it replaced (--force), if any. */
    record PlainFile(Path file, String sha256, Optional<String> previous, List<Path> createdDirs) {
    }

    /**
     * A TOML table graphiti appended (another agent's config.toml): its exact text and the blank line put
     * before it, so uninstall takes out exactly those characters.
     */
    record TomlBlock(Path file, String text, String separator, boolean createdFile, List<Path> createdDirs) {
    }

    Optional<TomlBlock> table(Path file) {
        return tables.stream().filter(t -> t.file().equals(file)).findFirst();
    }

    Optional<JsonFile> jsonFile(Path file) {
        return jsonFiles.stream().filter(f -> f.file().equals(file)).findFirst();
    }

    Optional<PlainFile> file(Path file) {
        return files.stream().filter(f -> f.file().equals(file)).findFirst();
    }

    byte[] toBytes() {
        List<Json> json = jsonFiles.stream().map(f -> (Json) Json.object(
                "file", Json.string(f.file().toString()),
                "created_file", new Json.JBool(f.createdFile()),
                "blank_original", f.blankOriginal().<Json>map(Json::string).orElse(new Json.JNull()),
                "created_dirs", paths(f.createdDirs()),
                "created", new Json.JArray(f.created().stream().<Json>map(Json::strings).toList()),
                "members", new Json.JArray(f.members().stream().<Json>map(m -> Json.object(
                        "object", Json.strings(m.object()), "key", Json.string(m.key()), "value", m.value(),
                        "previous", m.previous().orElse(new Json.JNull()))).toList()),
                "elements", new Json.JArray(f.elements().stream().<Json>map(e -> Json.object(
                        "array", Json.strings(e.array()), "value", e.value())).toList()))).toList();
        List<Json> plain = files.stream().map(f -> (Json) Json.object(
                "file", Json.string(f.file().toString()), "sha256", Json.string(f.sha256()),
                "previous", f.previous().<Json>map(Json::string).orElse(new Json.JNull()),
                "created_dirs", paths(f.createdDirs()))).toList();
        Json.JObject root = Json.object("graphiti_install_manifest", Json.number(1), "scope", Json.string(scope.name()),
                "command", Json.strings(command), "json_files", new Json.JArray(json), "files", new Json.JArray(plain),
                "manifest_dirs", paths(manifestDirs));
        if (!tables.isEmpty()) {
            Map<String, Json> members = new LinkedHashMap<>(root.members());
            members.put("toml_tables", new Json.JArray(tables.stream().map(t -> (Json) Json.object(
                    "file", Json.string(t.file().toString()), "text", Json.string(t.text()),
                    "separator", Json.string(t.separator()), "created_file", new Json.JBool(t.createdFile()),
                    "created_dirs", paths(t.createdDirs()))).toList()));
            root = new Json.JObject(members);
        }
        return (JsonWriter.write(root, JsonStyle.STRINGIFY, "") + "\n").getBytes(StandardCharsets.UTF_8);
    }

    static Manifest parse(String text) throws JsonSyntaxException {
        Json.JObject root = (Json.JObject) JsonParser.parse(text).value();
        List<JsonFile> jsonFiles = new ArrayList<>();
        for (Json item : array(root, "json_files")) {
            Json.JObject f = (Json.JObject) item;
            List<Member> members = new ArrayList<>();
            for (Json m : array(f, "members")) {
                Json.JObject member = (Json.JObject) m;
                members.add(new Member(strings(member, "object"), string(member, "key"), member.get("value"),
                        optional(member.get("previous"))));
            }
            List<Element> elements = new ArrayList<>();
            for (Json e : array(f, "elements")) {
                elements.add(new Element(strings((Json.JObject) e, "array"), ((Json.JObject) e).get("value")));
            }
            List<List<String>> created = new ArrayList<>();
            for (Json c : array(f, "created")) {
                created.add(((Json.JArray) c).items().stream().map(s -> ((Json.JString) s).value()).toList());
            }
            jsonFiles.add(new JsonFile(Path.of(string(f, "file")), ((Json.JBool) f.get("created_file")).value(),
                    optional(f.get("blank_original")).map(s -> ((Json.JString) s).value()),
                    strings(f, "created_dirs").stream().map(Path::of).toList(), created, members, elements));
        }
        List<PlainFile> files = new ArrayList<>();
        for (Json item : array(root, "files")) {
            Json.JObject f = (Json.JObject) item;
            files.add(new PlainFile(Path.of(string(f, "file")), string(f, "sha256"),
                    optional(f.get("previous")).map(s -> ((Json.JString) s).value()),
                    strings(f, "created_dirs").stream().map(Path::of).toList()));
        }
        List<TomlBlock> tables = new ArrayList<>();
        for (Json item : root.get("toml_tables") == null ? List.<Json>of() : array(root, "toml_tables")) {
            Json.JObject t = (Json.JObject) item;
            tables.add(new TomlBlock(Path.of(string(t, "file")), string(t, "text"), string(t, "separator"),
                    ((Json.JBool) t.get("created_file")).value(),
                    strings(t, "created_dirs").stream().map(Path::of).toList()));
        }
        return new Manifest(ClaudeScope.valueOf(string(root, "scope")), strings(root, "command"), jsonFiles, files,
                tables, strings(root, "manifest_dirs").stream().map(Path::of).toList());
    }

    private static Json paths(List<Path> paths) {
        return Json.strings(paths.stream().map(Path::toString).toList());
    }

    private static List<Json> array(Json.JObject object, String key) {
        return ((Json.JArray) object.get(key)).items();
    }

    private static List<String> strings(Json.JObject object, String key) {
        return array(object, key).stream().map(s -> ((Json.JString) s).value()).toList();
    }

    private static String string(Json.JObject object, String key) {
        return ((Json.JString) object.get(key)).value();
    }

    private static Optional<Json> optional(Json value) {
        return value == null || value instanceof Json.JNull ? Optional.empty() : Optional.of(value);
    }
}
