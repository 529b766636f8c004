package dev.graphiti.embed;

import jakarta.json.Json;
import jakarta.json.stream.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * BERT's uncased tokenizer in plain Java, as the model's tokenizer.json describes it: clean the text, space out
 * CJK ideographs, strip accents, lower-case, split on whitespace and punctuation, then WordPiece each word
 * (greedy longest match, "##" for continuations, [UNK] for a word it cannot spell or longer than 100 chars).
 */
public final class WordPiece {

    private static final int MAX_WORD_CHARS = 100;

    private final Map<String, Integer> vocabulary;
    private final int unknown;
    private final int cls;
    private final int sep;

    WordPiece(Map<String, Integer> vocabulary) {
        this.vocabulary = Map.copyOf(vocabulary);
        this.unknown = id("[UNK]");
        this.cls = id("[CLS]");
        this.sep = id("[SEP]");
    }

    /** Reads the vocabulary ({@code model.vocab}) out of a Hugging Face tokenizer.json. */
    public static WordPiece fromTokenizerJson(InputStream json) {
        Map<String, Integer> vocabulary = new HashMap<>(40_000);
        try (JsonParser parser = Json.createParser(json)) {
            int depth = 0;
            boolean inModel = false;
            String key = null;
            while (parser.hasNext()) {
                JsonParser.Event event = parser.next();
                switch (event) {
                    case START_OBJECT, START_ARRAY -> {
                        depth++;
                        if (depth == 2 && "model".equals(key)) {
                            inModel = true;
                        }
                        if (inModel && depth == 3 && "vocab".equals(key)) {
                            readVocabulary(parser, vocabulary);
                            depth--;
                        }
                        key = null;
                    }
                    case END_OBJECT, END_ARRAY -> {
                        if (depth == 2) {
                            inModel = false;
                        }
                        depth--;
                    }
                    case KEY_NAME -> key = parser.getString();
                    default -> key = null;
                }
            }
        }
        if (vocabulary.isEmpty()) {
            throw new IllegalStateException("the tokenizer.json has no model.vocab");
        }
        return new WordPiece(vocabulary);
    }

    private static void readVocabulary(JsonParser parser, Map<String, Integer> vocabulary) {
        String token = null;
        while (parser.hasNext()) {
            JsonParser.Event event = parser.next();
            if (event == JsonParser.Event.END_OBJECT) {
                return;
            }
            if (event == JsonParser.Event.KEY_NAME) {
                token = parser.getString();
            } else if (event == JsonParser.Event.VALUE_NUMBER) {
                vocabulary.put(token, parser.getInt());
            }
        }
    }

    static WordPiece fromResource(String name) {
        try (InputStream in = WordPiece.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is not on the class path");
            }
            return fromTokenizerJson(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int classToken() {
        return cls;
    }

    public int separatorToken() {
        return sep;
    }

    /** The word-piece ids of {@code text}, without [CLS] and [SEP]. */
    public int[] tokens(String text) {
        List<String> words = words(normalize(text));
        int[] ids = new int[Math.max(16, words.size() * 2)];
        int count = 0;
        for (String word : words) {
            List<Integer> pieces = pieces(word);
            if (count + pieces.size() > ids.length) {
                ids = java.util.Arrays.copyOf(ids, Math.max(ids.length * 2, count + pieces.size()));
            }
            for (int piece : pieces) {
                ids[count++] = piece;
            }
        }
        return java.util.Arrays.copyOf(ids, count);
    }

    /** [CLS] tokens [SEP], cut to at most {@code maxLength} ids in all. */
    public int[] encode(String text, int maxLength) {
        int[] tokens = tokens(text);
        int kept = Math.min(tokens.length, maxLength - 2);
        int[] ids = new int[kept + 2];
        ids[0] = cls;
        System.arraycopy(tokens, 0, ids, 1, kept);
        ids[kept + 1] = sep;
        return ids;
    }

    /** Clean-up, CJK spacing, accents stripped (NFD without combining marks), lower case. */
    static String normalize(String text) {
        StringBuilder clean = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (c == 0 || c == 0xFFFD || control(c)) {
                continue;
            }
            if (whitespace(c)) {
                clean.append(' ');
            } else if (chinese(c)) {
                clean.append(' ').appendCodePoint(c).append(' ');
            } else {
                clean.appendCodePoint(c);
            }
        }
        String decomposed = Normalizer.normalize(clean, Normalizer.Form.NFD);
        StringBuilder stripped = new StringBuilder(decomposed.length());
        for (int i = 0; i < decomposed.length(); ) {
            int c = decomposed.codePointAt(i);
            i += Character.charCount(c);
            if (Character.getType(c) != Character.NON_SPACING_MARK) {
                stripped.appendCodePoint(c);
            }
        }
        return stripped.toString().toLowerCase(Locale.ROOT);
    }

    /** Whitespace-separated words, each punctuation character a word of its own. */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (whitespace(c)) {
                flush(word, words);
            } else if (punctuation(c)) {
                flush(word, words);
                words.add(new String(Character.toChars(c)));
            } else {
                word.appendCodePoint(c);
            }
        }
        flush(word, words);
        return words;
    }

    private List<Integer> pieces(String word) {
        if (word.codePointCount(0, word.length()) > MAX_WORD_CHARS) {
            return List.of(unknown);
        }
        List<Integer> pieces = new ArrayList<>(2);
        int start = 0;
        while (start < word.length()) {
            int end = word.length();
            Integer found = null;
            while (start < end) {
                String piece = start == 0 ? word.substring(0, end) : "##" + word.substring(start, end);
                found = vocabulary.get(piece);
                if (found != null) {
                    break;
                }
                end = word.offsetByCodePoints(end, -1);
            }
            if (found == null) {
                return List.of(unknown);
            }
            pieces.add(found);
            start = end;
        }
        return pieces;
    }

    private int id(String token) {
        Integer id = vocabulary.get(token);
        if (id == null) {
            throw new IllegalStateException("the vocabulary has no " + token);
        }
        return id;
    }

    private static void flush(StringBuilder word, List<String> words) {
        if (word.length() > 0) {
            words.add(word.toString());
            word.setLength(0);
        }
    }

    private static boolean whitespace(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || Character.getType(c) == Character.SPACE_SEPARATOR;
    }

    private static boolean control(int c) {
        if (c == '\t' || c == '\n' || c == '\r') {
            return false;
        }
        int type = Character.getType(c);
        return type == Character.CONTROL || type == Character.FORMAT;
    }

    private static boolean punctuation(int c) {
        if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) {
            return true;
        }
        return switch (Character.getType(c)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                    Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                    Character.OTHER_PUNCTUATION -> true;
            default -> false;
        };
    }

    private static boolean chinese(int c) {
        return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF)
                || (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF)
                || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
    }
}
