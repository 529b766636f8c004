package dev.graphiti.explorer;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Assumptions;

/** Debian's headless Chromium (GRAPHITI_CHROMIUM) for the page tests, and stopping what a test started. */
final class Chromium {

    private Chromium() {
    }

    /** The browser GRAPHITI_CHROMIUM names; without one, {@code test} is skipped with how to get it. */
    static String required(String test) {
        String chromium = System.getenv("GRAPHITI_CHROMIUM");
        Assumptions.assumeTrue(chromium != null && !chromium.isBlank(), test + " skipped: GRAPHITI_CHROMIUM is not set;"
                + " scripts/test installs Debian's chromium under .cache (scripts/install-chromium) and sets it");
        return chromium;
    }

    /** Where the page tests put their screenshots. */
    static Path screenshots() throws IOException {
        return Files.createDirectories(Path.of("target", "explorer-screenshots"));
    }

    /** Starts Chromium with its profile and log under {@code tmp} (added to {@code started}) and drives its first page. */
    static DevTools start(String chromium, Path tmp, List<Process> started) throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Process browser = new ProcessBuilder(chromium, "--headless", "--disable-gpu", "--no-sandbox",
                "--remote-debugging-port=" + port, "--remote-allow-origins=*", "--user-data-dir=" + tmp.resolve("chromium"),
                // an MCP App's sandboxed frame stays in the page's process, where DevTools evaluates in it
                "--disable-features=IsolateSandboxedIframes", "--disable-site-isolation-trials",
                "--window-size=1100,800", "--hide-scrollbars", "about:blank")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("chromium.log").toFile()).start();
        started.add(browser);
        return DevTools.connect(port);
    }

    /**
     * Stops what the test started and waits for it, children too: Chromium's renderer and helper processes outlive
     * its main process for a moment and still write into the profile under the temp dir JUnit is about to delete.
     */
    static void stop(List<Process> started) throws Exception {
        for (Process process : started) {
            List<ProcessHandle> children = process.descendants().toList();
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            for (ProcessHandle child : children) {
                child.destroy();
                try {
                    child.onExit().get(10, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    child.destroyForcibly();
                }
            }
        }
    }
}
