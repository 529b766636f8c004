package dev.graphiti.bench;

import dev.graphiti.embed.E5Encoder;
import dev.graphiti.embed.HostStart;
import dev.graphiti.embed.ModelAddress;
import dev.graphiti.embed.SharedModel;
import dev.graphiti.graph.TextEncoder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What asking the machine's shared model costs a server against its own model (issue 33): the start of the host
 * (a JVM and the model's load) as the first server pays it, then a prompt's query embedding, in-process and through
 * the host's socket taking turns, p50/p95 wall, and the host's RSS. Run by scripts/bench-shared-model.
 */
public final class SharedModelBenchmark {

    private static final String[] PROMPTS = {"why do we retry failed requests with backoff?",
        "fix the flaky test in the billing job", "which database does the session store use and why",
        "add a column for the refund amount in cents", "the importer logs to stdout, is that allowed?",
        "rename the scheduler's config key and update the docs"};

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        String classPath = args.length > 1 ? args[1] : System.getProperty("java.class.path");
        Path home = Files.createTempDirectory("graphiti-bench-shared-model");
        ModelAddress address = ModelAddress.of(home, "bench");
        HostStart start = HostStart.of(address, "bench", classPath, Duration.ofMinutes(1));
        long started = System.nanoTime();
        TextEncoder shared = SharedModel.connect(address, start, () -> {
            throw new IllegalStateException("the host did not start");
        }, System.err);
        // The host starts in the background: the first answer waits for it.
        shared.query(PROMPTS[0]);
        double startMillis = (System.nanoTime() - started) / 1e6;
        long pid = Long.parseLong(Files.readString(address.pid()).trim());
        try (E5Encoder own = E5Encoder.load()) {
            for (int i = 0; i < 20; i++) {
                own.query(PROMPTS[i % PROMPTS.length]);
                shared.query(PROMPTS[i % PROMPTS.length]);
            }
            double[] inProcess = new double[runs];
            double[] asked = new double[runs];
            for (int i = 0; i < runs; i++) {
                String prompt = PROMPTS[i % PROMPTS.length] + " (" + i + ")";
                long t0 = System.nanoTime();
                float[] a = own.query(prompt);
                long t1 = System.nanoTime();
                float[] b = shared.query(prompt);
                long t2 = System.nanoTime();
                if (!Arrays.equals(a, b)) {
                    throw new IllegalStateException("vectors differ for " + prompt);
                }
                inProcess[i] = (t1 - t0) / 1e6;
                asked[i] = (t2 - t1) / 1e6;
            }
            System.out.printf(Locale.ROOT, "load %s; host start to first answer %.0f ms; host RSS %d MiB%n",
                    Files.readString(Path.of("/proc/loadavg")).split(" ")[0], startMillis,
                    MemoryBenchmark.status(pid, "VmRSS") / 1024);
            System.out.printf(Locale.ROOT, "query embedding, %d prompts: in-process p50/p95 %.1f / %.1f ms;"
                    + " shared model p50/p95 %.1f / %.1f ms (vectors equal to the bit)%n", runs,
                    percentile(inProcess, 50), percentile(inProcess, 95), percentile(asked, 50), percentile(asked, 95));
        } finally {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        }
    }

    private static double percentile(double[] values, int p) {
        List<Double> sorted = new ArrayList<>(Arrays.stream(values).boxed().toList());
        sorted.sort(null);
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }
}
