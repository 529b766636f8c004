package dev.graphiti.tools;

import dev.graphiti.protocol.feature.McpApps;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.feature.ResourceContents;
import dev.graphiti.protocol.feature.ResourceDescriptor;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;

/**
 * ui://graphiti/explorer: the explorer as an MCP App ({@link McpApps}), for clients that show graphiti_search,
 * graphiti_list and graphiti_show results in it. One self-contained HTML document: the explorer page's style and views
 * (dev/graphiti/explorer: style.css, views.js) and the app's script (mcp-app.js), which reaches the server only through
 * the host (tools/call over postMessage). Its own Content-Security-Policy, on top of the host's, lets nothing load or
 * connect and runs only the app's script and style (by hash): an item's markup could not run even if it got into the
 * page as HTML, which it does not.
 */
public final class ExplorerApp implements Resource {

    public static final String URI = "ui://graphiti/explorer";
    private static final ResourceDescriptor DESCRIPTOR = new ResourceDescriptor(URI, "explorer", "graphiti explorer",
            "Search, browse and read stored items.", McpApps.MIME_TYPE);
    /** No external domain (the host's restrictive default CSP), and a border around the app. */
    private static final JsonObject META = Jsonp.object().add("ui", Jsonp.object().add("prefersBorder", true)).build();

    private final String html = document();

    @Override
    public ResourceDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public List<ResourceContents> read(RequestContext context) {
        return List.of(ResourceContents.text(URI, McpApps.MIME_TYPE, html).withMeta(META));
    }

    private static String document() {
        String style = file("style.css");
        String script = file("views.js") + "\n" + file("mcp-app.js");
        // The template is ours; style and script hold no "</" that could close their element early.
        if (style.contains("</") || script.contains("</")) {
            throw new IllegalStateException("the explorer app's style or script contains \"</\"");
        }
        String csp = "default-src 'none'; script-src '" + sha256(script) + "'; style-src '" + sha256(style) + "'; "
                + "img-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'";
        return file("app.html").replace("{{csp}}", csp).replace("{{style}}", style).replace("{{script}}", script);
    }

    private static String sha256(String text) {
        try {
            return "sha256-" + Base64.getEncoder().encodeToString(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String file(String name) {
        try (InputStream in = ExplorerApp.class.getResourceAsStream("/dev/graphiti/explorer/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing from the build: dev/graphiti/explorer/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
