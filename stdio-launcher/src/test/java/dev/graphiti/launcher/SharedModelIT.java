package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33: two agent sessions' stdio servers (the packaged jar, the Java SDK's client) of one user search by
 * meaning through one model: the first server to need vectors starts the shared model host, the second asks the
 * same host instead of loading e5 itself.
 */
class SharedModelIT {

    /** The build's tests run with the host off (the parent pom); these servers turn it on, as a user's are. */
    private static final Map<String, String> SHARED = Map.of("GRAPHITI_SHARED_MODEL", "on");

    @TempDir
    Path dir;

    @Test
    void aSecondSessionsServerIsAnsweredByTheModelTheFirstStarted() throws Exception {
        Path base = dir.toRealPath();
        Path home = Files.createDirectories(base.resolve("home"));
        Path first = FileAccessIT.repository(base.resolve("first"));
        Path second = FileAccessIT.repository(base.resolve("second"));
        try (McpSyncClient one = FileAccessIT.stdio(first, home, SHARED)) {
            searchedByMeaning(one, "Releases go out with scripts/deploy.sh, which rolls the production cluster.",
                    "how do we ship to prod");
            long host = hostPid(home);
            try (McpSyncClient two = FileAccessIT.stdio(second, home, SHARED)) {
                searchedByMeaning(two, "We moved from MySQL to PostgreSQL 16 for JSONB support.", "which database do we use");
                assertEquals(host, hostPid(home), "the second server asked the first one's host");
                assertEquals(List.of(host), hosts(home), "one model host for both sessions");
            }
        } finally {
            hosts(home).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy));
        }
    }

    /**
     * Issue 33: a session's search after the host ended (its socket gone, as at its idle end) is answered by words at
     * once, not after the host's restart, and by meaning again once the restarted host answers.
     */
    @Test
    void aSearchAfterTheHostEndedIsAnsweredByWordsAtOnceAndByMeaningOnceTheHostIsBack() throws Exception {
        Path base = dir.toRealPath();
        Path home = Files.createDirectories(base.resolve("home"));
        Path project = FileAccessIT.repository(base.resolve("project"));
        try (McpSyncClient client = FileAccessIT.stdio(project, home, SHARED)) {
            searchedByMeaning(client, "Releases go out with scripts/deploy.sh, which rolls the production cluster.",
                    "how do we ship to prod");
            long ended = hostPid(home);
            try (Stream<Path> files = Files.list(home.resolve("run"))) {
                for (Path socket : files.filter(f -> f.getFileName().toString().endsWith(".sock")).toList()) {
                    Files.delete(socket);
                }
            }
            ProcessHandle.of(ended).ifPresent(host -> host.onExit().join());

            String answer = FileAccessIT.text(client.callTool(FileAccessIT.call("graphiti_search",
                    Map.of("query", "how do we ship to prod"))));
            assertTrue(answer.contains("semantic_why") && answer.contains("deploy.sh"),
                    "answered by words while the host starts again: " + answer);
            searchedByMeaning(client, "We moved from MySQL to PostgreSQL 16 for JSONB support.", "which database do we use");
            assertTrue(hostPid(home) != ended, "a new host answers");
        } finally {
            hosts(home).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy));
        }
    }

    /** Adds {@code item}, then searches {@code query} until the answer is ranked by meaning too (2 minutes at most). */
    private static void searchedByMeaning(McpSyncClient client, String item, String query) throws Exception {
        var added = client.callTool(FileAccessIT.call("graphiti_add", Map.of("content", item)));
        assertTrue(!Boolean.TRUE.equals(added.isError()), FileAccessIT.text(added));
        long deadline = System.nanoTime() + 120_000_000_000L;
        String answer = "";
        while (System.nanoTime() < deadline) {
            answer = FileAccessIT.text(client.callTool(FileAccessIT.call("graphiti_search", Map.of("query", query))));
            // A hit found by meaning says so (matched: semantic or both); words-only answers say why (semantic_why).
            if (!answer.contains("semantic_why") && (answer.contains("semantic") || answer.contains("both"))) {
                return;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("not searched by meaning within 2 minutes: " + answer);
    }

    private static long hostPid(Path home) throws Exception {
        Path run = home.resolve("run");
        try (Stream<Path> files = Files.isDirectory(run) ? Files.list(run) : Stream.empty()) {
            List<Path> pids = files.filter(f -> f.getFileName().toString().endsWith(".pid")).toList();
            assertEquals(1, pids.size(), "no shared model host: " + run + " holds " + pids);
            return Long.parseLong(Files.readString(pids.get(0)).trim());
        }
    }

    /** The model hosts running for this home. */
    private static List<Long> hosts(Path home) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
                        .filter(line -> line.contains("ModelHost") && line.contains(home.toString())).isPresent())
                .map(ProcessHandle::pid).toList();
    }
}
