package dev.graphiti.http.explorer;

import dev.graphiti.explorer.EntityGraph;
import dev.graphiti.explorer.Explorer;
import dev.graphiti.explorer.ReviewPage;
import dev.graphiti.graph.Entity;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.ItemDetails;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.NotFoundException;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.RelatedItem;
import dev.graphiti.graph.Restored;
import dev.graphiti.graph.SearchHit;
import dev.graphiti.graph.SearchQuery;
import dev.graphiti.http.EndpointAccess;
import dev.graphiti.http.HttpTransportConfig;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.spi.JsonProvider;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Serves the explorer page (index.html, views.js, app.js, style.css) and its JSON API at whatever path it is mapped to (the root
 * for `graphiti ui`, /explorer/* beside the MCP endpoint). Reads: GET api/session, api/list, api/search, api/item,
 * api/review, api/entity, api/graph. Changes: POST api/accept, api/unaccept, api/supersede, api/delete, api/undo. Every
 * request passes {@link RequestGuard} (Host, Origin; JSON and the CSRF token for a change); every API call passes
 * {@link PageAccess#unauthenticated} too (the page's files hold no data). Every answer forbids framing and other
 * origins' scripts (Content-Security-Policy).
 *
 * <p>Built two ways, as the MCP servlet is: by `graphiti ui` with the constructor, or by a servlet container (the WAR,
 * the team server's CDI) through the no-argument constructor and CDI initializer injection, behind the MCP endpoint's
 * own access rules.
 */
@Dependent
@WebServlet(urlPatterns = "/explorer/*")
public class ExplorerServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Map<String, String> FILES = Map.of("/", "index.html", "/index.html", "index.html",
            "/app.js", "app.js", "/views.js", "views.js", "/graph.js", "graph.js", "/style.css", "style.css");
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8");
    /** The page's files stay with the explorer they show (the MCP App reads them too). */
    private static final String PAGE = "/dev/graphiti/explorer/";
    private static final int MAX_BODY = 1 << 20;
    /** The graph view's entities by default, and at most ("show more" asks for more, up to that). */
    private static final int NODES = 24;
    private static final int MAX_NODES = 120;

    private transient Explorer explorer;
    private transient PageAccess access;
    private final transient JsonProvider json = JsonProvider.provider();
    private transient CsrfTokens csrf;
    private transient RequestGuard guard;

    /** For the servlet container; collaborators arrive through {@link #inject}. */
    public ExplorerServlet() {
    }

    /** `graphiti ui`: one process, its own CSRF key. */
    public ExplorerServlet(Explorer explorer, PageAccess access) {
        use(explorer, access, CsrfTokens.ownKey());
    }

    /**
     * CDI initializer: beside the MCP endpoint, behind its Host, Origin and authentication rules, with the CSRF key
     * of the deployment (every instance accepts the tokens of the others).
     */
    @Inject
    final void inject(Explorer explorer, HttpTransportConfig config, CsrfTokens csrf) {
        use(explorer, PageAccess.besideEndpoint(new EndpointAccess(config)), csrf);
    }

    private void use(Explorer explorer, PageAccess access, CsrfTokens csrf) {
        this.explorer = Objects.requireNonNull(explorer, "explorer");
        this.access = Objects.requireNonNull(access, "access");
        this.csrf = Objects.requireNonNull(csrf, "csrf");
        this.guard = new RequestGuard(csrf, access);
    }

    @Override
    public void init() {
        if (explorer == null) {
            throw new IllegalStateException("ExplorerServlet needs an Explorer: deploy it with CDI or construct it with one");
        }
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self';"
                + " img-src 'self' data:; frame-ancestors 'none'; form-action 'none'; base-uri 'none'");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("Cache-Control", "no-store");
        Optional<Refusal> refusal = guard.refusal(request);
        if (refusal.isPresent()) {
            refuse(response, refusal.get());
            return;
        }
        String path = Optional.ofNullable(request.getPathInfo()).orElse("");
        String method = request.getMethod();
        try {
            if (path.isEmpty() && method.equals("GET")) {
                // the page's links are relative to its folder: /explorer becomes /explorer/
                response.sendRedirect(request.getRequestURI() + "/");
            } else if (method.equals("GET") && FILES.containsKey(path)) {
                file(response, FILES.get(path));
            } else if (path.startsWith("/api/")) {
                Optional<Refusal> unauthenticated = access.unauthenticated(request);
                if (unauthenticated.isPresent()) {
                    refuse(response, unauthenticated.get());
                } else if (method.equals("GET")) {
                    send(response, read(path, request));
                } else if (method.equals("POST")) {
                    Optional<JsonObject> body = body(request);
                    if (body.isPresent()) {
                        send(response, change(path, body.get()));
                    } else {
                        refuse(response, Refusal.tooLarge(MAX_BODY));
                    }
                } else {
                    error(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "the API answers GET and POST");
                }
            } else {
                error(response, HttpServletResponse.SC_NOT_FOUND, "no such page: " + path);
            }
        } catch (NotFoundException e) {
            error(response, HttpServletResponse.SC_NOT_FOUND, e.getMessage());
        } catch (InvalidInputException e) {
            error(response, HttpServletResponse.SC_BAD_REQUEST, e.getMessage());
        } catch (GraphException e) {
            error(response, HttpServletResponse.SC_CONFLICT, e.getMessage());
        }
    }

    private JsonStructure read(String path, HttpServletRequest request) {
        return switch (path) {
            case "/api/session" -> json.createObjectBuilder().add("scope", explorer.location().scope().name())
                    .add("token_required", access.tokensRequired()).build();
            case "/api/graph" -> graph(explorer.entityGraph(Optional.ofNullable(request.getParameter("entity"))
                    .map(String::strip).filter(name -> !name.isEmpty()), nodes(request)));
            case "/api/list" -> briefs(explorer.list(filter(request), limit(request, 50)));
            case "/api/search" -> hits(request);
            case "/api/item" -> details(explorer.details(required(request.getParameter("id"), "id")));
            case "/api/review" -> review(explorer.reviewQueue(offset(request), limit(request, 50)));
            case "/api/entity" -> briefs(explorer.mentioning(required(request.getParameter("name"), "name"), filter(request),
                    limit(request, 100)));
            default -> throw new NotFoundException("no such API: " + path, List.of());
        };
    }

    private JsonStructure change(String path, JsonObject body) {
        return switch (path) {
            case "/api/accept" -> whole(explorer.accept(text(body, "id"))).build();
            case "/api/unaccept" -> whole(explorer.unaccept(text(body, "id"))).build();
            case "/api/supersede" -> whole(explorer.supersede(text(body, "id"), text(body, "content"))).build();
            case "/api/delete" -> json.createObjectBuilder().add("deleted", text(body, "id"))
                    .add("undo", explorer.delete(text(body, "id"))).build();
            case "/api/undo" -> {
                Restored restored = explorer.undoDelete(text(body, "undo"));
                yield json.createObjectBuilder().add("restored", restored.id())
                        .add("outcome", restored.outcome().name().toLowerCase(java.util.Locale.ROOT)).build();
            }
            default -> throw new NotFoundException("no such API: " + path, List.of());
        };
    }

    private JsonStructure hits(HttpServletRequest request) {
        String text = Optional.ofNullable(request.getParameter("q")).orElse("").strip();
        JsonArrayBuilder array = json.createArrayBuilder();
        if (!text.isEmpty()) {
            for (SearchHit hit : explorer.search(new SearchQuery(text, filter(request), limit(request, 20), false)).hits()) {
                array.add(brief(hit.item()).add("snippet", hit.snippet()).add("score", hit.score())
                        .add("matched", hit.matched().name()));
            }
        }
        return array.build();
    }

    private JsonStructure graph(EntityGraph graph) {
        JsonArrayBuilder nodes = json.createArrayBuilder();
        graph.nodes().forEach(node -> nodes.add(json.createObjectBuilder().add("name", node.name()).add("type", node.type())
                .add("items", node.items()).add("knowledge", node.knowledge())));
        JsonArrayBuilder links = json.createArrayBuilder();
        for (EntityGraph.Link link : graph.links()) {
            JsonArrayBuilder items = json.createArrayBuilder();
            link.items().forEach(item -> items.add(brief(item)));
            links.add(json.createObjectBuilder().add("from", link.from()).add("to", link.to()).add("weight", link.weight())
                    .add("lift", Math.round(link.lift() * 100) / 100.0).add("items", items));
        }
        return json.createObjectBuilder().add("nodes", nodes).add("links", links).add("items_read", graph.itemsRead())
                .add("entities", graph.entities()).build();
    }

    private static int nodes(HttpServletRequest request) {
        try {
            return Optional.ofNullable(request.getParameter("nodes")).map(Integer::parseInt)
                    .map(n -> Math.max(2, Math.min(MAX_NODES, n))).orElse(NODES);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("nodes must be a number");
        }
    }

    private JsonStructure review(ReviewPage page) {
        return json.createObjectBuilder().add("items", briefs(page.items())).add("offset", page.offset())
                .add("more", page.more()).build();
    }

    private ItemFilter filter(HttpServletRequest request) {
        Set<Kind> kinds = Optional.ofNullable(request.getParameter("kind")).filter(k -> !k.isBlank())
                .map(k -> Set.of(Kind.parse(k))).orElse(Set.of());
        Optional<String> tag = Optional.ofNullable(request.getParameter("tag")).map(String::strip).filter(t -> !t.isEmpty());
        return new ItemFilter(kinds, tag, date(request.getParameter("since")), date(request.getParameter("before")),
                "true".equals(request.getParameter("all")));
    }

    private static Optional<Instant> date(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDate.parse(value.strip()).atStartOfDay().toInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
            throw new InvalidInputException("'" + value + "' is not a date such as 2026-01-31");
        }
    }

    private static int limit(HttpServletRequest request, int fallback) {
        try {
            return Optional.ofNullable(request.getParameter("limit")).map(Integer::parseInt)
                    .map(n -> Math.max(1, Math.min(500, n))).orElse(fallback);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("limit must be a number");
        }
    }

    private static int offset(HttpServletRequest request) {
        try {
            int offset = Optional.ofNullable(request.getParameter("offset")).map(Integer::parseInt).orElse(0);
            if (offset < 0) {
                throw new InvalidInputException("offset must not be negative");
            }
            return offset;
        } catch (NumberFormatException e) {
            throw new InvalidInputException("offset must be a number");
        }
    }

    private JsonStructure briefs(List<KnowledgeItem> items) {
        JsonArrayBuilder array = json.createArrayBuilder();
        items.forEach(item -> array.add(brief(item)));
        return array.build();
    }

    private JsonObjectBuilder brief(KnowledgeItem item) {
        JsonObjectBuilder brief = json.createObjectBuilder().add("id", item.id()).add("kind", item.kind().name())
                .add("title", item.title()).add("tags", json.createArrayBuilder(item.tags()))
                .add("created_at", item.createdAt().toString()).add("source", item.source())
                .add("current", item.current());
        item.flag().ifPresent(reason -> brief.add("flag", reason).add("held", item.held()));
        return brief;
    }

    private JsonObjectBuilder whole(KnowledgeItem item) {
        JsonArrayBuilder entities = json.createArrayBuilder();
        for (Entity entity : item.entities()) {
            entities.add(json.createObjectBuilder().add("name", entity.name()).add("type", entity.type()));
        }
        JsonArrayBuilder anchors = json.createArrayBuilder();
        item.anchors().forEach(anchor -> anchors.add(json.createObjectBuilder().add("kind", anchor.kind().name())
                .add("value", anchor.value()).add("origin", anchor.origin().name())));
        JsonObjectBuilder whole = brief(item).add("content", item.content()).add("entities", entities)
                .add("anchors", anchors);
        item.validUntil().ifPresent(until -> whole.add("valid_until", until.toString()));
        item.supersededBy().ifPresent(id -> whole.add("superseded_by", id));
        item.supersedes().ifPresent(id -> whole.add("supersedes", id));
        item.ended().ifPresent(ending -> whole.add("ended_by", ending.by()).add("ended_why", ending.why()));
        return whole;
    }

    private JsonStructure details(ItemDetails details) {
        JsonArrayBuilder chain = json.createArrayBuilder();
        details.chain().forEach(item -> chain.add(brief(item)));
        JsonArrayBuilder related = json.createArrayBuilder();
        for (RelatedItem item : details.related()) {
            related.add(json.createObjectBuilder().add("id", item.id()).add("kind", item.kind().name())
                    .add("title", item.title()).add("shared_entities", item.sharedEntities()));
        }
        JsonArrayBuilder provenance = json.createArrayBuilder();
        for (Provenance former : details.provenance()) {
            provenance.add(json.createObjectBuilder().add("id", former.formerId()).add("relation", former.relation())
                    .add("title", former.title()).add("source", former.source())
                    .add("created_at", former.createdAt().toString()).add("recorded_at", former.recordedAt().toString()));
        }
        return whole(details.item()).add("chain", chain).add("related", related).add("provenance", provenance).build();
    }

    /**
     * The request's JSON object, or empty when the body is larger than {@link #MAX_BODY}: at most that much is read
     * whatever the headers say (a chunked body has no Content-Length), so a huge body is never held nor parsed.
     */
    private Optional<JsonObject> body(HttpServletRequest request) throws IOException {
        if (request.getContentLengthLong() > MAX_BODY) {
            return Optional.empty();
        }
        byte[] bytes = request.getInputStream().readNBytes(MAX_BODY + 1);
        if (bytes.length > MAX_BODY) {
            return Optional.empty();
        }
        // JSON between systems is UTF-8 (RFC 8259); any other label, known or not, is the client's mistake.
        String encoding = request.getCharacterEncoding();
        if (encoding != null && !encoding.equalsIgnoreCase("utf-8") && !encoding.equalsIgnoreCase("utf8")) {
            throw new InvalidInputException("send the JSON body as UTF-8, not charset=" + encoding);
        }
        try (Reader reader = new StringReader(new String(bytes, StandardCharsets.UTF_8)); var parser = json.createReader(reader)) {
            return Optional.of(parser.readObject());
        } catch (JsonException | ClassCastException e) {
            throw new InvalidInputException("the request is not a JSON object");
        }
    }

    private static String text(JsonObject body, String name) {
        if (!(body.get(name) instanceof JsonString value) || value.getString().isBlank()) {
            throw new InvalidInputException("\"" + name + "\" (a string) is required");
        }
        return value.getString();
    }

    private static String required(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new InvalidInputException(name + " is required");
        }
        return value;
    }

    private void file(HttpServletResponse response, String name) throws IOException {
        try (InputStream in = ExplorerServlet.class.getResourceAsStream(PAGE + name)) {
            if (in == null) {
                error(response, HttpServletResponse.SC_NOT_FOUND, "missing from the build: " + name);
                return;
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (name.equals("index.html")) {
                // the token is digits, dots and base64url: nothing in it needs escaping in an attribute
                text = text.replace("{{csrf}}", csrf.issue()).replace("{{scope}}", explorer.location().scope().name());
            }
            response.setContentType(TYPES.get(name.substring(name.lastIndexOf('.') + 1)));
            response.getWriter().write(text);
        }
    }

    private void send(HttpServletResponse response, JsonStructure body) throws IOException {
        response.setContentType("application/json; charset=utf-8");
        StringWriter buffer = new StringWriter();
        try (var writer = json.createWriter(buffer)) {
            writer.write(body);
        }
        response.getWriter().write(buffer.toString());
    }

    private void refuse(HttpServletResponse response, Refusal refusal) throws IOException {
        refusal.headers().forEach(response::setHeader);
        error(response, refusal.status(), refusal.message());
    }

    private void error(HttpServletResponse response, int status, String message) throws IOException {
        response.setStatus(status);
        send(response, json.createObjectBuilder().add("error", message).build());
    }
}
