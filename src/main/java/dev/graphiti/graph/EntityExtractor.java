package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds what a text talks about: files, paths, code identifiers and libraries. Pattern based and
 * deterministic; precision over recall, since entities feed ranking and "related items". The project's own name is
 * no entity: every item of the project mentions it, so it relates everything to everything.
 */
public final class EntityExtractor {

    private static final int MAX_ENTITIES = 40;
    /** A path segment that is a quantity ("1s", "250ms", "4x", "3"): "backoff 1s/2s/4s" names no path. */
    private static final Pattern QUANTITY = Pattern.compile("\\d+(\\.\\d+)?[a-z]{0,3}", Pattern.CASE_INSENSITIVE);

    private static final Pattern URL = Pattern.compile("\\b[a-z][a-z0-9+.-]*://\\S+", Pattern.CASE_INSENSITIVE);
    /** A redaction placeholder ([REDACTED:secret_assignment]): its kind reads like a snake_case identifier but names no entity. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\[REDACTED:[a-z0-9_]*+\\]");
    private static final Pattern FILE = Pattern.compile(
            "(?<![\\w/.@-])((?:\\.{0,2}/)?(?:[\\w.-]+/)*[\\w-]+(?:\\.[\\w-]+)*\\.(?:java|kt|kts|scala|groovy|py|ts|tsx|js|jsx|mjs|go|rs|rb|php|c|h|cc|cpp|hpp|cs|swift|m|md|json|yaml|yml|toml|xml|sql|sh|bash|gradle|properties|html|css|scss|proto|txt|lock|cfg|ini|conf|env|dockerfile|tf|vue|svelte))(?![\\w-])");
    private static final Pattern PATH = Pattern.compile(
            "(?<![\\w.@-])((?:~|\\.{1,2})?/[\\w.-]+(?:/[\\w.-]+)*/?|[\\w.-]+/[\\w.-]+/[\\w./-]*|[\\w.-]+/(?=[\\s,;:)]|$))");
    private static final Pattern IDENTIFIER = Pattern.compile(
            "(?<![\\w.])(" + "[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+" // UpperCamel: UserService
                    + "|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+" // lowerCamel: getUser
                    + "|[a-z][a-z0-9]*(?:_[a-z0-9]+)+" // snake_case
                    + "|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+" // SCREAMING_CASE
                    + "|[a-z][a-z0-9]*(?:\\.[a-z][a-z0-9]*){2,}" // dotted package: dev.graphiti.cli
                    + ")(?:\\(\\))?(?![\\w])");
    private static final Pattern CALL = Pattern.compile("(?<![\\w.])([A-Za-z_][\\w]*(?:[.#][A-Za-z_][\\w]*)?)\\(\\)");
    private static final Pattern COORDINATE = Pattern.compile(
            "(?<![\\w.:-])([a-z][\\w-]*(?:\\.[\\w-]+)+:[a-z][\\w.-]*[\\w])(?![\\w:])|(@[a-z0-9-]+/[a-z0-9._-]+)");
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9.+-]*[A-Za-z0-9+]|[A-Za-z]");

    /** Well-known libraries, frameworks and tools, matched as whole words regardless of case. */
    private static final Set<String> LIBRARIES = Set.of(
            "sqlite", "postgres", "postgresql", "mysql", "mariadb", "redis", "kafka", "rabbitmq", "mongodb",
            "elasticsearch", "opensearch", "cassandra", "dynamodb", "h2", "hsqldb", "duckdb",
            "react", "vue", "angular", "svelte", "next.js", "nextjs", "express", "nestjs", "jquery", "lodash", "axios",
            "webpack", "vite", "babel", "eslint", "prettier", "jest", "vitest", "mocha", "cypress", "playwright",
            "spring", "hibernate", "jackson", "gson", "junit", "mockito", "assertj", "testcontainers", "picocli",
            "jetty", "tomcat", "netty", "undertow", "guava", "lombok", "slf4j", "log4j", "logback", "weld", "parsson",
            "jtokkit", "flyway", "liquibase", "quarkus", "micronaut", "vertx", "jakarta", "maven", "gradle",
            "django", "flask", "fastapi", "numpy", "pandas", "pytorch", "tensorflow", "pytest", "pydantic",
            "sqlalchemy", "celery", "tokio", "serde", "actix", "axum", "grpc", "protobuf", "graphql", "openapi",
            "docker", "kubernetes", "helm", "terraform", "ansible", "nginx", "npm", "yarn", "pnpm", "pip", "cargo",
            "webassembly", "wasm", "kotlin", "typescript", "fts5", "sqlite-jdbc", "xerial", "onnx", "lucene");

    private final String project;

    /** Entities of any text, the project unknown. */
    public EntityExtractor() {
        this("");
    }

    /** @param project the project's name (its work tree's directory name), never an entity of its own items */
    public EntityExtractor(String project) {
        this.project = project == null ? "" : key(project.strip());
    }

    /** Entities of {@code text} in order of first mention, at most 40. */
    public List<Entity> extract(String text) {
        // A pattern runs only on a text holding a character every match of it needs: most texts lack some of them,
        // and each pass costs microseconds an add pays (the results are the same).
        String withoutPlaceholders = text.contains("[REDACTED:") ? PLACEHOLDER.matcher(text).replaceAll(" ") : text;
        String withoutUrls = withoutPlaceholders.contains("://") ? URL.matcher(withoutPlaceholders).replaceAll(" ")
                : withoutPlaceholders;
        boolean dot = withoutUrls.indexOf('.') >= 0;
        Map<String, Entity> found = new LinkedHashMap<>();
        if (dot) {
            collect(found, FILE, withoutUrls, 1, Entity.FILE);
        }
        if (dot && withoutUrls.indexOf(':') >= 0) {
            collect(found, COORDINATE, withoutUrls, 1, Entity.LIBRARY);
        }
        if (withoutUrls.indexOf('@') >= 0) {
            collect(found, COORDINATE, withoutUrls, 2, Entity.LIBRARY);
        }
        if (withoutUrls.indexOf('/') >= 0) {
            collect(found, PATH, withoutUrls, 1, Entity.PATH);
        }
        if (withoutUrls.contains("()")) {
            collect(found, CALL, withoutUrls, 1, Entity.IDENTIFIER);
        }
        if (dot || withoutUrls.indexOf('_') >= 0 || hasCapital(withoutUrls)) {
            collect(found, IDENTIFIER, withoutUrls, 1, Entity.IDENTIFIER);
        }
        Matcher words = WORD.matcher(withoutUrls);
        while (words.find() && found.size() < MAX_ENTITIES) {
            String word = words.group().toLowerCase(Locale.ROOT);
            if (LIBRARIES.contains(word) && !word.equals(project)) {
                found.putIfAbsent(key(word), new Entity(word, Entity.LIBRARY));
            }
        }
        return new ArrayList<>(found.values());
    }

    private static boolean hasCapital(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                return true;
            }
        }
        return false;
    }

    private void collect(Map<String, Entity> found, Pattern pattern, String text, int group, String type) {
        Matcher matcher = pattern.matcher(text);
        while (matcher.find() && found.size() < MAX_ENTITIES) {
            String name = matcher.group(group);
            if (name == null) {
                continue;
            }
            name = trimTrailingDots(name);
            if (name.length() < 3 || name.length() > ItemLimits.ENTITY_CHARS || coveredByLonger(found, name)
                    || key(name).equals(project) || type.equals(Entity.PATH) && quantities(name)) {
                continue;
            }
            found.putIfAbsent(key(name), new Entity(name, type));
        }
    }

    /** Whether every segment of a path candidate is a quantity: a list of figures, not a path. */
    private static boolean quantities(String path) {
        for (String segment : path.split("/")) {
            if (!segment.isEmpty() && !segment.equals(".") && !segment.equals("..") && !segment.equals("~")
                    && !QUANTITY.matcher(segment).matches()) {
                return false;
            }
        }
        return true;
    }

    /** A bare identifier already seen as part of a file or path (UserService in UserService.java) adds nothing. */
    private static boolean coveredByLonger(Map<String, Entity> found, String name) {
        for (Entity entity : found.values()) {
            if (!entity.name().equals(name) && entity.name().contains(name)
                    && (entity.type().equals(Entity.FILE) || entity.type().equals(Entity.PATH))) {
                return true;
            }
        }
        return false;
    }

    private static String trimTrailingDots(String name) {
        int end = name.length();
        while (end > 0 && (name.charAt(end - 1) == '.' || name.charAt(end - 1) == ',')) {
            end--;
        }
        return name.substring(0, end);
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
