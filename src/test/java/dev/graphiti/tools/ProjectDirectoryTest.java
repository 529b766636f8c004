package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.access.AllowedRoots;
import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.cli.GitFixture;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The project of a call: argument, then the client's roots, then GRAPHITI_PROJECT_ROOT, then the server's directory. */
class ProjectDirectoryTest {

    @TempDir
    Path temp;

    private ProjectDirectory everywhere(Optional<Path> configured, Path server) {
        return new ProjectDirectory(AllowedRoots.everywhere(), configured, server, temp.resolve(".claude/projects"));
    }

    private static JsonObject dir(Path dir) {
        return Json.createObjectBuilder().add("dir", dir.toString()).build();
    }

    @Test
    void theArgumentWinsAndMustBeADirectoryThatExists() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("given"));
        var projects = everywhere(Optional.of(temp), temp);
        assertEquals(dir, projects.resolve(dir(dir), null).directory());
        var e = assertThrows(IllegalArgumentException.class,
                () -> projects.resolve(Json.createObjectBuilder().add("dir", "nowhere").build(), null));
        assertTrue(e.getMessage().contains("does not exist on this server"), e.getMessage());
        Path file = Files.writeString(temp.resolve("file.txt"), "x");
        e = assertThrows(IllegalArgumentException.class, () -> projects.resolve(dir(file), null));
        assertTrue(e.getMessage().contains("not a directory"), e.getMessage());
    }

    /**
     * Issue 29: scope names the graph or the project directory, in one parameter; a directory in scope runs exactly as
     * dir did (-C DIR, no scope option), dir still works for older clients, and two different directories are refused.
     */
    @Test
    void scopeNamesTheProjectDirectoryAsDirDid() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("given"));
        var projects = everywhere(Optional.of(temp), temp);
        JsonObject scope = Json.createObjectBuilder().add("scope", dir.toString()).build();
        var place = projects.resolve(scope, null);
        assertEquals(dir, place.directory());
        assertEquals(List.of("-C", dir.toString(), "--format", "json", "list"), CliGateway.argv(List.of("list"), scope, place));
        assertEquals(CliGateway.argv(List.of("list"), dir(dir), projects.resolve(dir(dir), null)),
                CliGateway.argv(List.of("list"), scope, place));
        JsonObject global = Json.createObjectBuilder().add("scope", "global").add("dir", dir.toString()).build();
        assertEquals(List.of("-C", dir.toString(), "--format", "json", "--global", "list"),
                CliGateway.argv(List.of("list"), global, projects.resolve(global, null)));

        var missing = assertThrows(IllegalArgumentException.class,
                () -> projects.resolve(Json.createObjectBuilder().add("scope", "globl").build(), null));
        assertTrue(missing.getMessage().startsWith("scope globl does not exist on this server"), missing.getMessage());
        var two = assertThrows(IllegalArgumentException.class, () -> projects.resolve(Json.createObjectBuilder()
                .add("scope", dir.toString()).add("dir", temp.toString()).build(), null));
        assertTrue(two.getMessage().contains("name two directories; send only scope"), two.getMessage());
    }

    @Test
    void withoutArgumentOrRootsTheConfiguredRootThenTheServerDirectory() throws Exception {
        Path configured = Files.createDirectories(temp.resolve("configured"));
        assertEquals(configured, everywhere(Optional.of(configured), temp).resolve(Json.createObjectBuilder().build(),
                null).directory());
        assertEquals(temp, everywhere(Optional.empty(), temp).resolve(Json.createObjectBuilder().build(), null).directory());
    }

    /** Confined to /srv/projects: dir, a git work tree reaching out, and a server whose own directory is outside. */
    @Test
    void confinedToTheAllowedRoots() throws Exception {
        Path projects = Files.createDirectories(temp.resolve("srv/projects"));
        Path app = GitFixture.repository(projects.resolve("app")).toRealPath();
        Path evil = GitFixture.repository(temp.resolve("srv/projects-evil")).toRealPath();
        Path outerRepo = GitFixture.repository(temp.resolve("outer")).toRealPath();
        Path inner = Files.createDirectories(outerRepo.resolve("inner"));
        Path server = Files.createDirectories(temp.resolve("server"));
        var confined = new ProjectDirectory(AllowedRoots.of(List.of(projects, inner)), Optional.empty(), server,
                temp.resolve(".claude/projects"));

        assertEquals(app, confined.resolve(dir(app), null).directory());
        var outside = assertThrows(IllegalArgumentException.class, () -> confined.resolve(dir(evil), null));
        assertTrue(outside.getMessage().contains("outside the directories this server serves"), outside.getMessage());
        var dotDot = assertThrows(IllegalArgumentException.class,
                () -> confined.resolve(dir(app.resolve("../../projects-evil")), null));
        assertTrue(dotDot.getMessage().contains("outside"), dotDot.getMessage());
        var tree = assertThrows(IllegalArgumentException.class, () -> confined.resolve(dir(inner), null));
        assertTrue(tree.getMessage().contains("belongs to the git work tree " + outerRepo), tree.getMessage());

        var none = confined.resolve(Json.createObjectBuilder().build(), null);
        assertEquals(server, none.directory());
        assertTrue(none.noProject().isPresent(), "the server's own directory is not allowed: no project");
        assertEquals(List.of("-C", server.toString(), "--format", "json", "--global", "list"),
                CliGateway.argv(List.of("list"), Json.createObjectBuilder().build(), none));
        var project = assertThrows(IllegalArgumentException.class, () -> CliGateway.argv(List.of("list"),
                Json.createObjectBuilder().add("scope", "project").build(), none));
        assertTrue(project.getMessage().contains("pass scope, a project directory under " + projects.toRealPath()),
                project.getMessage());
    }

    /** A transcript argument: the Claude Code projects folder of the server's user, or an allowed root. */
    @Test
    void transcriptsOnlyFromClaudesProjectsFolderOrAnAllowedRoot() throws Exception {
        Path claude = Files.createDirectories(temp.resolve(".claude/projects/-srv-app"));
        Path session = Files.writeString(claude.resolve("s1.jsonl"), "{}\n");
        Path projects = Files.createDirectories(temp.resolve("srv/projects"));
        Path shared = Files.writeString(projects.resolve("shared.jsonl"), "{}\n");
        Path passwd = Files.writeString(Files.createDirectories(temp.resolve("etc")).resolve("passwd"), "root:x:0:0\n");
        Path link = Files.createSymbolicLink(claude.resolve("s2.jsonl"), passwd);
        var confined = new ProjectDirectory(AllowedRoots.of(List.of(projects)), Optional.empty(), projects,
                temp.resolve(".claude/projects"));
        var place = ProjectDirectory.Place.project(projects);

        confined.checkTranscript(Json.createObjectBuilder().add("transcript", session.toString()).build(), place);
        confined.checkTranscript(Json.createObjectBuilder().add("transcript", "shared.jsonl").build(), place);
        for (Path refused : List.of(passwd, link)) {
            var e = assertThrows(IllegalArgumentException.class, () -> confined.checkTranscript(
                    Json.createObjectBuilder().add("transcript", refused.toString()).build(), place));
            assertTrue(e.getMessage().contains("is neither under " + temp.resolve(".claude/projects")), e.getMessage());
        }
        everywhere(Optional.empty(), temp).checkTranscript(
                Json.createObjectBuilder().add("transcript", passwd.toString()).build(), place);
    }

    /**
     * Through a real connection: the server asks the client for roots/list when the client declared roots,
     * once per session and again after notifications/roots/list_changed.
     */
    @Test
    void theClientsFirstFileRootWhenItDeclaresRoots() throws Exception {
        Path root = Files.createDirectories(temp.resolve("client-root"));
        Path probe = Files.createDirectories(temp.resolve("probe"));
        var settings = ToolSettings.defaults().withProjectRoot(probe);
        var seen = new java.util.concurrent.atomic.AtomicReference<Path>();
        try (var tools = GraphitiProcess.tools(settings, Map.of(), temp)) {
            var gateway = new CliGateway(call -> {
                seen.set(call.directory());
                return new CliOutcome(0, "{}", "", CliOutcome.Ending.EXITED, false);
            }, everywhere(Optional.of(probe), temp), tools.gateway().renderer());
            try (var session = new ServerSession(List.of(new HealthTool(gateway)))) {
                session.roots = Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("uri", "https://example.com/not-a-file"))
                        .add(Json.createObjectBuilder().add("uri", root.toUri().toString())).build();
                session.initialize("{\"roots\":{}}");
                session.request("tools/call", Json.createObjectBuilder().add("name", "graphiti_health").build());
                assertEquals(root, seen.get());
                assertEquals(1, session.rootsRequests.get());

                Path moved = Files.createDirectories(temp.resolve("moved"));
                session.roots = Json.createArrayBuilder().add(Json.createObjectBuilder().add("uri", moved.toUri().toString())).build();
                session.request("tools/call", Json.createObjectBuilder().add("name", "graphiti_health").build());
                assertEquals(root, seen.get(), "the session's roots are asked once");
                assertEquals(1, session.rootsRequests.get());

                session.notify("notifications/roots/list_changed");
                session.request("tools/call", Json.createObjectBuilder().add("name", "graphiti_health").build());
                assertEquals(moved, seen.get(), "list_changed: asked again");
                assertEquals(2, session.rootsRequests.get());
            }
            try (var session = new ServerSession(List.of(new HealthTool(gateway)))) {
                session.initialize("{}");
                session.request("tools/call", Json.createObjectBuilder().add("name", "graphiti_health").build());
                assertEquals(probe, seen.get(), "no roots capability: no roots/list, the configured root");
                assertEquals(0, session.rootsRequests.get());
            }
        }
    }
}
