package dev.graphiti.embed;

import dev.graphiti.graph.CosineScale;
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
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * The model as a server asks it of the machine's shared host ({@link ModelHost}): one exchange a connection on the
 * host's socket, the vectors the in-process model's to the bit. A host that is not there (never started, ended
 * idle, crashed) is started and waited for; a server that cannot reach or start one, or is refused by it (another
 * build), loads the model in-process, so search by meaning never depends on the host.
 */
public final class SharedModel implements TextEncoder, AutoCloseable {

    /** How long a started host may take to load the model and answer (a JVM start and about a second of loading). */
    static final Duration START_LIMIT = Duration.ofSeconds(20);
    /** A host that would not start is not started again sooner: each try costs a JVM start. */
    static final Duration RESTART_PAUSE = Duration.ofSeconds(60);

    private final ModelAddress address;
    private final HostStart start;
    private final Supplier<TextEncoder> local;
    private final PrintStream log;
    private long lastFailedStart = System.nanoTime() - RESTART_PAUSE.toNanos();
    private boolean refused;
    private TextEncoder fallback;

    SharedModel(ModelAddress address, HostStart start, Supplier<TextEncoder> local, PrintStream log) {
        this.address = address;
        this.start = start;
        this.local = local;
        this.log = log;
    }

    /**
     * The shared model when its host answers (started now if need be), else the in-process model from {@code local}:
     * the loader of a server's background embedding.
     */
    public static TextEncoder connect(ModelAddress address, HostStart start, Supplier<TextEncoder> local, PrintStream log) {
        if (!address.fits()) {
            log.println("graphiti: the shared model is off for this server: " + address.socket()
                    + " is longer than a socket path may be; it loads a model of its own");
            return local.get();
        }
        SharedModel shared = new SharedModel(address, start, local, log);
        return shared.reachable() ? shared : local.get();
    }

    /** Whether the host answers, starting it when it does not. */
    synchronized boolean reachable() {
        if (connects()) {
            return true;
        }
        return startHost();
    }

    @Override
    public String model() {
        return E5Encoder.MODEL_ID;
    }

    @Override
    public CosineScale scale() {
        return EmbeddingModel.CURRENT.scale();
    }

    @Override
    public float[] query(String text) {
        return ask(out -> {
            out.writeByte(ModelWire.QUERY);
            ModelWire.writeText(out, text);
        }, ModelWire::readVector, encoder -> encoder.query(text));
    }

    @Override
    public List<float[][]> passages(List<ItemText> items) {
        return ask(out -> {
            out.writeByte(ModelWire.PASSAGES);
            ModelWire.writeItems(out, items);
        }, ModelWire::readPassages, encoder -> encoder.passages(items));
    }

    private interface Request {
        void write(DataOutputStream out) throws IOException;
    }

    private interface Answer<T> {
        T read(DataInputStream in) throws IOException;
    }

    /** Asks the host; a host gone is started once again, and the in-process model answers when that fails too. */
    private <T> T ask(Request request, Answer<T> answer, java.util.function.Function<TextEncoder, T> inProcess) {
        if (!refusedHere()) {
            try {
                return exchange(request, answer);
            } catch (IOException gone) {
                if (startHost()) {
                    try {
                        return exchange(request, answer);
                    } catch (IOException again) {
                        log.println("graphiti: the shared model did not answer (" + again.getMessage()
                                + "); using a model of this process");
                    }
                }
            }
        }
        return inProcess.apply(fallback());
    }

    private <T> T exchange(Request request, Answer<T> answer) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(address.socket()));
            var out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel)));
            out.writeInt(ModelWire.VERSION);
            ModelWire.writeText(out, address.key());
            request.write(out);
            out.flush();
            var in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel)));
            byte status = in.readByte();
            if (status == ModelWire.OK) {
                return answer.read(in);
            }
            String why = ModelWire.readText(in);
            if (status == ModelWire.REFUSED) {
                synchronized (this) {
                    refused = true;
                }
                throw new IOException("refused: " + why);
            }
            throw new IllegalStateException("the embedding model failed: " + why);
        }
    }

    private boolean connects() {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(address.socket()));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Starts the host (unless a start failed a moment ago) and waits until it answers. */
    private synchronized boolean startHost() {
        if (connects()) {
            return true;
        }
        if (refused || System.nanoTime() - lastFailedStart < RESTART_PAUSE.toNanos()) {
            return false;
        }
        Path hostLog = address.socket().resolveSibling(address.socket().getFileName().toString().replace(".sock", ".log"));
        if (start.start(hostLog)) {
            long deadline = System.nanoTime() + START_LIMIT.toNanos();
            while (System.nanoTime() < deadline) {
                if (connects()) {
                    return true;
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            log.println("graphiti: the shared model did not start within " + START_LIMIT.toSeconds()
                    + " s (see " + hostLog + "); using a model of this process");
        } else {
            log.println("graphiti: the shared model could not be started (" + String.join(" ", start.command())
                    + "); using a model of this process");
        }
        lastFailedStart = System.nanoTime();
        return false;
    }

    private synchronized boolean refusedHere() {
        return refused;
    }

    private synchronized TextEncoder fallback() {
        if (fallback == null) {
            fallback = local.get();
        }
        return fallback;
    }

    @Override
    public synchronized void close() {
        if (fallback instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // closing down
            }
        }
    }
}
