package dev.graphiti.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.TextEncoder;
import dev.graphiti.graph.TextEncoder.ItemText;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The machine's shared model as servers use it: real host processes started from this class path, a real socket,
 * the real model. The servers here must never load a model of their own unless the test says so.
 */
class SharedModelTest {

    private static final List<ItemText> ITEMS = List.of(
            new ItemText("Retries", "Network calls retry three times with exponential backoff starting at 200 ms."),
            new ItemText("Page cache", "The cache layer stores rendered pages for five minutes. ".repeat(60)));
    private static E5Encoder inProcess;

    @TempDir
    Path home;
    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(said, true);

    @BeforeAll
    static void load() {
        inProcess = E5Encoder.load();
    }

    @AfterAll
    static void close() {
        inProcess.close();
    }

    @AfterEach
    void endHost() {
        // A gated start still waiting for its gate is one of these too.
        hosts().forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy));
    }

    private ModelAddress address() {
        return ModelAddress.of(home, "test");
    }

    private HostStart host(Duration idle) {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return HostStart.of(address(), "test", classPath, idle);
    }

    /** The host's start held back until the test creates {@code gate}: a JVM start as slow as the test wants. */
    private HostStart gated(Path gate, Duration idle) {
        List<String> command = new java.util.ArrayList<>(List.of("/bin/sh", "-c",
                "while [ ! -e \"$0\" ]; do sleep 0.05; done; exec \"$@\"", gate.toString()));
        command.addAll(host(idle).command());
        return new HostStart(command);
    }

    /** Waits (a minute at most) until the server's model answers without waiting. */
    private static TextEncoder answering(TextEncoder encoder) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (!encoder.available()) {
            assertTrue(System.nanoTime() < deadline, "the shared model did not come up within a minute");
            Thread.sleep(50);
        }
        return encoder;
    }

    private static Supplier<TextEncoder> neverInProcess() {
        return () -> {
            throw new AssertionError("a server loaded a model of its own");
        };
    }

    @Test
    void aSecondServerIsAnsweredByTheHostTheFirstStartedWithTheInProcessModelsVectorsToTheBit() throws Exception {
        TextEncoder first = answering(SharedModel.connect(address(), host(Duration.ofMinutes(1)), neverInProcess(), log));
        assertInstanceOf(SharedModel.class, first);
        long host = hostPid();
        assertNotEquals(ProcessHandle.current().pid(), host);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(address().socket())));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(address().run())));

        TextEncoder second = SharedModel.connect(address(), host(Duration.ofMinutes(1)), neverInProcess(), log);
        assertArrayEquals(inProcess.query("how do we retry network calls?"), second.query("how do we retry network calls?"));
        List<float[][]> passages = second.passages(ITEMS);
        List<float[][]> expected = inProcess.passages(ITEMS);
        assertEquals(expected.size(), passages.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).length, passages.get(i).length);
            for (int c = 0; c < expected.get(i).length; c++) {
                assertArrayEquals(expected.get(i)[c], passages.get(i)[c], "item " + i + " passage " + c);
            }
        }
        assertArrayEquals(inProcess.query("cache"), first.query("cache"));
        assertEquals(host, hostPid(), "one host answered both servers");
        assertEquals("", said.toString());
    }

    /**
     * Issue 33: the first server to want vectors starts the host and goes on; it answers by words (it says the model
     * is not available) until the host answers, then with the host's vectors, never loading a model of its own.
     */
    @Test
    void aServerWhoseHostIsStartingGoesOnWithoutItAndIsAnsweredOnceTheHostIsUp() throws Exception {
        Path gate = home.resolve("gate");
        TextEncoder server = SharedModel.connect(address(), gated(gate, Duration.ofMinutes(1)), neverInProcess(), log);
        assertInstanceOf(SharedModel.class, server);
        assertFalse(server.available(), "the host cannot answer before its start is let through");
        Files.createFile(gate);
        assertArrayEquals(inProcess.query("who owns the billing job"), answering(server).query("who owns the billing job"));
        assertEquals(List.of(hostPid()), hosts(), "one host runs, the one that answered");
        assertEquals("", said.toString());
    }

    /**
     * Issue 33: after the host's idle end, the next question is not held up by its restart (a prompt hook would give
     * up waiting): the server is told the model is not available, the host starts again in the background and
     * answers the question after.
     */
    @Test
    void aHostThatEndedIsStartedAgainInTheBackgroundWhileTheServerGoesOn() throws Exception {
        Path gate = Files.createFile(home.resolve("gate"));
        TextEncoder server = answering(SharedModel.connect(address(), gated(gate, Duration.ofSeconds(3)), neverInProcess(), log));
        ProcessHandle idle = ProcessHandle.of(hostPid()).orElseThrow();
        Files.delete(gate);
        idle.onExit().get();

        assertFalse(server.available(), "the host ended and its restart is held back");
        Files.createFile(gate);
        assertArrayEquals(inProcess.query("money cents"), answering(server).query("money cents"));
        assertNotEquals(idle.pid(), hostPid());
    }

    @Test
    void aServerThatCannotStartTheHostUsesAModelOfItsOwn() throws Exception {
        TextEncoder encoder = SharedModel.connect(address(),
                new HostStart(List.of(home.resolve("no-such-java").toString())), E5Like::new, log);
        assertArrayEquals(new float[EmbeddingModel.CURRENT.dimensions()], answering(encoder).query("anything"));
        assertTrue(said.toString().contains("the shared model could not be started"), said.toString());
    }

    @Test
    void aCrashedHostLeavingItsSocketBehindIsStartedAgain() throws Exception {
        TextEncoder server = answering(SharedModel.connect(address(), host(Duration.ofMinutes(1)), neverInProcess(), log));
        ProcessHandle crashed = ProcessHandle.of(hostPid()).orElseThrow();
        crashed.destroyForcibly();
        crashed.onExit().get();
        assertTrue(Files.exists(address().socket()), "a killed host leaves a stale socket file");

        assertArrayEquals(inProcess.query("why PostgreSQL"), server.query("why PostgreSQL"));
        assertNotEquals(crashed.pid(), hostPid());
    }

    @Test
    void aHostUnaskedForItsIdleTimeEndsAndIsStartedAgainWhenAsked() throws Exception {
        TextEncoder server = answering(SharedModel.connect(address(), host(Duration.ofSeconds(3)), neverInProcess(), log));
        ProcessHandle idle = ProcessHandle.of(hostPid()).orElseThrow();
        idle.onExit().get();
        assertFalse(Files.exists(address().socket()));
        assertArrayEquals(inProcess.query("money cents"), server.query("money cents"));
    }

    @Test
    void aRequestOfAnotherBuildIsRefused() throws Exception {
        answering(SharedModel.connect(address(), host(Duration.ofMinutes(1)), neverInProcess(), log));
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(address().socket()));
            var out = new DataOutputStream(Channels.newOutputStream(channel));
            out.writeInt(ModelWire.VERSION);
            ModelWire.writeText(out, ModelAddress.of(home, "another build").key());
            out.writeByte(ModelWire.QUERY);
            ModelWire.writeText(out, "anything");
            out.flush();
            var in = new DataInputStream(Channels.newInputStream(channel));
            assertEquals(ModelWire.REFUSED, in.readByte());
            assertTrue(ModelWire.readText(in).contains("build another build"));
        }
    }

    /** The model hosts this test started that still run (a host stays this JVM's child: setsid does not reparent). */
    private static List<Long> hosts() {
        return ProcessHandle.current().children().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).toList();
    }

    private long hostPid() throws Exception {
        return Long.parseLong(Files.readString(address().pid()).trim());
    }

    /** Stands for the in-process model where only which one answered matters. */
    private static final class E5Like implements TextEncoder {
        @Override
        public String model() {
            return EmbeddingModel.CURRENT.id();
        }

        @Override
        public float[] query(String text) {
            return new float[EmbeddingModel.CURRENT.dimensions()];
        }

        @Override
        public List<float[][]> passages(List<ItemText> items) {
            return items.stream().map(item -> new float[][] {new float[EmbeddingModel.CURRENT.dimensions()]}).toList();
        }
    }
}
