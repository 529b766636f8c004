package dev.graphiti.graph;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * scripts/bench-instructions: how often {@link InstructionLike} flags ordinary text and how often it flags the injection
 * samples. Ordinary text: the unit test's corpus (decisions, transcript turns, ordinary files, engineering rules),
 * every commit message of a git repository and every paragraph of its Markdown documents; each flagged text is printed
 * so a person can judge it. Usage: InstructionLikeBenchmark REPOSITORY
 */
public final class InstructionLikeBenchmark {

    private InstructionLikeBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path repository = Path.of(args.length > 0 ? args[0] : ".");
        Map<String, List<String>> corpora = new LinkedHashMap<>();
        corpora.put("test corpora (decisions, transcript, ordinary files, rules)", InstructionLikeTest.ordinaryCorpus());
        corpora.put("commit messages of " + repository.toAbsolutePath().normalize(), commits(repository));
        corpora.put("paragraphs of its Markdown files", paragraphs(repository));
        int all = 0;
        int flaggedAll = 0;
        for (var corpus : corpora.entrySet()) {
            int flagged = 0;
            for (String text : corpus.getValue()) {
                var reason = InstructionLike.find(text);
                if (reason.isPresent()) {
                    flagged++;
                    System.out.println("  flagged (" + reason.get() + "): " + text.replaceAll("\\s+", " ")
                            .substring(0, Math.min(160, text.replaceAll("\\s+", " ").length())));
                }
            }
            all += corpus.getValue().size();
            flaggedAll += flagged;
            System.out.printf(Locale.ROOT, "%s: %d of %d flagged (%.2f%%)%n", corpus.getKey(), flagged,
                    corpus.getValue().size(), 100.0 * flagged / Math.max(1, corpus.getValue().size()));
        }
        long caught = InstructionLikeTest.INJECTIONS.stream().filter(s -> InstructionLike.find(s).isPresent()).count();
        System.out.printf(Locale.ROOT, "ordinary text: %d of %d flagged (%.2f%%); injection samples: %d of %d flagged (%.0f%%)%n",
                flaggedAll, all, 100.0 * flaggedAll / all, caught, InstructionLikeTest.INJECTIONS.size(),
                100.0 * caught / InstructionLikeTest.INJECTIONS.size());
    }

    private static List<String> commits(Path repository) throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "-C", repository.toString(), "log", "--format=%B%x00")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String log = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        git.waitFor();
        return Arrays.stream(log.split("\0")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static List<String> paragraphs(Path repository) throws IOException {
        List<String> paragraphs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(repository)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".md") && !f.toString().contains("/.")
                    && !f.toString().contains("/target/") && !f.toString().contains("node_modules")).sorted().toList()) {
                for (String paragraph : Files.readString(file).split("\n\\s*\n")) {
                    if (!paragraph.isBlank()) {
                        paragraphs.add(paragraph.strip());
                    }
                }
            }
        }
        return paragraphs;
    }
}
