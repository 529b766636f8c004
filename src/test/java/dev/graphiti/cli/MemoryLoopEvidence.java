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
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
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

    static void print(Domain domain, Path repo, SemanticSearch semantics,
                      Function<Rule, Set<String>> own) {
        Path database = repo.resolve(".graphiti").resolve("graph.db");
        try (ItemRepository repository = SqliteStore.withDefaults().open(database, Scope.project);
             VectorStore vectors = SqliteStore.withDefaults().openVectors(database, Scope.project)) {
            var lexical = new LexicalRanking(repository, Clock.systemUTC(), Duration.ofDays(90));
            var meaning = new SemanticRanking(semantics.encoder().orElseThrow(), semantics.index(database), vectors);
            PromptRecall recall = new PromptRecall(repository, lexical, Optional.of(meaning));
            for (Rule rule : domain.rules()) {
                print("task " + domain.name() + "/" + rule.name(), rule.task(), recall, own.apply(rule));
            }
            for (String prompt : domain.unrelated()) {
                print("unrelated " + domain.name(), prompt, recall, Set.of());
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
