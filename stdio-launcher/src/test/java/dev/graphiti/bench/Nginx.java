package dev.graphiti.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A real round-robin proxy in front of server processes: Debian's nginx, unpacked under .cache/nginx by
 * scripts/install-nginx (which scripts/test runs and names in GRAPHITI_NGINX). Plain round robin with no affinity
 * (what the 2026-07-28 stateless protocol allows), a failed connection passed on to the next server (nginx's
 * default {@code proxy_next_upstream error timeout}: a POST already sent is never sent twice, the client gets 502),
 * and a server that failed once left out for 10 s. One process ({@code master_process off}), so it never drops
 * privileges and runs the same as root or not; its access log names the server that answered each request.
 */
public final class Nginx implements AutoCloseable {

    private final Process process;
    private final Path directory;
    private final int port;

    private Nginx(Process process, Path directory, int port) {
        this.process = process;
        this.directory = directory;
        this.port = port;
    }

    /** The directory holding nginx: GRAPHITI_NGINX, else .cache/nginx/bin above the working directory. */
    public static Optional<Path> binaries() {
        String set = System.getenv("GRAPHITI_NGINX");
        if (set != null && !set.isBlank()) {
            return Optional.of(Path.of(set));
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path bin = dir.resolve(".cache/nginx/bin");
            if (Files.isExecutable(bin.resolve("nginx"))) {
                return Optional.of(bin);
            }
        }
        return Optional.empty();
    }

    /** Starts nginx on a free loopback port in {@code directory} (its config, logs and temp files) before {@code servers}. */
    public static Nginx start(Path bin, Path directory, List<URI> servers) throws IOException, InterruptedException {
        Files.createDirectories(directory.resolve("logs"));
        int port;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        String upstream = servers.stream()
                .map(server -> "    server " + server.getHost() + ":" + server.getPort() + " max_fails=1 fail_timeout=10s;")
                .collect(Collectors.joining("\n"));
        Path config = Files.writeString(directory.resolve("nginx.conf"), """
                daemon off;
                master_process off;
                pid %1$s/nginx.pid;
                error_log %1$s/logs/error.log warn;
                events { worker_connections 1024; }
                http {
                  log_format upstream '$upstream_addr $status';
                  access_log %1$s/logs/access.log upstream;
                  client_body_temp_path %1$s/body;
                  proxy_temp_path %1$s/proxy;
                  fastcgi_temp_path %1$s/fastcgi;
                  uwsgi_temp_path %1$s/uwsgi;
                  scgi_temp_path %1$s/scgi;
                  upstream graphiti {
                %2$s
                    keepalive 32;
                  }
                  server {
                    listen 127.0.0.1:%3$d;
                    location / {
                      proxy_pass http://graphiti;
                      proxy_http_version 1.1;
                      proxy_set_header Connection "";
                      proxy_set_header Host $http_host;
                      proxy_buffering off;
                      proxy_connect_timeout 2s;
                      proxy_read_timeout 120s;
                    }
                  }
                }
                """.formatted(directory, upstream, port), StandardCharsets.UTF_8);
        Process process = new ProcessBuilder(bin.resolve("nginx").toString(), "-p", directory.toString(), "-c", config.toString(),
                "-e", directory.resolve("logs/error.log").toString())
                .redirectErrorStream(true).redirectOutput(directory.resolve("logs/console.log").toFile()).start();
        var nginx = new Nginx(process, directory, port);
        nginx.awaitListening(Duration.ofSeconds(30));
        return nginx;
    }

    public URI endpoint(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** Requests answered per server so far ("127.0.0.1:port", or a list when nginx tried several), from the access log. */
    public Map<String, Integer> answeredBy() throws IOException {
        Map<String, Integer> counts = new HashMap<>();
        for (String line : Files.readAllLines(directory.resolve("logs/access.log"))) {
            String server = line.substring(0, Math.max(0, line.lastIndexOf(' ')));
            counts.merge(server, 1, Integer::sum);
        }
        return counts;
    }

    private void awaitListening(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("nginx exited: " + Files.readString(directory.resolve("logs/console.log"))
                        + Files.readString(directory.resolve("logs/error.log")));
            }
            try (var ignored = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException e) {
                TimeUnit.MILLISECONDS.sleep(50);
            }
        }
        close();
        throw new IllegalStateException("nginx did not listen within " + timeout);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
