package dev.graphiti.launcher;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The process's real standard streams. {@link #capture()} takes the real stdout before anything else can
 * write to it and points System.out at stderr, so no library can corrupt the stdio protocol stream.
 */
public record ProcessStreams(InputStream stdin, OutputStream stdout, PrintStream stderr) {

    /** Call first thing in main: from here on only the returned stdout reaches the real fd 1. */
    public static ProcessStreams capture() {
        var stdout = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 64 * 1024);
        var stderr = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        System.setOut(stderr);
        System.setErr(stderr);
        return new ProcessStreams(System.in, stdout, stderr);
    }
}
