package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class BackgroundCaptureTest {

    @Test
    void theDetachedCaptureSharesTheHooksArchiveAndShortRunOptionsOnly() {
        List<String> hook = List.of("-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmn256m", "-XX:ArchiveClassesAtExit=/tmp/a.jsa",
                "-XX:SharedArchiveFile=/home/u/.graphiti/cache/graphiti-1.jsa", "-Xlog:disable",
                "-Xlog:all=warning:stderr", "-Dsecret=1", "-jar", "/opt/graphiti.jar", "capture", "--async",
                "-Xmn1g");
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmn256m",
                "-XX:SharedArchiveFile=/home/u/.graphiti/cache/graphiti-1.jsa", "-Xlog:disable",
                "-Xlog:all=warning:stderr"), BackgroundCapture.passedOn(hook));
    }

    @Test
    void aPlainJavaJarHasNothingToPassOn() {
        assertEquals(List.of(), BackgroundCapture.passedOn(List.of("-jar", "/opt/graphiti.jar", "capture")));
        assertEquals(List.of(), BackgroundCapture.passedOn(List.of()));
    }
}
