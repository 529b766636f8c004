package dev.graphiti.embed;

import dev.graphiti.graph.TextEncoder;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The one embedding model of a machine's servers (of one build): a small process that loads e5 once and answers the
 * servers' requests on a Unix socket only its user can reach, and ends when no server has asked for a while. The
 * first server that wants vectors starts it ({@link SharedModel}); a second one starting meanwhile finds the lock
 * taken and leaves. Texts come already redacted (items are redacted when written; queries are the user's own
 * words) and are neither kept nor logged here.
 */
public final class ModelHost {

    private final ModelAddress address;
    private final Supplier<TextEncoder> loader;
    private final Duration idle;
    private final PrintStream log;
    private final AtomicInteger running = new AtomicInteger();
    private volatile long lastAsked = System.nanoTime();
    private volatile TextEncoder encoder;

    ModelHost(ModelAddress address, Supplier<TextEncoder> loader, Duration idle, PrintStream log) {
        this.address = address;
        this.loader = loader;
        this.idle = idle;
        this.log = log;
    }

    /** {@code ModelHost <graphiti home> <build> <idle seconds>}: what {@link HostStart} runs. */
    public static void main(String[] args) throws IOException {
        ModelAddress address = ModelAddress.of(Path.of(args[0]), args[1]);
        new ModelHost(address, () -> E5Encoder.load(), Duration.ofSeconds(Long.parseLong(args[2])), System.err).serve();
        System.exit(0);
    }

    /** Serves until idle; returns at once when another host of this address holds the lock. */
    void serve() throws IOException {
        Files.createDirectories(address.run());
        Files.setPosixFilePermissions(address.run(), PosixFilePermissions.fromString("rwx------"));
        try (FileChannel lockFile = FileChannel.open(address.lock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = lockFile.tryLock()) {
            if (lock == null) {
                return;
            }
            // Holding the lock, any socket file is a dead host's.
            Files.deleteIfExists(address.socket());
            Files.writeString(address.pid(), Long.toString(ProcessHandle.current().pid()));
            try {
                encoder = loader.get();
                try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
                    server.bind(UnixDomainSocketAddress.of(address.socket()));
                    Files.setPosixFilePermissions(address.socket(), PosixFilePermissions.fromString("rw-------"));
                    watchIdle(server);
                    accept(server);
                }
            } finally {
                Files.deleteIfExists(address.socket());
                Files.deleteIfExists(address.pid());
                if (encoder instanceof AutoCloseable closeable) {
                    closeable.close();
                }
            }
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    private void accept(ServerSocketChannel server) throws IOException {
        while (true) {
            SocketChannel client;
            try {
                client = server.accept();
            } catch (ClosedChannelException e) {
                return;
            }
            running.incrementAndGet();
            lastAsked = System.nanoTime();
            Thread answer = new Thread(() -> answer(client), "graphiti-model-answer");
            answer.setDaemon(true);
            answer.start();
        }
    }

    private void watchIdle(ServerSocketChannel server) {
        Thread watch = new Thread(() -> {
            try {
                while (server.isOpen()) {
                    Thread.sleep(Math.min(1_000, Math.max(10, idle.toMillis() / 4)));
                    // A socket removed under it (its home deleted, a user's rm) leaves a host no server can reach.
                    boolean unreachable = !Files.exists(address.socket());
                    if (unreachable || running.get() == 0 && System.nanoTime() - lastAsked > idle.toNanos()) {
                        // The socket goes first, so a server that connects from now on starts a new host.
                        Files.deleteIfExists(address.socket());
                        server.close();
                    }
                }
            } catch (InterruptedException | IOException e) {
                log.println("graphiti model host: " + e);
            }
        }, "graphiti-model-idle");
        watch.setDaemon(true);
        watch.start();
    }

    private void answer(SocketChannel client) {
        try (client;
             var in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(client)));
             var out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(client)))) {
            int version = in.readInt();
            String key = ModelWire.readText(in);
            if (version != ModelWire.VERSION || !key.equals(address.key())) {
                out.writeByte(ModelWire.REFUSED);
                ModelWire.writeText(out, "this model host serves " + address.key() + ", not " + key);
                return;
            }
            byte kind = in.readByte();
            try {
                if (kind == ModelWire.QUERY) {
                    float[] vector = encoder.query(ModelWire.readText(in));
                    out.writeByte(ModelWire.OK);
                    ModelWire.writeVector(out, vector);
                } else if (kind == ModelWire.PASSAGES) {
                    var passages = encoder.passages(ModelWire.readItems(in));
                    out.writeByte(ModelWire.OK);
                    ModelWire.writePassages(out, passages);
                } else {
                    out.writeByte(ModelWire.REFUSED);
                    ModelWire.writeText(out, "unknown request " + kind);
                }
            } catch (RuntimeException e) {
                out.writeByte(ModelWire.FAILED);
                ModelWire.writeText(out, String.valueOf(e.getMessage()));
            }
        } catch (IOException e) {
            // the server asking went away: nothing to answer
        } finally {
            lastAsked = System.nanoTime();
            running.decrementAndGet();
        }
    }
}
