package dev.graphiti.store.postgres;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real PostgreSQL 15 for the tests: Debian's, unpacked under .cache/postgresql by scripts/install-postgresql (which
 * scripts/test runs and names in GRAPHITI_POSTGRES). initdb into a temporary directory, started on a free loopback
 * port with no Unix socket, stopped (and its directory removed) when the test JVM's root extension context closes.
 * One server per test JVM ({@link Fixture}); each caller gets a database of its own ({@link #newDatabase}). PostgreSQL refuses to
 * run as root, so as root it runs as nobody. A watchdog stops it should the JVM die without closing it.
 * Skipped (an assumption) when no binaries are found; scripts/test makes that a failure on CI.
 */
public final class PostgresServer implements AutoCloseable {

    private static final String USER = "graphiti";
    private static final int NOBODY = 65534;
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private final Path bin;
    private final Path directory;
    private final int port;
    private final Process process;
    private final boolean kept;

    private PostgresServer(Path bin, Path directory, int port, Process process, boolean kept) {
        this.bin = bin;
        this.directory = directory;
        this.port = port;
        this.process = process;
        this.kept = kept;
    }

    /** The server of this test JVM, started on first use. */
    public static PostgresServer shared(ExtensionContext context) {
        Path bin = binaries().orElse(null);
        Assumptions.assumeTrue(bin != null, "PostgreSQL tests skipped: GRAPHITI_POSTGRES is not set and .cache/postgresql"
                + " has no server; scripts/test installs Debian's postgresql-15 there (scripts/install-postgresql)");
        return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(PostgresServer.class, key -> start(bin), PostgresServer.class);
    }

    /**
     * For a test class: {@code @RegisterExtension static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();}
     * then {@code POSTGRES.server()} in its tests.
     */
    public static final class Fixture implements BeforeAllCallback {

        private PostgresServer server;

        @Override
        public void beforeAll(ExtensionContext context) {
            server = shared(context);
        }

        public PostgresServer server() {
            return server;
        }
    }

    /** The directory of initdb, pg_ctl and postgres: GRAPHITI_POSTGRES, else .cache/postgresql/bin above here. */
    public static Optional<Path> binaries() {
        String set = System.getenv("GRAPHITI_POSTGRES");
        if (set != null && !set.isBlank()) {
            return Optional.of(Path.of(set));
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path bin = dir.resolve(".cache/postgresql/bin");
            if (Files.isExecutable(bin.resolve("postgres"))) {
                return Optional.of(bin);
            }
        }
        return Optional.empty();
    }

    /** A server of its own in a temporary directory, removed when it is closed (a test JVM's, or a benchmark's). */
    public static PostgresServer start(Path bin) {
        try {
            return start(bin, Files.createTempDirectory("graphiti-postgres"), false, "");
        } catch (IOException e) {
            throw new IllegalStateException("cannot start PostgreSQL from " + bin + ": " + e.getMessage(), e);
        }
    }

    /**
     * A server on a data directory kept between runs (a benchmark's generated graph): made by initdb when absent,
     * left in place when stopped; {@code options} are more server settings ({@code -c name=value ...}).
     */
    public static PostgresServer kept(Path bin, Path directory, String options) {
        return start(bin, directory, true, options);
    }

    private static PostgresServer start(Path bin, Path directory, boolean kept, String extraOptions) {
        try {
            Files.createDirectories(directory);
            Path data = directory.resolve("data");
            runAsServerUser(directory);
            if (!Files.exists(data.resolve("PG_VERSION"))) {
                run(bin, directory, List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", USER,
                        "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"));
            }
            int port = freePort();
            String options = "-p " + port + " -c listen_addresses=127.0.0.1 -c unix_socket_directories=''"
                    + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c jit=off -c max_connections=300 "
                    + extraOptions;
            // The watchdog stops the server (fast shutdown) once this JVM is gone, however it ended.
            String script = "\"$1\" -D \"$2\" " + options + " & server=$!; "
                    + "while [ -d /proc/$3 ] && kill -0 $server 2>/dev/null; do sleep 1; done; "
                    + "kill -INT $server 2>/dev/null; wait $server";
            Process process = command(List.of("bash", "-c", script, "postgres", bin.resolve("postgres").toString(),
                    data.toString(), Long.toString(ProcessHandle.current().pid())))
                    .redirectErrorStream(true).redirectOutput(directory.resolve("server.log").toFile()).start();
            PostgresServer server = new PostgresServer(bin, directory, port, process, kept);
            server.awaitReady(Duration.ofSeconds(60));
            return server;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start PostgreSQL from " + bin + ": " + e.getMessage(), e);
        }
    }

    /**
     * The server's CPU time so far: the postmaster's, its ended children's and its live children's (backends come and
     * go), for a benchmark's figures beside the JVM's; 0 where /proc cannot tell.
     */
    public long cpuNanos() {
        try {
            long postmaster = Long.parseLong(Files.readAllLines(directory.resolve("data/postmaster.pid")).get(0).strip());
            long ticks = ticks(postmaster, true);
            try (var processes = Files.list(Path.of("/proc"))) {
                for (Path process : processes.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                    try {
                        String[] stat = stat(process);
                        if (Long.parseLong(stat[1]) == postmaster) {
                            ticks += Long.parseLong(stat[11]) + Long.parseLong(stat[12]);
                        }
                    } catch (IOException | RuntimeException gone) {
                        // ended meanwhile
                    }
                }
            }
            return ticks * 10_000_000L; // USER_HZ is 100
        } catch (IOException e) {
            return 0;
        }
    }

    private static long ticks(long pid, boolean children) throws IOException {
        String[] stat = stat(Path.of("/proc/" + pid));
        long ticks = Long.parseLong(stat[11]) + Long.parseLong(stat[12]);
        return children ? ticks + Long.parseLong(stat[13]) + Long.parseLong(stat[14]) : ticks;
    }

    /** /proc/PID/stat's fields after the command name: [0] is the state, [1] the parent, [11..14] the times. */
    private static String[] stat(Path process) throws IOException {
        String line = Files.readString(process.resolve("stat"));
        return line.substring(line.lastIndexOf(')') + 2).split(" ");
    }

    /** A new, empty database on this server; its JDBC URL. */
    public String newDatabase() {
        String name = "test_" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
        try (Connection connection = connect("postgres"); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
        }
        return url(name);
    }

    public String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=" + USER;
    }

    public Path directory() {
        return directory;
    }

    public int port() {
        return port;
    }

    public String user() {
        return USER;
    }

    public Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(url(database));
    }

    private void awaitReady(Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        SQLException last = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("PostgreSQL exited at start: " + log());
            }
            try (Connection ignored = connect("postgres")) {
                return;
            } catch (SQLException e) {
                last = e;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        close();
        throw new IllegalStateException("PostgreSQL did not accept connections within " + timeout + " ("
                + (last == null ? "" : last.getMessage()) + "): " + log());
    }

    private String log() throws IOException {
        Path log = directory.resolve("server.log");
        return Files.exists(log) ? Files.readString(log) : "(no log)";
    }

    /** Fast shutdown (open connections are ended), then the data directory goes unless it is kept. */
    @Override
    public void close() {
        try {
            run(bin, directory, List.of(bin.resolve("pg_ctl").toString(), "-D", directory.resolve("data").toString(),
                    "-m", "fast", "-w", "-t", "30", "stop"));
        } catch (RuntimeException | IOException e) {
            process.destroyForcibly();
        }
        try {
            process.waitFor(30, TimeUnit.SECONDS);
            if (kept) {
                return;
            }
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            // a leftover temporary directory
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void run(Path bin, Path directory, List<String> argv) throws IOException {
        Path log = directory.resolve("command.log");
        Process process = command(argv).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException(argv.get(0) + " failed: " + Files.readString(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + argv.get(0), e);
        }
    }

    /** PostgreSQL refuses root: as root, the server's files belong to nobody and its processes run as nobody. */
    private static ProcessBuilder command(List<String> argv) {
        List<String> full = new ArrayList<>();
        if (isRoot()) {
            full.addAll(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups"));
        }
        full.addAll(argv);
        return new ProcessBuilder(full);
    }

    private static void runAsServerUser(Path directory) throws IOException {
        if (isRoot()) {
            Files.setAttribute(directory, "unix:uid", NOBODY);
            Files.setAttribute(directory, "unix:gid", NOBODY);
        }
    }

    private static boolean isRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
