package dev.graphiti.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Real git repositories, worktrees and submodules made with the git command line. */
public final class GitFixture {

    private GitFixture() {
    }

    /** A new repository at {@code dir} with one commit. */
    public static Path repository(Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        git(dir, "init", "-q", "-b", "main");
        Files.writeString(dir.resolve("README.md"), "# test\n");
        git(dir, "add", "README.md");
        git(dir, "commit", "-q", "-m", "initial");
        return dir;
    }

    public static String git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=Test", "-c", "user.email=test@example.com",
                "-c", "protocol.file.allow=always", "-c", "init.defaultBranch=main"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("git " + String.join(" ", args) + " failed in " + dir + ":\n" + output);
        }
        return output;
    }
}
