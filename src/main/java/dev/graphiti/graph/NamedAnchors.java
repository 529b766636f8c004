package dev.graphiti.graph;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The anchors an item's text names: the files and paths among its entities that the project has or had
 * ({@link ProjectPaths}), its identifiers as symbols, dotted config keys ({@code hooks.prompt_tokens}) and commands
 * quoted as code ({@code `pytest -q tests`}). A name the project cannot confirm is no anchor; it stays an entity.
 */
final class NamedAnchors {

    /** Named anchors kept per item: a text naming more is a list, not a statement about each. */
    static final int MOST = 20;
    private static final Pattern KEY = Pattern.compile(
            "(?<![\\w./-])([a-z][a-z0-9]*(?:\\.[a-z][a-z0-9_]*)*\\.[a-z][a-z0-9]*_[a-z0-9_]+)(?![\\w.]*\\w)");
    private static final Pattern KEY_SHAPE = Pattern.compile("[a-z][a-z0-9]*(?:\\.[a-z][a-z0-9_]*)+");
    private static final Pattern COMMAND = Pattern.compile("`([a-z][\\w.-]*(?: [^`\\n]+)+)`");

    private NamedAnchors() {
    }

    static List<Anchor> of(String text, List<Entity> entities, ProjectPaths paths) {
        Map<String, Anchor> found = new LinkedHashMap<>();
        for (Entity entity : entities) {
            if (entity.type().equals(Entity.FILE) || entity.type().equals(Entity.PATH)) {
                Optional<String> path = paths.inside(entity.name()).flatMap(paths::located);
                path.ifPresent(p -> found.putIfAbsent("file " + p, Anchor.file(p, Anchor.Origin.named)));
            } else if (entity.type().equals(Entity.IDENTIFIER)) {
                String name = entity.name();
                Anchor.Kind kind = KEY_SHAPE.matcher(name).matches() && name.contains("_") ? Anchor.Kind.key : Anchor.Kind.symbol;
                found.putIfAbsent(kind + " " + name, new Anchor(kind, name, Anchor.Origin.named));
            }
        }
        Matcher key = KEY.matcher(text);
        while (key.find()) {
            found.putIfAbsent("key " + key.group(1), new Anchor(Anchor.Kind.key, key.group(1), Anchor.Origin.named));
        }
        Matcher command = COMMAND.matcher(text);
        while (command.find()) {
            String line = command.group(1).strip();
            if (line.length() <= 120) {
                found.putIfAbsent("command " + line, new Anchor(Anchor.Kind.command, line, Anchor.Origin.named));
            }
        }
        return found.values().stream().limit(MOST).toList();
    }
}
