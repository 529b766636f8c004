package dev.graphiti.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.TextEncoder.ItemText;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The real model on real sentences: a question lands nearer its answer than near unrelated knowledge. */
class E5EncoderTest {

    private static E5Encoder encoder;

    @BeforeAll
    static void load() {
        encoder = E5Encoder.load();
    }

    @AfterAll
    static void close() {
        encoder.close();
    }

    @Test
    void aParaphraseIsCloserThanAnUnrelatedItem() {
        float[] question = encoder.query("how do we deploy to production?");
        List<float[][]> items = encoder.passages(List.of(
                new ItemText("Deployment", "Releases go out with scripts/deploy.sh, which pushes the image and rolls the production cluster."),
                new ItemText("Logging", "We log JSON lines to stderr and never to stdout."),
                new ItemText("Database", "We moved from MySQL to PostgreSQL 16 for JSONB support.")));
        double deploy = dot(question, items.get(0)[0]);
        assertTrue(deploy > dot(question, items.get(1)[0]) + 0.02, "deploy " + deploy);
        assertTrue(deploy > dot(question, items.get(2)[0]) + 0.02, "deploy " + deploy);

        float[] database = encoder.query("which database do we use");
        assertTrue(dot(database, items.get(2)[0]) > dot(database, items.get(0)[0]) + 0.02);
    }

    @Test
    void vectorsHaveUnitLengthAndDoNotDependOnTheirNeighbours() {
        ItemText shortOne = new ItemText("Tabs", "Indent with four spaces.");
        ItemText longer = new ItemText("Retries", "Network calls retry three times with exponential backoff starting at 200 ms.");
        float[] alone = encoder.passages(List.of(shortOne)).get(0)[0];
        float[] batched = encoder.passages(List.of(longer, shortOne)).get(1)[0];
        assertEquals(EmbeddingModel.CURRENT.dimensions(), alone.length);
        assertEquals(1.0, dot(alone, alone), 1e-4);
        assertEquals(1.0, dot(alone, batched), 1e-3);
    }

    @Test
    void aLongItemIsCutIntoOverlappingPassagesThatEachCarryTheTitle() {
        String content = "The cache layer stores rendered pages for five minutes. ".repeat(60);
        ItemText item = new ItemText("Page cache", content);
        List<int[]> chunks = encoder.chunks(item);
        assertTrue(chunks.size() >= 3, "chunks: " + chunks.size());
        for (int[] chunk : chunks) {
            assertTrue(chunk.length <= E5Encoder.PASSAGE_TOKENS + 4, "length " + chunk.length);
        }
        assertEquals(chunks.size(), encoder.passages(List.of(item)).get(0).length);
    }

    /**
     * One read path for every class loader: the length told (the jar's), none (-1, as Payara's says) or too small,
     * the buffer holds the whole model file.
     */
    @Test
    void theModelIsReadWholeWhateverLengthItsClassLoaderTells() throws Exception {
        java.net.URL resource = E5Encoder.class.getClassLoader().getResource(EmbeddingModel.E5_SMALL.modelResource());
        byte[] file;
        try (var in = resource.openStream()) {
            file = in.readAllBytes();
        }
        for (long told : new long[] {file.length, -1, 1000}) {
            java.net.URLConnection connection = new java.net.URLConnection(resource) {
                @Override
                public void connect() {
                }

                @Override
                public long getContentLengthLong() {
                    return told;
                }

                @Override
                public java.io.InputStream getInputStream() throws java.io.IOException {
                    return resource.openStream();
                }
            };
            java.nio.ByteBuffer read = E5Encoder.modelBytes(connection);
            assertTrue(read.isDirect(), "told " + told);
            byte[] bytes = new byte[read.remaining()];
            read.get(bytes);
            assertTrue(java.util.Arrays.equals(file, bytes), "told " + told + ": read " + bytes.length + " of " + file.length);
        }
    }

    @Test
    void anOccasionIsAPassageOfItsOwnNearerToAPromptForWorkOfItsKind() {
        ItemText rule = new ItemText("Secrets come from Vault", "Secrets come from Vault at secret/data/<service>/<env>,"
                + " read at start by the vault-agent sidecar; nothing secret is ever written to the repository.");
        ItemText withOccasion = new ItemText(rule.title(), rule.content(), "gitleaks flagged the billing deploy in CI: an"
                + " API key committed in the env file.\nfiles: deploy/.env.production");
        List<float[][]> passages = encoder.passages(List.of(rule, withOccasion));
        assertEquals(1, passages.get(0).length);
        assertEquals(2, passages.get(1).length);
        assertEquals(1.0, dot(passages.get(0)[0], passages.get(1)[0]), 1e-3, "the statement's passage is as it was");
        float[] prompt = encoder.query("The new geocoding service needs the Mapbox API key in its env file; wire it in.");
        assertTrue(dot(prompt, passages.get(1)[1]) > dot(prompt, passages.get(1)[0]),
                "the work the rule was settled in is nearer to the work asked for than the rule's own words");
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    /**
     * A server that stops while the background job embeds a long item closes the model under it: the run must end
     * with an error, not with onnxruntime reading a freed session (a SIGSEGV that takes the whole JVM down).
     */
    @Test
    void closingWhileAnotherThreadEmbedsEndsItsWorkWithAnErrorNotACrash() throws Exception {
        E5Encoder closing = E5Encoder.load();
        String longText = "The ledger service writes every invoice to PostgreSQL before it answers. ".repeat(2_000);
        var embedding = CompletableFuture.supplyAsync(() -> closing.passages(List.of(new ItemText("Ledger", longText))));
        Thread.sleep(200);
        closing.close();
        try {
            embedding.get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            assertTrue(e.getCause() instanceof IllegalStateException, "the run says the model is closed: " + e.getCause());
        }
        assertThrows(IllegalStateException.class, () -> closing.query("where do invoices go?"));
    }
}
