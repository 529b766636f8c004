package dev.graphiti.config;

import java.nio.file.Path;

/**
 * The Java runtime this process runs on, as its system properties tell: what it takes to start another graphiti
 * process the same way (a background capture, the shared model's host, the command `mcp install` registers).
 */
public record JavaRuntime(Path java, String classPath, String started) {

    /** This process's runtime. */
    public static JavaRuntime current() {
        boolean windows = System.getProperty("os.name", "").startsWith("Windows");
        return new JavaRuntime(Path.of(System.getProperty("java.home"), "bin", windows ? "java.exe" : "java"),
                System.getProperty("java.class.path", ""), System.getProperty("sun.java.command", ""));
    }
}
