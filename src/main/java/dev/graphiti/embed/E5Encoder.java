package dev.graphiti.embed;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.graphiti.graph.CosineScale;
import dev.graphiti.graph.TextEncoder;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * e5-small-v2 (int8 ONNX, 384 dimensions) on onnxruntime: "query: " and "passage: " prefixes as the model was
 * trained, mean pooling over the real tokens, L2 normalisation ({@link EmbeddingModel}: a benchmark may run another
 * BERT-like model with its own prefixes and pooling). One thread per run: a run's second thread doubled its
 * CPU per passage (issue 33, at load 20), so the background embedding runs two at once instead (EmbeddingJob), and
 * a search's query runs on its caller's thread. One passage per
 * run: the int8 model quantizes activations over the whole input, so a batch makes an item's vector depend on its
 * neighbours (cosine 0.994-0.997 to itself alone, even among passages of equal length) and pays little: measured
 * for issue 33, batches of 4-16 equal-length passages cost 1.2-1.5x less per passage at 16-64 tokens, the same at
 * 128, and more at 192-512 (a passage's CPU is about 0.4 ms a token, 0.35 s at 512). What pays is embedding less.
 */
public final class E5Encoder implements TextEncoder, AutoCloseable {

    /** Tokens of item text per passage; e5 reads up to 512, but shorter passages match questions more sharply. */
    static final int PASSAGE_TOKENS = 256;
    static final int OVERLAP_TOKENS = 32;
    /** A long item's later passages repeat its title, cut to this many tokens. */
    static final int TITLE_TOKENS = 32;
    static final int QUERY_TOKENS = 128;

    private final EmbeddingModel model;
    private final OrtEnvironment environment;
    private final OrtSession session;
    private final WordPiece tokenizer;
    private final int[] queryPrefix;
    private final int[] passagePrefix;
    private final boolean typeIds;
    /** Runs share the session; closing waits for the running ones, since a run on a closed session is a crash. */
    private final ReadWriteLock use = new ReentrantReadWriteLock();
    private boolean closed;

    private E5Encoder(EmbeddingModel model, OrtEnvironment environment, OrtSession session, WordPiece tokenizer) {
        this.model = model;
        this.environment = environment;
        this.session = session;
        this.tokenizer = tokenizer;
        this.queryPrefix = tokenizer.tokens(model.queryPrefix());
        this.passagePrefix = tokenizer.tokens(model.passagePrefix());
        this.typeIds = session.getInputNames().contains("token_type_ids");
    }

    /** Loads this process's model from the class path (about 0.5 s and 130 MiB of native memory). */
    public static E5Encoder load() {
        return load(EmbeddingModel.CURRENT);
    }

    /** Loads {@code facts}' model from the class path. */
    public static E5Encoder load(EmbeddingModel facts) {
        WordPiece tokenizer = WordPiece.fromResource(facts.tokenizerResource());
        ByteBuffer model = modelBytes(facts.modelResource());
        try {
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            // The arena keeps the largest batch's buffers for good; without it memory follows the work.
            options.setCPUArenaAllocator(false);
            // Pre-packed weights are a second copy of the int8 matrices (about 25 MiB resident) for no measurable
            // speed with one thread; the vectors are the same to the bit (issue 33).
            options.addConfigEntry("session.disable_prepacking", "1");
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            return new E5Encoder(facts, environment, environment.createSession(model, options), tokenizer);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot start the embedding model: " + e.getMessage(), e);
        }
    }

    /**
     * The model file in native memory, read in small pieces into a direct buffer that grows when the file is longer
     * than its class loader said (an application server's may say -1): a 33 MB array on the heap would be tenured at
     * once and keep a long-lived server's heap that much larger; the buffer is freed with its object, once the
     * session holds the weights.
     */
    static ByteBuffer modelBytes(URLConnection connection) throws IOException {
        long told = connection.getContentLengthLong();
        ByteBuffer model = ByteBuffer.allocateDirect(told > 0 && told < Integer.MAX_VALUE ? (int) told : 1 << 20);
        try (InputStream in = connection.getInputStream()) {
            byte[] piece = new byte[1 << 16];
            for (int read = in.read(piece); read >= 0; read = in.read(piece)) {
                if (read > model.remaining()) {
                    // past what was told: twice the room, the old buffer dropped
                    long room = Math.max((long) model.capacity() * 2, (long) model.position() + read);
                    if (room > Integer.MAX_VALUE - 8) {
                        throw new IOException("larger than 2 GB");
                    }
                    model = ByteBuffer.allocateDirect((int) room).put(model.flip());
                }
                model.put(piece, 0, read);
            }
        }
        return model.flip();
    }

    private static ByteBuffer modelBytes(String name) {
        URL resource = E5Encoder.class.getClassLoader().getResource(name);
        if (resource == null) {
            throw new IllegalStateException(name + " is not on the class path");
        }
        try {
            return modelBytes(resource.openConnection());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + name + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String model() {
        return model.id();
    }

    @Override
    public CosineScale scale() {
        return model.scale();
    }

    @Override
    public float[] query(String text) {
        int[] tokens = tokenizer.tokens(text);
        return run(List.of(sequence(queryPrefix, new int[0], tokens, 0, Math.min(tokens.length, QUERY_TOKENS))))[0];
    }

    @Override
    public List<float[][]> passages(List<ItemText> items) {
        return items.stream().map(item -> chunks(item).stream().map(chunk -> run(List.of(chunk))[0])
                .toArray(float[][]::new)).toList();
    }

    /**
     * [CLS] passage: text [SEP] per window of the item's tokens; windows after the first repeat the title. An occasion
     * (the work the item was settled in) is one passage more, alone (its first {@value #PASSAGE_TOKENS} tokens): a
     * prompt for work of that kind may be nearer to it than to the statement. On the memory loop's tuning part the
     * occasion alone kept more unrelated prompts below the rules' than the occasion led by the title did.
     */
    List<int[]> chunks(ItemText item) {
        List<int[]> chunks = statement(item);
        if (!item.occasion().isBlank()) {
            int[] occasion = tokenizer.tokens(item.occasion());
            chunks.add(sequence(passagePrefix, new int[0], occasion, 0, Math.min(occasion.length, PASSAGE_TOKENS)));
        }
        return chunks;
    }

    /** The windows of the item's title and content. */
    private List<int[]> statement(ItemText item) {
        int[] title = tokenizer.tokens(item.title());
        int[] body = tokenizer.tokens(item.content());
        int[] all = new int[title.length + 1 + body.length];
        System.arraycopy(title, 0, all, 0, title.length);
        all[title.length] = tokenizer.tokens(".")[0];
        System.arraycopy(body, 0, all, title.length + 1, body.length);
        List<int[]> chunks = new ArrayList<>();
        if (all.length <= PASSAGE_TOKENS) {
            chunks.add(sequence(passagePrefix, new int[0], all, 0, all.length));
            return chunks;
        }
        int[] heading = Arrays.copyOf(title, Math.min(title.length, TITLE_TOKENS));
        for (int start = 0; ; start += PASSAGE_TOKENS - OVERLAP_TOKENS) {
            int[] lead = start == 0 ? new int[0] : heading;
            int end = Math.min(all.length, start + PASSAGE_TOKENS - lead.length);
            chunks.add(sequence(passagePrefix, lead, all, start, end));
            if (end == all.length) {
                return chunks;
            }
        }
    }

    private int[] sequence(int[] prefix, int[] lead, int[] tokens, int from, int to) {
        int[] ids = new int[prefix.length + lead.length + (to - from) + 2];
        int at = 0;
        ids[at++] = tokenizer.classToken();
        System.arraycopy(prefix, 0, ids, at, prefix.length);
        at += prefix.length;
        System.arraycopy(lead, 0, ids, at, lead.length);
        at += lead.length;
        System.arraycopy(tokens, from, ids, at, to - from);
        at += to - from;
        ids[at] = tokenizer.separatorToken();
        return ids;
    }

    /** One model run over a batch, padded to its longest sequence; pooled as the model was trained, unit length. */
    private float[][] run(List<int[]> batch) {
        int rows = batch.size();
        int width = batch.stream().mapToInt(ids -> ids.length).max().orElse(0);
        long[] ids = new long[rows * width];
        long[] mask = new long[rows * width];
        for (int r = 0; r < rows; r++) {
            int[] sequence = batch.get(r);
            for (int c = 0; c < sequence.length; c++) {
                ids[r * width + c] = sequence[c];
                mask[r * width + c] = 1;
            }
        }
        long[] shape = {rows, width};
        Map<String, OnnxTensor> inputs = new HashMap<>();
        use.readLock().lock();
        try {
            if (closed) {
                throw new IllegalStateException("the embedding model is closed");
            }
            inputs.put("input_ids", OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape));
            inputs.put("attention_mask", OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape));
            if (typeIds) {
                inputs.put("token_type_ids", OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[rows * width]), shape));
            }
            try (OrtSession.Result result = session.run(inputs)) {
                float[][][] hidden = (float[][][]) result.get(0).getValue();
                float[][] pooled = new float[rows][];
                for (int r = 0; r < rows; r++) {
                    pooled[r] = normalized(hidden[r], model.pooling() == EmbeddingModel.Pooling.CLS ? 1 : batch.get(r).length);
                }
                return pooled;
            }
        } catch (OrtException e) {
            throw new IllegalStateException("the embedding model failed: " + e.getMessage(), e);
        } finally {
            inputs.values().forEach(OnnxTensor::close);
            use.readLock().unlock();
        }
    }

    /** The sum of the first {@code length} token vectors at unit length: their mean, or [CLS]'s alone at 1. */
    private static float[] normalized(float[][] tokens, int length) {
        int dimensions = tokens[0].length;
        float[] mean = new float[dimensions];
        for (int t = 0; t < length; t++) {
            float[] token = tokens[t];
            for (int d = 0; d < dimensions; d++) {
                mean[d] += token[d];
            }
        }
        double norm = 0;
        for (float value : mean) {
            norm += (double) value * value;
        }
        float scale = norm > 0 ? (float) (1 / Math.sqrt(norm)) : 0;
        for (int d = 0; d < dimensions; d++) {
            mean[d] *= scale;
        }
        return mean;
    }

    @Override
    public void close() {
        use.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                session.close();
            }
        } catch (OrtException e) {
            // closing: nothing left to do with the session
        } finally {
            use.writeLock().unlock();
        }
    }
}
