package dev.graphiti.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A real git repository and a graphiti home in temporary directories, and the packaged launcher to serve them. */
public record ProjectFixture(Path project, Path home) {

    static ProjectFixture create(Path temp) throws IOException, InterruptedException {
        return create(temp, temp.resolve("home"));
    }

    /** A project in {@code temp} for a graphiti home shared with others (a server's). */
    static ProjectFixture create(Path temp, Path home) throws IOException, InterruptedException {
        Path project = Files.createDirectories(temp.resolve("project"));
        Files.createDirectories(home);
        git(project, "init", "-q", "-b", "main");
        Files.writeString(project.resolve("Storage.java"), "class Storage {}\n");
        git(project, "add", ".");
        git(project, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "Add the storage layer");
        return new ProjectFixture(project.toRealPath(), home.toRealPath());
    }

    /** Runs git in {@code dir}; fails unless it exits 0 within 30 s. */
    public static void git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).inheritIO().start();
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException("git " + String.join(" ", args) + " failed");
        }
    }

    static Path jar() {
        Path jar = Path.of(System.getProperty("graphiti.jar", "target/graphiti.jar")).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("build the launcher first: " + jar + " is missing");
        }
        return jar;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** java -jar graphiti.jar: the command an external runner starts. */
    static List<String> launcher() {
        return List.of(java(), "-jar", jar().toString());
    }
}
