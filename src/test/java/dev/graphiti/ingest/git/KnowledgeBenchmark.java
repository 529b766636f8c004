package dev.graphiti.ingest.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The commit classifier against a hand-labelled sample (src/test/resources/knowledge/*-labels.tsv): precision and
 * recall of "knowledge" (decision, architecture, bugfix, behaviour change) against routine history, a commit the
 * gate skips counting as routine, and how often the kind agrees. Run by scripts/bench-knowledge:
 * {@code KnowledgeBenchmark LABELS.tsv REPOSITORY [--misses]}.
 */
public final class KnowledgeBenchmark {

    private KnowledgeBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> labels = labels(Path.of(args[0]));
        boolean misses = args.length > 2 && args[2].equals("--misses");
        List<String> range = new ArrayList<>(List.of("--no-walk=unsorted"));
        range.addAll(labels.keySet());
        List<GitCommit> commits = new ArrayList<>();
        new GitHistory(Git.at(Path.of(args[1]))).log(range, commits::add);
        CommitGate gate = new CommitGate();
        int truePositive = 0;
        int falsePositive = 0;
        int falseNegative = 0;
        int kindAgrees = 0;
        for (GitCommit commit : commits) {
            String wanted = labels.get(commit.sha());
            CommitKind kind = CommitKind.of(commit.message());
            boolean kept = gate.check(commit).isEmpty();
            String got = !kept || !kind.knowledge() ? "routine" : kind == CommitKind.behaviour_change ? "behaviour" : kind.name();
            boolean wantedKnowledge = !wanted.equals("routine");
            boolean gotKnowledge = !got.equals("routine");
            truePositive += wantedKnowledge && gotKnowledge ? 1 : 0;
            falsePositive += !wantedKnowledge && gotKnowledge ? 1 : 0;
            falseNegative += wantedKnowledge && !gotKnowledge ? 1 : 0;
            kindAgrees += got.equals(wanted) ? 1 : 0;
            if (misses && !got.equals(wanted)) {
                System.out.println("  labelled " + wanted + ", classified " + got + (kept ? "" : " (gate: skipped)") + ": "
                        + commit.subject());
            }
        }
        System.out.printf("%d commits: knowledge precision %.2f, recall %.2f (%d right, %d routine taken for knowledge,"
                        + " %d knowledge missed); kind agrees on %d/%d%n", commits.size(),
                truePositive / (double) Math.max(1, truePositive + falsePositive),
                truePositive / (double) Math.max(1, truePositive + falseNegative), truePositive, falsePositive,
                falseNegative, kindAgrees, commits.size());
    }

    private static Map<String, String> labels(Path file) throws IOException {
        Map<String, String> labels = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.startsWith("#") && !line.isBlank()) {
                String[] fields = line.split("\t");
                labels.put(fields[0], fields[1]);
            }
        }
        return labels;
    }
}
