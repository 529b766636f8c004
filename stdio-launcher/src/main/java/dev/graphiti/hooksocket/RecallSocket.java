package dev.graphiti.hooksocket;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * The stdio server's answer to the prompt hook (see the package): binds the project's socket (see
 * {@link ProjectSocket}) when no live server
 * holds it (a stale one, left by a server that crashed, is replaced), answers until closed, then removes it. A
 * second session of the same project finds the socket held and checks every few seconds, taking it over when the
 * first session ends. Only the owner's processes reach it: the directory is 0700, the socket 0600, and the peer's
 * user is checked where the OS tells it.
 */
public final class RecallSocket implements AutoCloseable {

    static final long WATCH_SECONDS = 5;
    /** A connection that has not sent its request and read the answer by then is closed. */
    static final long EXCHANGE_SECONDS = 10;
    /** The socket's preparation waits this long, off the session's start (initialize), which the user waits for. */
    static final long START_MILLIS = 1000;
    private static final int WORKERS = 2;
    private static final int QUEUED = 16;
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private final ProjectSocket place;
    private final Predicate<Path> graphExists;
    private final PromptAnswers answers;
    private final Consumer<String> notices;
    private final ScheduledExecutorService timer;
    private final ThreadPoolExecutor workers;
    private ServerSocketChannel listening;
    private Object fileKey;
    private boolean closed;
    private String lastProblem = "";
    /** Only the timer's thread reads and writes it. */
    private boolean prepared;
    /** This process's user; known once the socket's directory exists. */
    private volatile UserPrincipal me;

    private RecallSocket(ProjectSocket place, Predicate<Path> graphExists, PromptAnswers answers,
                         Consumer<String> notices) {
        this.place = place;
        this.graphExists = graphExists;
        this.answers = answers;
        this.notices = notices;
        this.timer = Executors.newSingleThreadScheduledExecutor(task -> daemon(task, "graphiti-hook-socket-watch"));
        this.workers = new ThreadPoolExecutor(WORKERS, WORKERS, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUED),
                task -> daemon(task, "graphiti-hook-socket"));
    }

    /**
     * Starts answering the prompt hooks of the project holding {@code directory}; when that cannot be (a path too
     * long for a socket, a run directory that is not the user's), says why on {@code notices} and answers nothing:
     * the hook then starts its own JVM, as without a server. Nothing is made in the project until
     * {@code graphExists} says its graph is there (asked with the SQLite file's path; a database's graph may answer
     * true): a server started where nobody keeps a graph (`claude mcp list` checking it) leaves the repository as it
     * found it.
     */
    public static RecallSocket start(Path directory, Predicate<Path> graphExists, PromptAnswers answers,
                                     Consumer<String> notices) {
        Optional<ProjectSocket> place;
        try {
            place = ProjectSocket.of(directory);
        } catch (IOException e) {
            notices.accept("the prompt hook's socket is off: cannot resolve " + directory + " (" + e.getMessage() + ")");
            place = Optional.empty();
        }
        RecallSocket socket = new RecallSocket(place.orElse(new ProjectSocket(directory, directory)), graphExists, answers,
                notices);
        if (place.isEmpty()) {
            socket.close(); // not in a git work tree: no project graph to recall from
            return socket;
        }
        if (!place.get().fits()) {
            notices.accept("the prompt hook's socket is off: " + place.get().file() + " is longer than a socket path may"
                    + " be; the hook starts a JVM instead");
            socket.close();
            return socket;
        }
        socket.timer.scheduleWithFixedDelay(socket::watch, START_MILLIS, WATCH_SECONDS * 1000, TimeUnit.MILLISECONDS);
        return socket;
    }

    /** True while this server holds the project's socket. */
    public synchronized boolean listening() {
        return listening != null;
    }

    /**
     * Takes the socket when it is free or stale, once the first answer is prepared (a hook that finds the socket
     * gets an answer within its timeout); lets it go when another server replaced it.
     */
    private void watch() {
        if (!graphExists.test(place.graph())) {
            return; // nothing to recall yet (a recall would create the graph): look again at the next tick
        }
        if (!prepared) {
            prepared = true;
            answers.prepare();
        }
        synchronized (this) {
            watchHeld();
        }
    }

    private void watchHeld() {
        if (closed) {
            return;
        }
        if (listening != null) {
            if (!ours()) {
                closeQuietly(listening);
                listening = null;
            }
            return;
        }
        try {
            claim();
        } catch (OverlappingFileLockException e) {
            // another server in this JVM is claiming it right now: look again later
        } catch (IOException e) {
            String problem = "the prompt hook's socket " + place.file() + " is not available: " + e.getMessage();
            if (!problem.equals(lastProblem)) {
                notices.accept(problem); // once, not at every retry
            }
            lastProblem = problem;
        }
    }

    private void claim() throws IOException {
        place.keepOutOfGit();
        ownerOnly(place.run());
        try (FileChannel lockFile = FileChannel.open(place.lock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = lockFile.lock()) {
            Path file = place.file();
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                if (answered(file)) {
                    return; // another session's server of this project answers; watch() tries again later
                }
                Files.delete(file);
            }
            ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                server.bind(UnixDomainSocketAddress.of(file));
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
                fileKey = key(file);
            } catch (IOException | RuntimeException e) {
                closeQuietly(server);
                throw e;
            }
            listening = server;
            daemon(() -> accept(server), "graphiti-hook-socket-accept").start();
        }
    }

    private static boolean answered(Path file) {
        try (SocketChannel probe = SocketChannel.open(UnixDomainSocketAddress.of(file))) {
            return true;
        } catch (IOException e) {
            return false; // nobody listens: a socket left by a server that crashed
        }
    }

    private void accept(ServerSocketChannel server) {
        while (true) {
            SocketChannel connection;
            try {
                connection = server.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                notices.accept("the prompt hook's socket stopped: " + e.getMessage());
                return;
            }
            try {
                workers.execute(() -> exchange(connection));
            } catch (RejectedExecutionException busy) {
                closeQuietly(connection); // the hook starts its own JVM instead
            }
        }
    }

    private void exchange(SocketChannel connection) {
        ScheduledFuture<?> deadline = timer.schedule(() -> closeQuietly(connection), EXCHANGE_SECONDS, TimeUnit.SECONDS);
        try (connection) {
            int status = 200;
            byte[] body;
            try {
                sameUser(connection);
                RecallExchange.Request request = RecallExchange.read(connection);
                body = answers.answer(request.hook(), request.body(), request.run());
            } catch (RecallExchange.Refused refused) {
                status = refused.status;
                body = (refused.getMessage() + "\n").getBytes(StandardCharsets.UTF_8);
            } catch (RuntimeException e) {
                status = 500;
                body = new byte[0];
                notices.accept("the prompt hook's socket: " + e);
            }
            RecallExchange.answer(connection, status, body);
            if (status != 200) {
                RecallExchange.drain(connection); // so the refusal is read, not lost to a reset
            }
        } catch (IOException e) {
            // the hook went away or ran out of time; it recalls on its own
        } finally {
            deadline.cancel(false);
        }
    }

    /** The directory's permissions keep other users out; where the OS names the peer, it must be this user too. */
    private void sameUser(SocketChannel connection) throws IOException, RecallExchange.Refused {
        UnixDomainPrincipal peer;
        try {
            peer = connection.getOption(ExtendedSocketOptions.SO_PEERCRED);
        } catch (UnsupportedOperationException e) {
            return;
        }
        if (!peer.user().equals(me)) {
            throw new RecallExchange.Refused(403, "only " + me.getName() + " may ask");
        }
    }

    /** Creates {@code run} readable by its owner only, or makes it so; refuses a directory of another user. */
    private void ownerOnly(Path run) throws IOException {
        Files.createDirectories(run);
        if (me == null) {
            me = whoAmI(run);
        }
        UserPrincipal owner = Files.getOwner(run);
        if (!owner.equals(me)) {
            throw new IOException(run + " belongs to " + owner.getName() + ", not to " + me.getName());
        }
        if (!Files.getPosixFilePermissions(run).equals(OWNER_ONLY)) {
            Files.setPosixFilePermissions(run, OWNER_ONLY);
        }
    }

    /**
     * This process's user as the file system names it: the owner of a file it creates (user.name is "?" for a user
     * the password database does not know, as in many containers; a uid always compares).
     */
    private static UserPrincipal whoAmI(Path directory) throws IOException {
        Path probe = Files.createTempFile(directory, ".whoami", "");
        try {
            return Files.getOwner(probe);
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    private boolean ours() {
        try {
            return Objects.equals(key(place.file()), fileKey);
        } catch (IOException e) {
            return false;
        }
    }

    private static Object key(Path file) throws IOException {
        return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
    }

    /** Stops answering and removes the socket, unless another server has replaced it since. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        timer.shutdownNow();
        workers.shutdownNow();
        if (listening != null) {
            if (ours()) {
                try {
                    Files.deleteIfExists(place.file());
                } catch (IOException e) {
                    // the next server finds it stale and replaces it
                }
            }
            closeQuietly(listening);
            listening = null;
        }
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException ignored) {
            // closing is all that is left to do
        }
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }
}
