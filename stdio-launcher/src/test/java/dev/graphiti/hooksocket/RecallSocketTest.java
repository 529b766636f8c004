package dev.graphiti.hooksocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The prompt hook's socket with real Unix domain sockets in a temporary git work tree: what it answers, what it
 * refuses without doing any work, who may reach it, and how servers of one project hand it over.
 */
class RecallSocketTest {

    @TempDir
    Path project;

    private Path socket;
    private final AtomicInteger asked = new AtomicInteger();
    private final List<String> notices = new ArrayList<>();
    private final List<RecallSocket> started = new ArrayList<>();

    private Path graph;

    @BeforeEach
    void aGitWorkTreeWithAGraph() throws Exception {
        assertEquals("", git("init", "-q", "."));
        Files.createDirectories(project.resolve("src/deep"));
        socket = project.toRealPath().resolve(".graphiti/run/prompt.sock");
        graph = project.resolve(".graphiti/graph.db");
        Files.createDirectories(graph.getParent());
        Files.createFile(graph);
    }

    private String git(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true).start();
        String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, git.waitFor(), out);
        return out;
    }

    @AfterEach
    void closeAll() {
        started.forEach(RecallSocket::close);
    }

    private RecallSocket start(Path directory) {
        RecallSocket recall = RecallSocket.start(directory, Files::exists, (hook, json, run) -> {
            asked.incrementAndGet();
            return (hook + " recalled for " + new String(json, StandardCharsets.UTF_8) + run.id().map(id -> " as " + id)
                    .orElse("")).getBytes(StandardCharsets.UTF_8);
        }, notices::add);
        started.add(recall);
        return recall;
    }

    private static void until(RecallSocket recall, boolean listening) throws InterruptedException {
        for (int i = 0; i < 300 && recall.listening() != listening; i++) {
            Thread.sleep(50);
        }
        assertEquals(listening, recall.listening());
    }

    private String exchange(String request) throws IOException {
        try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
            ByteBuffer out = ByteBuffer.wrap(request.getBytes(StandardCharsets.UTF_8));
            while (out.hasRemaining()) {
                channel.write(out);
            }
            ByteBuffer in = ByteBuffer.allocate(64 * 1024);
            while (channel.read(in) >= 0) {
                if (!in.hasRemaining()) {
                    break;
                }
            }
            return new String(in.array(), 0, in.position(), StandardCharsets.UTF_8);
        }
    }

    private static String post(String body) {
        return "POST /recall HTTP/1.1\r\nHost: graphiti\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
    }

    @Test
    void answersARecallFromAnywhereInTheProjectOnlyToItsOwner() throws Exception {
        RecallSocket recall = start(project.resolve("src/deep"));
        until(recall, true);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket.getParent())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));

        String answer = exchange(post("{\"prompt\":\"caf\u00e9\"}"));
        assertTrue(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
        assertTrue(answer.endsWith("\r\n\r\n/recall recalled for {\"prompt\":\"caf\u00e9\"}"), answer);
        // the file hook and the session start's brief too, each to its own command
        String file = exchange(post("{\"tool_name\":\"Edit\"}").replace("/recall", "/file"));
        assertTrue(file.endsWith("\r\n\r\n/file recalled for {\"tool_name\":\"Edit\"}"), file);
        String context = exchange(post("{}").replace("/recall", "/context"));
        assertTrue(context.endsWith("\r\n\r\n/context recalled for {}"), context);
        assertEquals(3, asked.get());
    }

    @Test
    void theAnswerClaimsInTheNameOfTheClientsRunAndAMalformedRunIsRefusedUnasked() throws Exception {
        until(start(project), true);
        String answer = exchange(post("{}").replace("Host: graphiti\r\n", "Host: graphiti\r\nX-Graphiti-Run: 4242\r\n"));
        assertTrue(answer.endsWith("\r\n\r\n/recall recalled for {} as 4242"), answer);
        String refused = exchange(post("{}").replace("Host: graphiti\r\n", "Host: graphiti\r\nX-Graphiti-Run: ../x\r\n"));
        assertTrue(refused.startsWith("HTTP/1.1 400 ") && refused.contains("X-Graphiti-Run"), refused);
        assertEquals(1, asked.get());
    }

    @Test
    void refusesAnythingButARecallWithoutAskingForOne() throws Exception {
        until(start(project), true);
        assertTrue(exchange("GET /recall HTTP/1.1\r\nHost: g\r\n\r\n").startsWith("HTTP/1.1 405 "));
        assertTrue(exchange(post("{}").replace("/recall", "/add")).startsWith("HTTP/1.1 404 "));
        assertTrue(exchange("POST /recall HTTP/1.1\r\nHost: g\r\n\r\n{}").startsWith("HTTP/1.1 411 "));
        assertTrue(exchange("POST /recall HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
                .startsWith("HTTP/1.1 411 "));
        // larger than any hook input: refused from the head, before a byte of the body is read
        assertTrue(exchange("POST /recall HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n{").startsWith("HTTP/1.1 413 "));
        assertTrue(exchange("POST /recall HTTP/1.1\r\nX: " + "x".repeat(10_000) + "\r\n\r\n").startsWith("HTTP/1.1 431 "));
        assertTrue(exchange("hello\r\n\r\n").startsWith("HTTP/1.1 400 "));
        assertEquals(0, asked.get());
        // and it still answers after all of that
        assertTrue(exchange(post("{}")).startsWith("HTTP/1.1 200 "));
    }

    @Test
    void aStaleSocketIsReplacedAndRemovedOnClose() throws Exception {
        Files.createDirectories(socket.getParent());
        try (ServerSocketChannel crashed = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            crashed.bind(UnixDomainSocketAddress.of(socket)); // a server that died without removing its socket
        }
        assertTrue(Files.exists(socket));
        RecallSocket recall = start(project);
        until(recall, true);
        assertTrue(exchange(post("{}")).startsWith("HTTP/1.1 200 "));
        recall.close();
        assertFalse(Files.exists(socket), "the socket is removed on close");
    }

    @Test
    void aSecondSessionsServerTakesOverWhenTheFirstEnds() throws Exception {
        RecallSocket first = start(project);
        until(first, true);
        RecallSocket second = start(project);
        Thread.sleep(RecallSocket.START_MILLIS + 1_000);
        assertFalse(second.listening(), "the live socket of the first session is left alone");
        first.close();
        until(second, true); // within its next look, a few seconds later
        assertTrue(exchange(post("{}")).startsWith("HTTP/1.1 200 "));
    }

    /** curl as the user nobody (possible when the tests run as root), with the hook's JSON. */
    private int curlAsNobody() throws Exception {
        Process curl = new ProcessBuilder("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "curl", "-sf",
                "--max-time", "5", "--unix-socket", socket.toString(), "--data-raw", "{}", "http://graphiti/recall")
                .redirectErrorStream(true).start();
        curl.getInputStream().readAllBytes();
        return curl.waitFor();
    }

    @Test
    void anotherUserIsKeptOutByTheDirectoryAndByTheServer() throws Exception {
        assumeTrue(new com.sun.security.auth.module.UnixSystem().getUid() == 0
                && Files.isExecutable(Path.of("/usr/bin/setpriv")), "needs root and setpriv to act as another user");
        RecallSocket recall = start(project);
        until(recall, true);
        // the project itself readable by all, as projects are: the socket's 0700 directory still keeps nobody out
        Files.setPosixFilePermissions(project, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(project.resolve(".graphiti"), PosixFilePermissions.fromString("rwxr-xr-x"));
        assertEquals(7, curlAsNobody(), "curl could not connect");
        // and with the directory and the socket opened up by mistake, the server refuses a peer of another user
        Files.setPosixFilePermissions(socket.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertEquals(22, curlAsNobody(), "curl -f got an HTTP error (403)");
        assertEquals(0, asked.get());
    }

    @Test
    void makesNothingInTheProjectBeforeItHasAGraphAndKeepsWhatItMakesOutOfGit() throws Exception {
        Files.delete(graph);
        Files.delete(graph.getParent());
        RecallSocket recall = start(project);
        Thread.sleep(RecallSocket.START_MILLIS + 500);
        assertFalse(recall.listening());
        assertFalse(Files.exists(project.resolve(".graphiti")), "a server where no graph is makes nothing");
        // The session's first add makes the graph (its store excludes .graphiti/ too): the socket follows it.
        Files.createDirectories(graph.getParent());
        Files.createFile(graph);
        until(recall, true);
        assertEquals("", git("status", "--porcelain", "--untracked-files=all"));
        assertEquals(1, Files.readAllLines(project.resolve(".git/info/exclude")).stream()
                .filter(line -> line.equals("/.graphiti/")).count());
    }

    @Test
    void outsideAGitWorkTreeThereIsNoSocket(@TempDir Path elsewhere) throws Exception {
        RecallSocket recall = start(elsewhere);
        Thread.sleep(RecallSocket.START_MILLIS + 500);
        assertFalse(recall.listening());
        assertFalse(Files.exists(elsewhere.resolve(".graphiti")));
    }
}
