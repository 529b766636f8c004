package dev.graphiti.toon;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingResult;
import com.knuddels.jtokkit.api.EncodingType;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Counts tokens with jtokkit's o200k_base encoding plus a configurable safety factor for Claude.
 * Loading the encoding's vocabulary takes a noticeable fraction of a second, so construction starts
 * it on a background daemon thread; {@link #awaitReady()} lets a server finish it at startup, and a
 * count made earlier simply waits for it. Create one per process and share it: it is thread-safe.
 */
public final class TokenCounter {
    /** Default factor from o200k_base counts to the Claude estimate. */
    public static final double DEFAULT_SAFETY_FACTOR = 1.2;

    private final BigDecimal safetyFactor;
    private final CompletableFuture<Encoding> encoding;

    public TokenCounter() {
        this(DEFAULT_SAFETY_FACTOR);
    }

    /** @param safetyFactor multiplier from o200k_base counts to the Claude estimate; finite and > 0 */
    public TokenCounter(double safetyFactor) {
        this(checked(safetyFactor), CompletableFuture.supplyAsync(
                () -> Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE),
                task -> {
                    Thread loader = new Thread(task, "o200k-tokenizer-load");
                    loader.setDaemon(true);
                    loader.start();
                }));
    }

    private TokenCounter(BigDecimal safetyFactor, CompletableFuture<Encoding> encoding) {
        this.safetyFactor = safetyFactor;
        this.encoding = encoding;
    }

    /** A counter with another safety factor that shares this one's loaded encoding. */
    public TokenCounter withSafetyFactor(double newSafetyFactor) {
        return new TokenCounter(checked(newSafetyFactor), encoding);
    }

    private static BigDecimal checked(double safetyFactor) {
        if (!(safetyFactor > 0) || Double.isInfinite(safetyFactor)) {
            throw new IllegalArgumentException("safetyFactor must be a finite number > 0, was: " + safetyFactor);
        }
        // Decimal arithmetic: 10 x 1.2 must be 12, not the 12.000000000000002 that ceils to 13.
        return BigDecimal.valueOf(safetyFactor);
    }

    public double safetyFactor() {
        return safetyFactor.doubleValue();
    }

    /** Blocks until the encoding is loaded; call at server startup to keep the load off requests. */
    public TokenCounter awaitReady() {
        encoding();
        return this;
    }

    /** Tokens in {@code text}. Special-token markers such as "<|endoftext|>" count as ordinary text. */
    public TokenCount count(String text) {
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        return tokens(o200k(text));
    }

    /**
     * Counts {@code text} against {@code claudeBudget}, tokenizing no more of it than the budget
     * covers: rejecting a 100 kB text costs about as much as counting one that just fits.
     */
    public BudgetCount countWithin(String text, int claudeBudget) {
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        int maxO200k = maxO200kWithin(claudeBudget);
        EncodingResult head = encoding().encodeOrdinary(text, maxO200k);
        if (!head.isTruncated()) {
            return fits(head.getTokens().size());
        }
        int readChars = head.getLastProcessedCharacterIndex() + 1;
        if (readChars <= 0) {
            return new BudgetCount(false, count(text));
        }
        return overBudget(maxO200k, readChars, text.length(), maxO200k);
    }

    /** The o200k count alone. */
    int o200k(String text) {
        return encoding().countTokensOrdinary(text);
    }

    /** The largest o200k count whose Claude estimate is within {@code claudeBudget}. */
    int maxO200kWithin(int claudeBudget) {
        return BigDecimal.valueOf(Math.max(claudeBudget, 0))
                .divide(safetyFactor, 0, RoundingMode.FLOOR)
                .min(BigDecimal.valueOf(Integer.MAX_VALUE)).intValueExact();
    }

    BudgetCount fits(int o200k) {
        return new BudgetCount(true, tokens(o200k));
    }

    private TokenCount tokens(int o200k) {
        return new TokenCount(o200k, claudeEstimate(o200k));
    }

    /**
     * A text found over budget after reading {@code readChars} of its {@code totalChars} characters
     * and {@code readO200k} tokens. Tokens spread about evenly over a text, so the part read
     * predicts the whole; the estimate never falls within the budget.
     */
    BudgetCount overBudget(int readO200k, int readChars, int totalChars, int maxO200k) {
        long estimate = Math.max(maxO200k + 1L, (long) Math.ceil((double) readO200k * totalChars / readChars));
        return new BudgetCount(false, tokens((int) Math.min(Integer.MAX_VALUE / 2, estimate)));
    }

    /** ceil(o200k x safety factor). */
    public int claudeEstimate(int o200k) {
        return BigDecimal.valueOf(o200k).multiply(safetyFactor).setScale(0, RoundingMode.CEILING).intValueExact();
    }

    private Encoding encoding() {
        try {
            return encoding.join();
        } catch (CompletionException e) {
            throw new IllegalStateException("could not load the o200k_base token encoding", e.getCause());
        }
    }
}
