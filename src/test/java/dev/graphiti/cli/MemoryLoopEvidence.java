package dev.graphiti.cli;

import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.LexicalRanking;
import dev.graphiti.graph.PromptRecall;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SemanticRanking;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.ingest.transcript.MemoryLoopCorpus.Domain;
import dev.graphiti.ingest.transcript.MemoryLoopCorpus.Rule;
import dev.graphiti.store.sqlite.SqliteStore;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code scripts/bench-memory-loop --show-evidence}: for the tuning domains only, what speaks for each of recall's
 * candidates on every task and unrelated prompt (words' coverage, shared names, the meaning's calibrated strength),
 * the rule's own items marked, so the thresholds in {@link PromptRecall} are set on evidence, not on the held-out part.
 */
final class MemoryLoopEvidence {

    private MemoryLoopEvidence() {
    }

    /**
     * Every tuning prompt's candidates, to count what recall would do at other margins ({@link #print(PrintStream)}):
     * a task prompt is reached when one of its rule's items is among the {@value #MOST} best relevant, an unrelated
     * prompt gets something when any candidate is relevant.
     */
    static final class Sweep {
        private static final int MOST = 3;
        private final List<List<PromptRecall.Evidence>> tasks = new ArrayList<>();
        private final List<Set<String>> owners = new ArrayList<>();
        private final List<List<PromptRecall.Evidence>> unrelated = new ArrayList<>();
        private double margin = Double.NaN;

        private void task(List<PromptRecall.Evidence> candidates, Set<String> own) {
            tasks.add(candidates);
            owners.add(own);
            candidates.stream().mapToDouble(PromptRecall.Evidence::margin).findFirst().ifPresent(m -> margin = m);
        }

        int reached(double at) {
            int reached = 0;
            for (int i = 0; i < tasks.size(); i++) {
                Set<String> own = owners.get(i);
                reached += tasks.get(i).stream().filter(e -> e.relevant(at) && !e.item().held())
                        .sorted(Comparator.comparingDouble(PromptRecall.Evidence::score).reversed()).limit(MOST)
                        .anyMatch(e -> own.contains(e.item().id())) ? 1 : 0;
            }
            return reached;
        }

        int unrelatedAnything(double at) {
            return (int) unrelated.stream().filter(c -> c.stream().anyMatch(e -> e.relevant(at) && !e.item().held())).count();
        }

        /** Rules reached and unrelated prompts that get anything, at margins around the model's own. */
        void print(PrintStream out) {
            out.printf(Locale.ROOT, "%nmargin sweep on the tuning part (%d task prompts, %d unrelated; the model's margin %.3f):%n",
                    tasks.size(), unrelated.size(), margin);
            String last = "";
            for (int step = -40; step <= 40; step++) {
                double at = margin + step * 0.005;
                String row = reached(at) + "/" + tasks.size() + " rules reached, unrelated " + unrelatedAnything(at)
                        + "/" + unrelated.size();
                if (!row.equals(last)) {
                    out.printf(Locale.ROOT, "  margin %.3f: %s%n", at, row);
                    last = row;
                }
            }
        }
    }

    static void print(Domain domain, Path repo, SemanticSearch semantics,
                      Function<Rule, Set<String>> own, Sweep sweep) {
        Path database = repo.resolve(".graphiti").resolve("graph.db");
        try (ItemRepository repository = SqliteStore.withDefaults().open(database, Scope.project);
             VectorStore vectors = SqliteStore.withDefaults().openVectors(database, Scope.project)) {
            var lexical = new LexicalRanking(repository, Clock.systemUTC(), Duration.ofDays(90));
            var meaning = new SemanticRanking(semantics.encoder().orElseThrow(), semantics.index(database), vectors);
            PromptRecall recall = new PromptRecall(repository, lexical, Optional.of(meaning));
            for (Rule rule : domain.rules()) {
                print("task " + domain.name() + "/" + rule.name(), rule.task(), recall, own.apply(rule));
                sweep.task(recall.candidates(rule.task()), own.apply(rule));
            }
            for (String prompt : domain.unrelated()) {
                print("unrelated " + domain.name(), prompt, recall, Set.of());
                sweep.unrelated.add(recall.candidates(prompt));
            }
        }
    }

    private static void print(String what, String prompt, PromptRecall recall, Set<String> own) {
        System.out.println(what + ": " + prompt);
        recall.candidates(prompt).stream().sorted(Comparator.comparingDouble(PromptRecall.Evidence::cosine).reversed())
                .limit(6).forEach(e -> System.out.printf(Locale.ROOT, "  %s %s cover %.2f words %s names %s cosine %.4f over unrelated %.4f: %.70s%n",
                        own.contains(e.item().id()) ? "RULE" : "    ", e.relevant() ? "+" : "-", e.coverage(), e.words(),
                        e.names(), e.cosine(), e.cosine() - e.unrelated(), e.item().content().replace('\n', ' ')));
    }
}
