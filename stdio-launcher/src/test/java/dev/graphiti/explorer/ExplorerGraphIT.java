package dev.graphiti.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The graph view on a real indexed repository, as a person reads it in headless Chromium: a git history of 160 commits
 * over 320 files in nested folders (made here with git fast-import), `graphiti index`, then `graphiti ui`. Legible means:
 * no label over another, labels that are file names with the whole path on hover, a capped number of entities with
 * "Show more" for the rest, a picture that does not move once shown, and the lines of an entity within reach of the
 * keyboard. Screenshots graph-repository and graph-repository-more in target/explorer-screenshots.
 */
@Tag("browser")
class ExplorerGraphIT {

    private static final Pattern URL = Pattern.compile("is at (http://127\\.0\\.0\\.1:\\d+/)");
    private static final List<String> MODULES = List.of("core", "api", "store", "web", "cli");
    private static final List<String> PACKAGES = List.of("model", "io", "cache", "auth");
    private static final List<String> NOUNS = List.of("Reader", "Writer", "Parser", "Session", "Token", "Ledger", "Index",
            "Schema", "Router", "Codec", "Buffer", "Queue", "Policy", "Filter", "Registry", "Gateway");
    /** What the labels' boxes may share, in CSS pixels: the outline of a glyph, not a word over another. */
    private static final double TOLERANCE = 2;
    /** The page's first picture, and how many more each "Show more" adds. */
    private static final int FIRST = 24;

    @TempDir
    Path tmp;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        Chromium.stop(started);
    }

    @Test
    void theGraphOfAnIndexedRepositoryIsLegibleCappedAndStill() throws Exception {
        String chromium = Chromium.required("ExplorerGraphIT");
        Path shots = Chromium.screenshots();
        Path repository = repository(tmp.resolve("shop"));
        PackagedGraphiti graphiti = new PackagedGraphiti(tmp, started);
        Process index = graphiti.inProject(repository, "index").redirectErrorStream(true).start();
        String indexed = new String(index.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, index.waitFor(), indexed);
        String base = graphiti.start(graphiti.inProject(repository, "ui", "--port", "0"), URL);

        try (DevTools page = Chromium.start(chromium, tmp, started)) {
            page.navigate(base + "#/graph");
            page.waitFor("document.getElementById('main')?.dataset.view === 'graph' && document.querySelector('#graph g.node')");
            Files.write(shots.resolve("graph-repository.png"), page.screenshot());
            assertLegible(page);
            String first = positions(page);
            page.eval("new Promise(done => setTimeout(done, 1000))");
            assertEquals(first, positions(page), "the picture does not move once shown");

            int shown = Integer.parseInt(page.text("String(document.querySelectorAll('#graph g.node').length)"));
            assertTrue(shown <= FIRST && shown >= FIRST / 2, "at most " + FIRST + " entities at first: " + shown);
            String entities = page.text("fetch('api/graph').then(r => r.json()).then(g => String(g.entities))");
            assertTrue(entities.matches("\\d+") && Integer.parseInt(entities) > 100,
                    "the page is told how many entities there are, the repository's files many more than it shows: " + entities);

            // Show more: a link, so the keyboard and the address bar reach it too
            page.eval("document.getElementById('graph-more').click()");
            page.waitFor("document.getElementById('main')?.dataset.view === 'graph' && location.hash.includes('nodes=')"
                    + " && document.querySelectorAll('#graph g.node').length > " + shown);
            int more = Integer.parseInt(page.text("String(document.querySelectorAll('#graph g.node').length)"));
            assertTrue(more <= 2 * FIRST, "Show more adds at most " + FIRST + ": " + more);
            assertLegible(page);
            Files.write(shots.resolve("graph-repository-more.png"), page.screenshot());

            // from the keyboard: an entity in focus lists its lines as buttons, one of them lists the items behind it
            // (a headless page has no window focus of its own: focus events need it emulated)
            page.call("Emulation.setFocusEmulationEnabled", jakarta.json.Json.createObjectBuilder().add("enabled", true).build());
            page.eval("[...document.querySelectorAll('#graph g.node')].find(g => "
                    + "document.querySelectorAll('#graph line.link[data-from=\"' + g.dataset.name + '\"]').length).focus()");
            page.waitFor("document.querySelector('#graph-details .graph-lines button')");
            page.eval("document.querySelector('#graph-details .graph-lines button').click()");
            page.waitFor("document.querySelector('#graph-details li[data-id]')");
        }
    }

    /** No two labels overlap; labels are file names (the shortest path end that tells them apart), the path in a title. */
    private static void assertLegible(DevTools page) throws Exception {
        String overlapping = page.text("(() => { const labels = [...document.querySelectorAll('#graph g.node text')];"
                + " const boxes = labels.map(t => t.getBoundingClientRect()); const found = [];"
                + " for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {"
                + " const a = boxes[i], b = boxes[j];"
                + " const x = Math.min(a.right, b.right) - Math.max(a.left, b.left), y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);"
                + " if (x > " + TOLERANCE + " && y > " + TOLERANCE + ") found.push(labels[i].textContent + ' / ' + labels[j].textContent); }"
                + " return found.join('; '); })()");
        assertEquals("", overlapping, "labels drawn over each other");

        String wrong = page.text("(() => { const all = [...document.querySelectorAll('#graph g.node')];"
                + " const nodes = all.filter(g => g.dataset.name.includes('/'));"
                + " const labels = all.map(g => g.querySelector('text').textContent);"
                + " const file = (name) => name.split('/').pop();"
                + " return nodes.filter((g) => {"
                + "   const name = g.dataset.name, label = g.querySelector('text').textContent;"
                + "   const alone = all.filter(o => file(o.dataset.name) === file(name)).length === 1;"
                + "   const shortest = alone ? label === file(name) : name.endsWith('/' + label) || name === label;"
                + "   return !shortest || !g.querySelector('title').textContent.startsWith(name + ' ')"
                + "     || labels.filter(l => l === label).length > 1;"
                + " }).map(g => g.dataset.name + ' as ' + g.querySelector('text').textContent).join('; '); })()");
        assertEquals("", wrong, "path entities labelled by their file name, told apart by folders when alike, the path in a title");
        assertTrue(Integer.parseInt(page.text("String([...document.querySelectorAll('#graph g.node')]"
                + ".filter(g => g.dataset.name.includes('/')).length)")) >= 8, "the picture shows the repository's files");
    }

    private static String positions(DevTools page) throws Exception {
        return page.text("[...document.querySelectorAll('#graph g.node')].map(g => { const box = g.getBoundingClientRect();"
                + " return g.dataset.name + '@' + box.x + ',' + box.y; }).join(' ')");
    }

    /**
     * A repository of 160 commits over 320 files in 20 folders (five modules of four packages, each module with its own
     * pom.xml beside the root's): an import of them all, then commits changing a few files of one package (some
     * packages and files far more often than others), every ninth a module's build too, some with a reason (decisions to
     * index). The same every run.
     */
    private static Path repository(Path dir) throws Exception {
        Files.createDirectories(dir);
        git(dir, null, "init", "-q", "-b", "main");
        Random random = new Random(32);
        List<List<String>> packages = new ArrayList<>();
        for (String module : MODULES) {
            for (String pkg : PACKAGES) {
                List<String> files = new ArrayList<>();
                for (String noun : NOUNS) {
                    files.add(module + "/src/main/java/org/acme/" + module + "/" + pkg + "/"
                            + Character.toUpperCase(pkg.charAt(0)) + pkg.substring(1) + noun + ".java");
                }
                packages.add(files);
            }
        }
        StringBuilder stream = new StringBuilder();
        long time = 1_700_000_000L;
        List<String> all = new ArrayList<>(List.of("pom.xml"));
        MODULES.forEach(module -> all.add(module + "/pom.xml"));
        packages.forEach(all::addAll);
        time += 3_600;
        commit(stream, time, "Import the shop: five modules of four packages each", all, 0);
        for (int commit = 1; commit < 160; commit++) {
            // as in a real repository, some packages and some files of each change far more often than the rest
            List<String> files = packages.get((int) (packages.size() * Math.pow(random.nextDouble(), 1.5)));
            List<String> changed = new ArrayList<>();
            for (int n = 2 + random.nextInt(4); changed.size() < n;) {
                String file = files.get((int) (files.size() * Math.pow(random.nextDouble(), 2.5)));
                if (!changed.contains(file)) {
                    changed.add(file);
                }
            }
            if (commit % 9 == 0) {
                changed.add(changed.get(0).substring(0, changed.get(0).indexOf('/')) + "/pom.xml");
                changed.add("pom.xml");
            }
            String a = name(changed.get(0)), b = name(changed.get(1));
            String message = switch (commit % 4) {
                case 0 -> "Make " + a + " hand its buffer to " + b + " because copying it doubled the heap on large imports";
                case 1 -> "Fix the race between " + a + " and " + b + ": both closed the same stream";
                case 2 -> "Split " + a + " out of " + b + " so the cache can be tested alone";
                default -> "Add retries to " + a + " when " + b + " times out";
            };
            time += 3_600;
            commit(stream, time, message, changed, commit);
        }
        git(dir, stream.toString(), "fast-import", "--quiet");
        git(dir, null, "checkout", "-q", "-f", "main");
        return dir;
    }

    private static void commit(StringBuilder stream, long time, String message, List<String> changed, int commit) {
        stream.append("commit refs/heads/main\n")
                .append("author Dev <dev@example.com> ").append(time).append(" +0000\n")
                .append("committer Dev <dev@example.com> ").append(time).append(" +0000\n");
        data(stream, message + "\n");
        for (String file : changed) {
            stream.append("M 100644 inline ").append(file).append('\n');
            data(stream, "// " + file + " as of commit " + commit + "\n");
        }
        stream.append('\n');
    }

    private static String name(String path) {
        String file = path.substring(path.lastIndexOf('/') + 1);
        return file.endsWith(".java") ? file.substring(0, file.length() - 5) : file;
    }

    private static void data(StringBuilder stream, String text) {
        stream.append("data ").append(text.getBytes(StandardCharsets.UTF_8).length).append('\n').append(text);
    }

    private static void git(Path dir, String input, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (OutputStream in = git.getOutputStream()) {
            if (input != null) {
                in.write(input.getBytes(StandardCharsets.UTF_8));
            }
        }
        git.getInputStream().transferTo(output);
        assertTrue(git.waitFor(60, TimeUnit.SECONDS), "git " + args[0]);
        assertEquals(0, git.exitValue(), "git " + String.join(" ", args) + ": " + output);
    }
}
