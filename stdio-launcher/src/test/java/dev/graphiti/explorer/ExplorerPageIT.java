package dev.graphiti.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `graphiti ui` from the packaged jar, driven in Debian's headless Chromium as a person uses it: search, open an item,
 * supersede it, review (accept and undo, delete and undo); an item whose text is markup shows as text. Screenshots of
 * each view go to target/explorer-screenshots. Skipped when GRAPHITI_CHROMIUM is unset (scripts/test sets it, after
 * scripts/install-chromium).
 */
@Tag("browser")
class ExplorerPageIT {

    private static final Pattern URL = Pattern.compile("is at (http://127\\.0\\.0\\.1:\\d+/)");
    private static final Pattern TEAM_URL = Pattern.compile("the explorer at (http://127\\.0\\.0\\.1:\\d+/explorer/)");
    private static final String TOKEN = "team-token-0123456789abcdef";
    /** An entity name is untrusted too: the graph view draws it as text. */
    private static final String MARKUP_ENTITY = "<img src=x onerror=window.pwned=3>";
    private static final String SCRIPT_TITLE = "<script>window.pwned=1</script><img src=x onerror=\\\"window.pwned=2\\\"> Retry webhooks";

    @TempDir
    Path tmp;

    private final List<Process> started = new ArrayList<>();
    private String chromium;
    private Path shots;

    @BeforeEach
    void needsChromium() throws Exception {
        chromium = Chromium.required("ExplorerPageIT");
        shots = Chromium.screenshots();
    }

    @AfterEach
    void stop() throws Exception {
        Chromium.stop(started);
    }

    private PackagedGraphiti graphiti() {
        return new PackagedGraphiti(tmp, started);
    }

    private String serveExplorer() throws Exception {
        PackagedGraphiti graphiti = graphiti();
        load(graphiti);
        String url = graphiti.start(graphiti.command("ui", "--port", "0"), URL);
        said = graphiti.said();
        return url;
    }

    /** What the server said up to its URL. */
    private String said = "";

    /** Imports the test's items into the global graph. */
    private static void load(PackagedGraphiti graphiti) throws Exception {
        graphiti.importItems(
                "{\"id\":\"wbhk0001\",\"kind\":\"decision\",\"title\":\"" + SCRIPT_TITLE + "\",\"content\":\"" + SCRIPT_TITLE
                        + " with backoff in WebhookSender.java\",\"source\":\"capture:s1\",\"entities\":[{\"name\":\"WebhookSender.java\",\"type\":\"file\"},"
                        + "{\"name\":\"" + MARKUP_ENTITY + "\",\"type\":\"identifier\"}],\"created_at\":\"2026-03-01T10:00:00Z\"}",
                "{\"id\":\"race0001\",\"kind\":\"bugfix\",\"title\":\"Fix the race in SessionStore.expire\",\"content\":\"Fix the"
                        + " race in SessionStore.expire: sessions were closed twice\",\"source\":\"git:abc123\",\"entities\":[{\"name\":"
                        + "\"SessionStore.expire\",\"type\":\"identifier\"},{\"name\":\"" + MARKUP_ENTITY + "\",\"type\":\"identifier\"}],"
                        + "\"created_at\":\"2026-03-02T11:30:00.250Z\"}",
                "{\"id\":\"sqdb0001\",\"kind\":\"decision\",\"title\":\"Storage\",\"content\":\"We chose SQLite over a server"
                        + " database: one file per project\",\"source\":\"manual\",\"created_at\":\"2026-02-01T09:00:00Z\"}",
                indexed(55).stripTrailing());
    }

    /** {@code count} items git indexing stored in January, older than the others: the review queue's second page. */
    private static String indexed(int count) {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < count; i++) {
            lines.append(String.format(java.util.Locale.ROOT, "{\"id\":\"gt%06d\",\"kind\":\"commit\",\"title\":\"Routine"
                    + " upkeep number %d\",\"content\":\"Routine upkeep number %d of the build\",\"source\":\"git:c%d\","
                    + "\"created_at\":\"2026-01-01T00:%02d:00Z\"}%n", i, i, i, i, i));
        }
        return lines.toString();
    }

    private DevTools browser() throws Exception {
        return Chromium.start(chromium, tmp, started);
    }

    private void shot(DevTools page, String name) throws Exception {
        Files.write(shots.resolve(name + ".png"), page.screenshot());
    }

    @Test
    void searchOpenSupersedeAndReviewWithUndoWhileMarkupStaysText() throws Exception {
        String base = serveExplorer();
        assertEquals(1, said.lines().count(), "graphiti ui says where it is, in one line: " + said);
        try (DevTools page = browser()) {
            page.navigate(base + "#/?q=webhooks");
            page.waitFor("document.querySelectorAll('#results li').length === 1");
            shot(page, "search");
            assertEquals(SCRIPT_TITLE.replace("\\\"", "\""), page.text("document.querySelector('#results a.title').textContent"));
            assertEquals("undefined", page.text("String(window.pwned)"), "the item's markup never runs");
            assertEquals("0", page.text("String(document.querySelectorAll('main script, main img').length)"));

            page.eval("document.querySelector('#results a.title').click()");
            page.waitFor("document.getElementById('content')");
            assertTrue(page.text("document.getElementById('content').textContent").endsWith("with backoff in WebhookSender.java"));
            assertTrue(page.text("document.getElementById('item').innerText").contains("WebhookSender.java (file)"));
            shot(page, "item");
            page.eval("document.querySelector('a[href=\"#/entity/WebhookSender.java\"]').click()");
            page.waitFor("document.getElementById('main').dataset.view === 'entity'");
            assertEquals("1", page.text("String(document.querySelectorAll('main li').length)"));
            shot(page, "entity");
            page.eval("history.back()");
            page.waitFor("document.getElementById('content')");

            page.eval("document.querySelector('[data-action=supersede]').click()");
            page.waitFor("document.getElementById('supersede-text')");
            page.eval("document.getElementById('supersede-text').value = 'We retry webhooks with exponential backoff, at most"
                    + " 5 times, in WebhookSender.java'");
            page.eval("document.querySelector('[data-action=save]').click()");
            page.waitFor("location.hash !== '#/item/wbhk0001' && document.getElementById('content')"
                    + " && document.getElementById('content').textContent.startsWith('We retry')");
            page.waitFor("document.querySelectorAll('section')[2].querySelectorAll('li').length === 2");
            shot(page, "superseded");
            String newId = page.text("location.hash.slice('#/item/'.length)");
            assertEquals(newId, page.text("fetch('/api/item?id=wbhk0001').then(r => r.json()).then(i => i.superseded_by)"));

            page.navigate(base + "#/timeline");
            page.waitFor("document.getElementById('main').dataset.view === 'timeline'");
            assertEquals("2026-03-02", page.text("[...document.querySelectorAll('#timeline h3')].map(h => h.textContent)[1]"));
            shot(page, "timeline");

            page.navigate(base + "#/graph");
            page.waitFor("document.getElementById('main').dataset.view === 'graph' && document.querySelectorAll('#graph g.node').length === 3");
            assertEquals(MARKUP_ENTITY, page.text("[...document.querySelectorAll('#graph g.node text')].map(t => t.textContent)"
                    + ".find(t => t.startsWith('<'))"), "an entity named with markup is drawn as its characters");
            assertEquals("0", page.text("String(document.querySelectorAll('main img, #graph image, #graph foreignObject').length)"));
            assertEquals("undefined", page.text("String(window.pwned)"), "the entity's markup never runs");
            assertEquals("1", page.text("String(document.querySelectorAll('#graph line.link').length)"), "race0001 links its two entities");
            assertEquals("race0001", page.text("document.querySelector('#graph-details li').dataset.id"), "the item linking them");
            shot(page, "graph");
            page.eval("[...document.querySelectorAll('#graph g.node')].find(g => g.dataset.name.startsWith('<'))"
                    + ".dispatchEvent(new MouseEvent('click', {bubbles: true}))");
            page.waitFor("document.querySelector('#graph g.node.focus') && document.querySelectorAll('#graph g.node').length === 2");
            assertEquals(MARKUP_ENTITY, page.text("document.querySelector('#graph g.node.focus').dataset.name"));
            assertEquals("Entities around " + MARKUP_ENTITY, page.text("document.querySelector('main h2').textContent"));
            assertEquals("undefined", page.text("String(window.pwned)"));
            shot(page, "graph-entity");

            page.navigate(base + "#/review");
            page.waitFor("document.getElementById('main').dataset.view === 'review' && document.querySelector('li[data-id=race0001]')");
            assertEquals("false", page.text("String(!!document.querySelector('li[data-id=sqdb0001]'))"), "a manual item needs no review");
            shot(page, "review");
            page.eval("document.querySelector('li[data-id=race0001] [data-action=accept]').click()");
            page.waitFor("!document.querySelector('li[data-id=race0001]') && !document.getElementById('toast').hidden");
            shot(page, "review-accepted");
            assertEquals("[\"reviewed\"]", page.text("fetch('/api/item?id=race0001').then(r => r.json()).then(i => JSON.stringify(i.tags))"));
            page.eval("document.getElementById('toast-undo').click()");
            page.waitFor("document.querySelector('li[data-id=race0001]')");
            assertEquals("[]", page.text("fetch('/api/item?id=race0001').then(r => r.json()).then(i => JSON.stringify(i.tags))"));

            page.eval("document.querySelector('li[data-id=race0001] [data-action=delete]').click()");
            page.waitFor("!document.querySelector('li[data-id=race0001]') && !document.getElementById('toast').hidden");
            assertEquals("404", page.text("fetch('/api/item?id=race0001').then(r => String(r.status))"));
            page.eval("document.getElementById('toast-undo').click()");
            page.waitFor("document.querySelector('li[data-id=race0001]')");
            assertEquals("2026-03-02T11:30:00.250Z",
                    page.text("fetch('/api/item?id=race0001').then(r => r.json()).then(i => i.created_at)"), "undo restores the item as it was");

            assertEquals("1–50", page.text("document.getElementById('review-range').textContent"), "56 await review, 50 a page");
            page.eval("document.getElementById('review-older').click()");
            page.waitFor("location.hash === '#/review?offset=50' && document.getElementById('review-range')"
                    + " && document.getElementById('review-range').textContent === '51–56'");
            assertEquals("6", page.text("String(document.querySelectorAll('main li').length)"));
            assertEquals("gt000000", page.text("[...document.querySelectorAll('main li')].pop().dataset.id"), "the oldest last");
            assertEquals("false", page.text("String(!!document.getElementById('review-older'))"));
            shot(page, "review-page-2");

            assertEquals("403", page.text("fetch('/api/accept', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                    + " body: JSON.stringify({id: 'sqdb0001'})}).then(r => String(r.status))"), "a change without the CSRF token");
        }
    }

    @Test
    void relatedItemsSayWhatTheyShareAndEveryViewStaysInReachAt400Pixels() throws Exception {
        String base = serveExplorer();
        try (DevTools page = browser()) {
            page.navigate(base + "#/item/wbhk0001");
            page.waitFor("document.getElementById('content') && document.querySelectorAll('section')[1].querySelector('li')");
            // race0001 mentions the same (markup-named) entity: the related list's row has no date or source to show.
            String related = page.text("document.querySelectorAll('section')[1].querySelector('li .meta').textContent");
            assertEquals("bugfixrace0001 · 1 shared entity", related, "the related item's line");
            assertTrue(!page.text("document.getElementById('item').innerText").contains("undefined"),
                    page.text("document.getElementById('item').innerText"));
            shot(page, "item-related");

            page.call("Emulation.setDeviceMetricsOverride", jakarta.json.Json.createObjectBuilder().add("width", 400)
                    .add("height", 800).add("deviceScaleFactor", 1).add("mobile", false).build());
            page.navigate(base + "#/list");
            page.waitFor("document.getElementById('main').dataset.view === 'list' && window.innerWidth === 400");
            String outside = page.text("[...document.querySelectorAll('header a, header span')].filter(a => {"
                    + " const box = a.getBoundingClientRect(); return box.width === 0 || box.left < 0"
                    + " || box.right > window.innerWidth; }).map(a => a.textContent).join(', ')");
            assertEquals("", outside, "what the header shows at 400 px is all within the window");
            assertEquals("true", page.text("String(document.documentElement.scrollWidth <= window.innerWidth)"),
                    "no sideways scrolling at 400 px");
            shot(page, "nav-400px");
            page.eval("document.getElementById('nav-review').click()");
            page.waitFor("document.getElementById('main').dataset.view === 'review'");
        }
    }

    /** The item view shows git time's mark (since which commit, why) and the files the item is about (path on hover). */
    @Test
    void theItemViewShowsItsStaleMarkAndItsAnchors() throws Exception {
        PackagedGraphiti graphiti = graphiti();
        load(graphiti);
        graphiti.importItems("{\"id\":\"java0006\",\"kind\":\"decision\",\"title\":\"Build for Java 6\",\"content\":"
                + "\"Build for Java 6 so that Android apps can use the library\",\"source\":\"manual\",\"created_at\":"
                + "\"2015-03-01T10:00:00Z\",\"valid_until\":\"2021-12-30T09:00:00Z\",\"ended_by\":"
                + "\"58eaac338786f449335e389a7f3c73ed40252ea4\",\"ended_why\":\"superseded: the Java version the project is"
                + " built for restated\",\"anchors\":[{\"kind\":\"file\",\"value\":\"gson/pom.xml\",\"origin\":\"changed\"},"
                + "{\"kind\":\"file\",\"value\":\"gson/src/main/java/com/google/gson/Gson.java\",\"origin\":\"named\"}]}");
        String base = graphiti.start(graphiti.command("ui", "--port", "0"), URL);
        try (DevTools page = browser()) {
            page.navigate(base + "#/item/java0006");
            page.waitFor("document.getElementById('stale') && document.getElementById('anchors')");
            assertEquals("Stale since 58eaac338786 (2021-12-30 09:00): superseded: the Java version the project is built"
                    + " for restated", page.text("document.getElementById('stale').textContent"));
            assertEquals("About pom.xml, Gson.java", page.text("document.getElementById('anchors').textContent"));
            assertEquals("gson/src/main/java/com/google/gson/Gson.java (file, named)",
                    page.text("document.querySelectorAll('#anchors code')[1].title"), "the path on hover");
            shot(page, "item-stale-anchors");
            page.navigate(base + "#/item/sqdb0001");
            page.waitFor("document.getElementById('content') && document.getElementById('content').textContent.includes('SQLite')");
            assertEquals("false", page.text("String(!!document.getElementById('stale') || !!document.getElementById('anchors'))"),
                    "a current item without anchors shows neither");
        }
    }

    @Test
    void besideTheTeamServersEndpointThePageAsksForTheEndpointsToken() throws Exception {
        PackagedGraphiti graphiti = graphiti();
        load(graphiti);
        String base = graphiti.start(graphiti.with("GRAPHITI_HTTP_TOKEN", TOKEN).command("mcp", "serve", "--transport", "http",
                "--port", "0"), TEAM_URL);
        try (DevTools page = browser()) {
            page.navigate(base + "#/list");
            page.waitFor("document.getElementById('main')?.dataset.view === 'token'");
            assertEquals("0", page.text("String(document.querySelectorAll('main li').length)"), "nothing of the graph before");
            shot(page, "sign-in");
            page.eval("document.getElementById('token').value = 'not-the-token-0123456789'");
            page.eval("document.getElementById('token-use').click()");
            page.waitFor("document.getElementById('main').dataset.view === 'token' && document.querySelector('#token-form .error')");
            page.eval("document.getElementById('token').value = '" + TOKEN + "'");
            page.eval("document.getElementById('token-use').click()");
            page.waitFor("document.getElementById('main').dataset.view === 'list' && document.querySelector('li[data-id=race0001]')");
            shot(page, "team-list");
            page.navigate(base + "#/review");
            page.waitFor("document.getElementById('main').dataset.view === 'review' && document.querySelector('li[data-id=race0001]')");
            page.eval("document.querySelector('li[data-id=race0001] [data-action=accept]').click()");
            page.waitFor("!document.querySelector('li[data-id=race0001]') && !document.getElementById('toast').hidden");
            assertEquals("[\"reviewed\"]", page.text("fetch('api/item?id=race0001', {headers: {Authorization: 'Bearer " + TOKEN
                    + "'}}).then(r => r.json()).then(i => JSON.stringify(i.tags))"), "a change through the team server, token and CSRF");
            assertEquals("401", page.text("fetch('api/item?id=race0001').then(r => String(r.status))"), "the API without the token");
        }
    }
}
