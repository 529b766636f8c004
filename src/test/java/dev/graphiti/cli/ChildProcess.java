package dev.graphiti.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Starts a test main in a separate JVM on the test classpath. */
final class ChildProcess {

    private ChildProcess() {
    }

    static ProcessBuilder java(Class<?> main, Path cwd, Map<String, String> variables, List<String> prefix, String... args) {
        return java(main, cwd, variables, prefix, List.of(), args);
    }

    /** As above, with {@code jvmOptions} (e.g. -Djava.io.tmpdir=...) before the main class. */
    static ProcessBuilder java(Class<?> main, Path cwd, Map<String, String> variables, List<String> prefix,
                               List<String> jvmOptions, String... args) {
        List<String> command = new ArrayList<>(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
        builder.environment().putAll(variables);
        return builder;
    }

    static CliHarness.Result run(ProcessBuilder builder) throws IOException, InterruptedException {
        Process process = builder.start();
        process.getOutputStream().close();
        var stdout = new java.io.ByteArrayOutputStream();
        Thread reader = new Thread(() -> {
            try {
                process.getInputStream().transferTo(stdout);
            } catch (IOException ignored) {
                // the process ended
            }
        });
        reader.start();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("child JVM did not finish");
        }
        reader.join();
        return new CliHarness.Result(process.exitValue(), stdout.toString(StandardCharsets.UTF_8), err);
    }
}
