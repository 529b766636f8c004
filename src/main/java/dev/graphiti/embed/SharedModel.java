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
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The model as a server asks it of the machine's shared host ({@link ModelHost}): one exchange a connection on the
 * host's socket, the vectors the in-process model's to the bit. A host that is not there (never started, ended
 * idle, crashed) is started in the background: {@link #available()} says no meanwhile, so searches and prompts
 * answer by words at once instead of waiting for a JVM start. A host that cannot be started, does not answer within
 * {@link #START_LIMIT} or refuses (another build) makes this server load the model in its own process, so search
 * by meaning never depends on the host.
 */
public final class SharedModel implements TextEncoder, AutoCloseable {

    /**
     * How long a started host may take to load the model and answer (a JVM start and about a second of loading;
     * 5 s at load 30 here). Nobody waits for it but the background embedding, so it is generous.
     */
    static final Duration START_LIMIT = Duration.ofSeconds(60);

    private final ModelAddress address;
    private final HostStart start;
    private final Supplier<TextEncoder> local;
    private final PrintStream log;
    /** The model of this process, once the host failed it: asked from then on. */
    private volatile TextEncoder own;
    private final Object ownLoad = new Object();
    private Thread starting;
    private volatile boolean closed;

    SharedModel(ModelAddress address, HostStart start, Supplier<TextEncoder> local, PrintStream log) {
        this.address = address;
        this.start = start;
        this.local = local;
        this.log = log;
    }

    /**
     * The shared model, its host started in the background when it does not answer (the loader of a server's
     * background embedding: it returns at once); the in-process model from {@code local} when no host can serve this
     * server's socket path.
     */
    public static TextEncoder connect(ModelAddress address, HostStart start, Supplier<TextEncoder> local, PrintStream log) {
        if (!address.fits()) {
            log.println("graphiti: the shared model is off for this server: " + address.socket()
                    + " is longer than a socket path may be; it loads a model of its own");
            return local.get();
        }
        SharedModel shared = new SharedModel(address, start, local, log);
        shared.available();
        return shared;
    }

    /** Whether a request is answered now; when the host does not answer, it is (re)started in the background. */
    @Override
    public boolean available() {
        if (own != null || connects()) {
            return true;
        }
        startInBackground();
        return false;
    }

    @Override
    public String model() {
        return EmbeddingModel.CURRENT.id();
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

    /**
     * Asks the host. One that is gone (it ended between {@link #available()} and this request, or is starting) is
     * waited for once; when it fails again, the in-process model answers from then on.
     */
    private <T> T ask(Request request, Answer<T> answer, Function<TextEncoder, T> inProcess) {
        for (int attempt = 0; ; attempt++) {
            TextEncoder mine = own;
            if (mine != null) {
                return inProcess.apply(mine);
            }
            try {
                return exchange(request, answer);
            } catch (IOException gone) {
                if (attempt > 0 || gone instanceof Refused) {
                    log.println("graphiti: the shared model did not answer (" + gone.getMessage()
                            + "); using a model of this process");
                    if (!ownModel()) {
                        throw new IllegalStateException("the shared model is closed");
                    }
                } else {
                    awaitStart();
                }
            }
        }
    }

    /** A host of another build (or wire) at this socket: it will never answer this server. */
    private static final class Refused extends IOException {
        Refused(String why) {
            super("refused: " + why);
        }
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
                throw new Refused(why);
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

    /** Starts the host on a thread of its own unless a start is under way; the callers go on without it. */
    private synchronized Thread startInBackground() {
        if (starting == null || !starting.isAlive()) {
            starting = new Thread(this::startHost, "graphiti-model-start");
            starting.setDaemon(true);
            starting.start();
        }
        return starting;
    }

    /** Waits for the start under way (or one begun now) to end: the host answers, or this process has its own model. */
    private void awaitStart() {
        try {
            startInBackground().join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the shared model starts");
        }
    }

    /** Starts the host and waits until it answers; when it does not, loads the model of this process instead. */
    private void startHost() {
        if (connects() || isClosed()) {
            return;
        }
        Path hostLog = address.socket().resolveSibling(address.socket().getFileName().toString().replace(".sock", ".log"));
        if (start.start(hostLog)) {
            long deadline = System.nanoTime() + START_LIMIT.toNanos();
            while (System.nanoTime() < deadline && !isClosed()) {
                if (connects()) {
                    return;
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
            log.println("graphiti: the shared model did not start within " + START_LIMIT.toSeconds()
                    + " s (see " + hostLog + "); using a model of this process");
        } else {
            log.println("graphiti: the shared model could not be started (" + String.join(" ", start.command())
                    + "); using a model of this process");
        }
        ownModel();
    }

    /** Loads the model of this process (once); false when this is closed. */
    private boolean ownModel() {
        // Not this object's lock: available() must not wait for a load.
        synchronized (ownLoad) {
            if (own == null && !closed) {
                own = local.get();
            }
            return own != null;
        }
    }

    private boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        TextEncoder mine;
        synchronized (ownLoad) {
            closed = true;
            mine = own;
        }
        if (mine instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // closing down
            }
        }
    }
}
