package dev.graphiti.redact;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;

/**
 * Redaction throughput: {@code scripts/bench-redact [MB]}. Times the redactor on ordinary code text with
 * secrets sprinkled in (the common case), on text of the same size made of one near-miss repeated (the
 * worst cases for the patterns), and prints the median of five runs after two warm-up runs, in CPU time of
 * the redacting thread (wall time on a shared machine measures the neighbours).
 */
public final class RedactBench {

    private static final List<String> NEAR_MISSES = List.of(
            "password=", "token: ", "https://u:", "Authorization: Bearer ", "-----BEGIN " + "PRIVATE KEY-----\n", "aB3+",
            "eyJabcd.eyJ", " ");

    private RedactBench() {
    }

    public static void main(String[] args) throws IOException {
        int megabytes = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        PrintStream out = System.out;
        Redactor redactor = new Redactor();
        int size = megabytes * 1024 * 1024;
        out.printf("%-34s %12s %10s %8s%n", "input (" + megabytes + " MiB)", "median CPU ms", "MiB/s", "secrets");
        report(out, "code with secrets", redactor, mixed(size));
        for (String unit : NEAR_MISSES) {
            report(out, "near-miss " + unit.strip().replace("\n", ""), redactor, unit.repeat(size / unit.length()));
        }
    }

    private static String mixed(int size) throws IOException {
        FakeSecrets fake = new FakeSecrets(1L);
        String ordinary = String.join("\n", RedactorOrdinaryTextTest.resource("LoginController.java.txt"),
                RedactorOrdinaryTextTest.resource("git-log.txt"), RedactorOrdinaryTextTest.resource("config.yaml.txt"),
                RedactorOrdinaryTextTest.resource("stacktrace.txt"));
        StringBuilder text = new StringBuilder(size + 8192);
        while (text.length() < size) {
            text.append(ordinary).append("export GITHUB_TOKEN=ghp_").append(fake.alnum(36))
                    .append("\nDATABASE_URL=postgres://app:").append(fake.alnum(12)).append("@db/app\n");
        }
        return text.toString();
    }

    private static void report(PrintStream out, String name, Redactor redactor, String text) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] millis = new long[7];
        int count = 0;
        for (int run = 0; run < millis.length; run++) {
            long start = threads.getCurrentThreadCpuTime();
            count = redactor.redact(text).count();
            millis[run] = (threads.getCurrentThreadCpuTime() - start) / 1_000_000;
        }
        long[] measured = Arrays.copyOfRange(millis, 2, millis.length);
        Arrays.sort(measured);
        long median = Math.max(1, measured[measured.length / 2]);
        double mibPerSecond = text.length() / 1024.0 / 1024.0 / (median / 1000.0);
        out.printf("%-34s %12d %10.1f %8d%n", name, median, mibPerSecond, count);
    }
}
