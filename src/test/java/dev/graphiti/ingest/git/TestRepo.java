package dev.graphiti.ingest.git;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A real git repository in a temp directory, built by running git (and git fast-import for bulk). */
public final class TestRepo {

    public static final String HUMAN = "Ada Lovelace <ada@example.com>";

    private final Path dir;
    private long clock = 1_700_000_000L;

    public TestRepo(Path dir) {
        this.dir = dir;
        git("init", "-q", "-b", "main");
        git("config", "user.name", "Ada Lovelace");
        git("config", "user.email", "ada@example.com");
        git("config", "commit.gpgsign", "false");
    }

    /** path, content, path, content...; a null content deletes the file. */
    public static Map<String, String> files(String... pathThenContent) {
        Map<String, String> files = new java.util.LinkedHashMap<>();
        for (int i = 0; i < pathThenContent.length; i += 2) {
            files.put(pathThenContent[i], pathThenContent[i + 1]);
        }
        return files;
    }

    public Path dir() {
        return dir;
    }

    /** Writes the files (null content deletes) and commits them as the author; returns the sha. */
    public String commit(String author, String message, Map<String, String> files) {
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path path = dir.resolve(file.getKey());
            try {
                if (file.getValue() == null) {
                    git("rm", "-q", file.getKey());
                } else {
                    Files.createDirectories(path.getParent() == null ? dir : path.getParent());
                    Files.writeString(path, file.getValue());
                    git("add", "--", file.getKey());
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        clock += 60;
        gitAt(clock, "commit", "-q", "--allow-empty", "--author=" + author, "-m", message);
        return git("rev-parse", "HEAD");
    }

    public String commit(String message, Map<String, String> files) {
        return commit(HUMAN, message, files);
    }

    public String head() {
        return git("rev-parse", "HEAD");
    }

    /** Runs git in the repository with fixed dates; returns stdout stripped. */
    public String git(String... args) {
        return gitAt(clock, args);
    }

    private String gitAt(long epoch, String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put("GIT_AUTHOR_DATE", epoch + " +0000");
        env.put("GIT_COMMITTER_DATE", epoch + " +0000");
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("HOME", dir.toString());
        return run(builder, null, command);
    }

    /** Appends count commits to main with git fast-import: source files under a few modules, some bots. */
    public void bulk(int count, Map<Integer, String> messages) {
        StringBuilder stream = new StringBuilder();
        String parent = git("rev-parse", "-q", "--verify", "HEAD");
        Map<String, Integer> sizes = new HashMap<>();
        for (int i = 1; i <= count; i++) {
            clock += 60;
            String message = messages.getOrDefault(i, "Implement step " + i + " of the parser rewrite");
            String author = message.startsWith("Bump ") ? "dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>" : HUMAN;
            String path = "src/main/java/dev/demo/m" + (i % 7) + "/Part" + (i % 50) + ".java";
            int lines = sizes.merge(path, 3, Integer::sum);
            String content = ("// part " + i + "\n").repeat(lines);
            stream.append("commit refs/heads/main\n")
                    .append("author ").append(author).append(' ').append(clock).append(" +0000\n")
                    .append("committer ").append(HUMAN).append(' ').append(clock).append(" +0000\n");
            appendData(stream, message);
            if (i == 1 && !parent.isEmpty()) {
                stream.append("from ").append(parent).append('\n');
            }
            stream.append("M 100644 inline ").append(path).append('\n');
            appendData(stream, content);
            stream.append('\n');
        }
        ProcessBuilder builder = new ProcessBuilder("git", "fast-import", "--quiet").directory(dir.toFile())
                .redirectErrorStream(true);
        run(builder, stream.toString(), List.of("git", "fast-import"));
        git("reset", "-q", "--hard", "main");
    }

    private static void appendData(StringBuilder stream, String data) {
        stream.append("data ").append(data.getBytes(StandardCharsets.UTF_8).length).append('\n').append(data).append('\n');
    }

    private static String run(ProcessBuilder builder, String input, List<String> command) {
        try {
            Process process = builder.start();
            try (OutputStream stdin = process.getOutputStream()) {
                if (input != null) {
                    stdin.write(input.getBytes(StandardCharsets.UTF_8));
                }
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("timed out: " + command);
            }
            if (process.exitValue() != 0 && !command.contains("merge") && !command.contains("--verify")) {
                throw new IllegalStateException(command + " failed: " + output);
            }
            return process.exitValue() == 0 ? output.strip() : "";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
