package dev.graphiti.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Token ids as Hugging Face's BertTokenizer (bert-base-uncased vocabulary, which e5-small-v2 uses) gives them:
 * the first is the transformers documentation's own example; the others were spelled out piece by piece from
 * the vocabulary of the model's tokenizer.json.
 */
class WordPieceTest {

    private static WordPiece tokenizer;

    @BeforeAll
    static void load() {
        tokenizer = WordPiece.fromResource(EmbeddingModel.E5_SMALL.tokenizerResource());
    }

    @Test
    void theDocumentedExample() {
        assertArrayEquals(new int[] {101, 7592, 1010, 2026, 3899, 2003, 10140, 102},
                tokenizer.encode("Hello, my dog is cute", 512));
    }

    @Test
    void aWordOutsideTheVocabularyIsSpelledInPieces() {
        // we moved to post ##gre ##s ##q ##l 16 .
        assertArrayEquals(new int[] {101, 2057, 2333, 2000, 2695, 17603, 2015, 4160, 2140, 2385, 1012, 102},
                tokenizer.encode("We moved to PostgreSQL 16.", 512));
        // ku ##be ##ct ##l roll ##out k ##8 ##s
        assertArrayEquals(new int[] {13970, 4783, 6593, 2140, 4897, 5833, 1047, 2620, 2015},
                tokenizer.tokens("kubectl rollout k8s"));
    }

    @Test
    void punctuationSplitsAndAccentsGo() {
        // don ' t deploy on fridays !
        assertArrayEquals(new int[] {2123, 1005, 1056, 21296, 2006, 26587, 999}, tokenizer.tokens("Don't deploy on Fridays!"));
        // cafe naive resume
        assertArrayEquals(new int[] {7668, 15743, 13746}, tokenizer.tokens("Café naïve résumé"));
        // query : how do i ship to pro ##d ?
        assertArrayEquals(new int[] {23032, 1024, 2129, 2079, 1045, 2911, 2000, 4013, 2094, 1029},
                tokenizer.tokens("query: how do I\tship to\u00a0prod?"));
    }

    @Test
    void controlCharactersVanishAndCjkIdeographsStandAlone() {
        assertArrayEquals(tokenizer.tokens("hello world"), tokenizer.tokens("hel\u0000lo\u200b world"));
        assertEquals(2, WordPiece.words(WordPiece.normalize("中文")).size());
    }

    @Test
    void anUnspellableOrOverlongWordIsUnknown() {
        assertArrayEquals(new int[] {100}, tokenizer.tokens("\u2603\u2603"));
        assertArrayEquals(new int[] {100}, tokenizer.tokens("a".repeat(101)));
    }

    @Test
    void encodingCutsToTheLimitAndKeepsTheMarkers() {
        int[] ids = tokenizer.encode("word ".repeat(600), 512);
        assertEquals(512, ids.length);
        assertEquals(101, ids[0]);
        assertEquals(102, ids[511]);
    }
}
