package dev.graphiti.fuzz;

import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded hostile input for a server that already initialized on 2025-03-26 (so batches are allowed):
 * deep nesting, huge and odd ids, bytes that are not UTF-8, batches, truncated JSON, garbage, wrong types.
 * Each frame says what a correct server answers: which (id, error code) pairs, and whether the frame as
 * a whole is refused by the parser (HTTP 400) rather than dispatched. The requests only use methods the
 * connection answers at once (ping, an unknown method, logging/setLevel), so a frame's answers arrive
 * before a ping sent after it.
 */
public final class HostileFrames {

    /** One expected response: its id (JSON null for an unreadable one) and error code (null: a result). */
    public record Answer(JsonValue id, Integer code) {
    }

    /**
     * One frame: its bytes (no line break), what it must be answered with, whether the answer is one
     * array (a batch), and whether the transport refuses it before dispatch (HTTP answers 400).
     */
    public record Frame(String kind, byte[] bytes, List<Answer> answers, boolean batch, boolean refused) {

        /** The frame for a failure message: its kind and its first 200 characters. */
        public String describe() {
            String text = new String(bytes, StandardCharsets.UTF_8);
            return kind + ": " + (text.length() > 200 ? text.substring(0, 200) + "..." : text);
        }
    }

    private record Element(String json, List<Answer> answers) {
    }

    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;

    /** The suite's seed; -Dfuzz.seed=N explores others (a failure message names the seed). */
    public static final long SEED = Long.getLong("fuzz.seed", 19L);

    private final Random random;
    private int serial;

    public HostileFrames(long seed) {
        this.random = new Random(seed);
    }

    public List<Frame> frames(int count) {
        List<Frame> frames = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            frames.add(next());
        }
        return frames;
    }

    public Frame next() {
        serial++;
        return switch (random.nextInt(12)) {
            case 0 -> deepNesting();
            case 1 -> hugeNumber();
            case 2 -> notUtf8();
            case 3 -> truncated();
            case 4 -> garbage();
            case 5, 6 -> batch();
            case 7 -> special();
            default -> single(element(40));
        };
    }

    private Frame single(Element element) {
        boolean refused = element.answers().size() == 1 && element.answers().get(0).code() != null
                && element.answers().get(0).code() == INVALID_REQUEST;
        return new Frame("single", utf8(element.json()), element.answers(), false, refused);
    }

    private Frame batch() {
        int size = 1 + random.nextInt(8);
        List<String> parts = new ArrayList<>();
        List<Answer> answers = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            Element element = random.nextInt(10) == 0 ? new Element("[" + validRequestJson(Json.createValue(serial), "ping", "{}") + "]",
                    List.of(new Answer(JsonValue.NULL, INVALID_REQUEST))) : element(30);
            parts.add(element.json());
            answers.addAll(element.answers());
        }
        return new Frame("batch", utf8("[" + String.join(random.nextBoolean() ? "," : " , ", parts) + "]"), answers, true, false);
    }

    private Frame special() {
        return switch (random.nextInt(3)) {
            case 0 -> new Frame("empty batch", utf8(random.nextBoolean() ? "[]" : " [ ] "),
                    List.of(new Answer(JsonValue.NULL, INVALID_REQUEST)), false, true);
            case 1 -> {
                JsonValue id = validId();
                yield new Frame("initialize in a batch", utf8("[" + validRequestJson(id, "initialize",
                        "{\"protocolVersion\":\"2025-03-26\",\"capabilities\":{}}") + "]"),
                        List.of(new Answer(id, INVALID_REQUEST)), true, false);
            }
            default -> new Frame("an error response from the client, matching nothing", utf8("{\"jsonrpc\":\"2.0\",\"id\":"
                    + json(validId()) + ",\"error\":{\"code\":" + bigInteger(1 + random.nextInt(30)) + ",\"message\":\"x\"}}"),
                    List.of(), false, false);
        };
    }

    /** A message object: valid requests with odd ids, wrong types, notifications, client responses. */
    private Element element(int maxDepth) {
        JsonValue id = validId();
        return switch (random.nextInt(9)) {
            case 0, 1 -> new Element(validRequestJson(id, "ping", nested(random.nextInt(maxDepth))), List.of(new Answer(id, null)));
            case 2 -> new Element(validRequestJson(id, "fuzz/" + text(6), "{}"), List.of(new Answer(id, -32601)));
            case 3 -> new Element(validRequestJson(id, "logging/setLevel", "{\"level\":" + oddValue() + "}"),
                    List.of(new Answer(id, -32602)));
            case 4 -> new Element("{\"jsonrpc\":\"2.0\",\"id\":" + invalidId() + ",\"method\":\"ping\"}",
                    List.of(new Answer(JsonValue.NULL, INVALID_REQUEST)));
            case 5 -> wrongTypes(id);
            case 6 -> new Element("{\"jsonrpc\":\"2.0\",\"method\":" + json(Json.createValue("notifications/" + text(5))) + ",\"params\":"
                    + nested(random.nextInt(maxDepth)) + "}", List.of());
            case 7 -> new Element("{\"jsonrpc\":\"2.0\",\"id\":" + json(id) + ",\"result\":{}}", List.of());
            default -> new Element(oddValue(), List.of(new Answer(JsonValue.NULL, INVALID_REQUEST)));
        };
    }

    private Element wrongTypes(JsonValue id) {
        String idJson = json(id);
        String message = switch (random.nextInt(5)) {
            case 0 -> "{\"jsonrpc\":\"2.0\",\"id\":" + idJson + ",\"method\":"
                    + List.of("7", "null", "false", "[]", "{}", "1.5").get(random.nextInt(6)) + "}";
            case 1 -> "{\"jsonrpc\":\"2.0\",\"id\":" + idJson + ",\"method\":\"ping\",\"params\":"
                    + List.of("[1]", "\"p\"", "7", "true", "null").get(random.nextInt(5)) + "}";
            case 2 -> "{\"jsonrpc\":" + List.of("\"1.0\"", "2.0", "null", "{}").get(random.nextInt(4)) + ",\"id\":" + idJson
                    + ",\"method\":\"ping\"}";
            case 3 -> "{\"id\":" + idJson + ",\"method\":\"ping\"}";
            default -> "{\"jsonrpc\":\"2.0\",\"id\":" + idJson + "}";
        };
        return new Element(message, List.of(new Answer(id, INVALID_REQUEST)));
    }

    private Frame deepNesting() {
        int depth = 65 + random.nextInt(random.nextBoolean() ? 100 : 20_000);
        String text = switch (random.nextInt(3)) {
            case 0 -> "[".repeat(depth);
            case 1 -> "[".repeat(depth) + "]".repeat(depth);
            default -> validRequestJson(validId(), "ping", "{\"a\":" + "{\"b\":".repeat(depth) + "1" + "}".repeat(depth) + "}");
        };
        return new Frame("deep nesting", utf8(text), List.of(new Answer(JsonValue.NULL, PARSE_ERROR)), false, true);
    }

    private Frame hugeNumber() {
        String digits = bigInteger(101 + random.nextInt(3000));
        String text = random.nextBoolean() ? "{\"jsonrpc\":\"2.0\",\"id\":" + digits + ",\"method\":\"ping\"}"
                : validRequestJson(validId(), "ping", "{\"n\":-" + digits + ".5e7}");
        return new Frame("huge number", utf8(text), List.of(new Answer(JsonValue.NULL, INVALID_REQUEST)), false, true);
    }

    private Frame notUtf8() {
        byte[][] bad = {{(byte) 0xff}, {(byte) 0xc3}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xc0, (byte) 0xaf},
                {(byte) 0xf8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0x80}};
        byte[] message = utf8(validRequestJson(Json.createValue("utf8-" + serial), "ping", "{}"));
        byte[] insert = bad[random.nextInt(bad.length)];
        int at = 1 + random.nextInt(message.length - 1);
        byte[] bytes = new byte[message.length + insert.length];
        System.arraycopy(message, 0, bytes, 0, at);
        System.arraycopy(insert, 0, bytes, at, insert.length);
        System.arraycopy(message, at, bytes, at + insert.length, message.length - at);
        return new Frame("not UTF-8", bytes, List.of(new Answer(JsonValue.NULL, PARSE_ERROR)), false, true);
    }

    private Frame truncated() {
        String whole = validRequestJson(validId(), "ping", nested(random.nextInt(10)));
        String cut = whole.substring(0, 1 + random.nextInt(whole.length() - 1));
        return new Frame("truncated", utf8(cut), List.of(new Answer(JsonValue.NULL, PARSE_ERROR)), false, true);
    }

    /** Starts with a letter no JSON text starts with, so it is never JSON and never blank. */
    private Frame garbage() {
        byte[] bytes = new byte[1 + random.nextInt(300)];
        random.nextBytes(bytes);
        bytes[0] = 'x';
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n' || bytes[i] == '\r') {
                bytes[i] = ' ';
            }
        }
        return new Frame("garbage", bytes, List.of(new Answer(JsonValue.NULL, PARSE_ERROR)), false, true);
    }

    private String validRequestJson(JsonValue id, String method, String params) {
        List<String> members = new ArrayList<>(List.of("\"jsonrpc\":\"2.0\"", "\"id\":" + json(id),
                "\"method\":" + json(Json.createValue(method)), "\"params\":" + params));
        java.util.Collections.shuffle(members, random);
        return "{" + String.join(random.nextBoolean() ? "," : " ,\t", members) + "}";
    }

    /**
     * Checks what a frame got against what it should: nothing for notifications and client responses;
     * one array holding exactly the expected responses for a batch; otherwise exactly the expected
     * response objects. Every answer carries "jsonrpc":"2.0", its request's id as sent, and for a ping
     * the empty result.
     */
    public static void verify(Frame frame, List<JsonValue> received) {
        String context = frame.describe() + "\n got: " + received;
        List<JsonValue> responses = received;
        if (frame.batch() && !frame.answers().isEmpty()) {
            if (received.size() != 1 || received.get(0).getValueType() != JsonValue.ValueType.ARRAY) {
                throw new AssertionError("a batch is answered with one JSON array: " + context);
            }
            responses = List.copyOf(received.get(0).asJsonArray());
        }
        java.util.Map<Answer, Integer> expected = new java.util.HashMap<>();
        frame.answers().forEach(a -> expected.merge(a, 1, Integer::sum));
        java.util.Map<Answer, Integer> got = new java.util.HashMap<>();
        for (JsonValue response : responses) {
            if (response.getValueType() != JsonValue.ValueType.OBJECT) {
                throw new AssertionError("not a response object: " + response + " for " + context);
            }
            var message = response.asJsonObject();
            if (!"2.0".equals(message.getString("jsonrpc", null)) || !message.containsKey("id")
                    || message.containsKey("result") == message.containsKey("error")) {
                throw new AssertionError("not a JSON-RPC response: " + message + " for " + context);
            }
            Integer code = message.containsKey("error") ? message.getJsonObject("error").getInt("code") : null;
            if (code == null && !message.getJsonObject("result").isEmpty()) {
                throw new AssertionError("a ping's result is {}: " + context);
            }
            got.merge(new Answer(message.get("id"), code), 1, Integer::sum);
        }
        if (!expected.equals(got)) {
            throw new AssertionError("expected " + expected + " but got " + got + " for " + context);
        }
    }

    /** Strings (empty, emoji, controls, lone surrogates, quotes, long) and integers (negative, 64-bit, 100 digits). */
    JsonValue validId() {
        return switch (random.nextInt(8)) {
            case 0 -> Json.createValue(random.nextInt(1000));
            case 1 -> Json.createValue(-1 - random.nextInt(Integer.MAX_VALUE));
            case 2 -> Json.createValue(random.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE);
            case 3 -> Json.createValue(new BigInteger((random.nextBoolean() ? "-" : "") + bigInteger(20 + random.nextInt(79))));
            case 4 -> Json.createValue("");
            case 5 -> Json.createValue(text(1 + random.nextInt(random.nextBoolean() ? 20 : 5000)));
            default -> Json.createValue(text(1 + random.nextInt(12)) + "-" + serial);
        };
    }

    private String invalidId() {
        return List.of("1.5", "-0.25", "1e3", "2E-2", "null", "true", "{}", "{\"a\":1}", "[]", "[1]", "1.0")
                .get(random.nextInt(11));
    }

    private String oddValue() {
        return List.of("7", "-1.5e300", "null", "false", "[]", "{}", "\"\"", "\"\\u0000\"", "{\"jsonrpc\":\"2.0\"}")
                .get(random.nextInt(9));
    }

    /** Arguments nested {@code depth} levels (objects and arrays alternating), with odd scalars inside. */
    private String nested(int depth) {
        StringBuilder open = new StringBuilder("{");
        StringBuilder close = new StringBuilder("}");
        for (int i = 1; i < depth; i++) {
            boolean array = random.nextBoolean();
            open.append(array ? "\"k\":[" : "\"k\":{");
            close.insert(0, array ? "]" : "}");
            if (array) {
                open.append(json(Json.createValue(text(3)))).append(",{");
                close.insert(0, "}");
                i++;
            }
        }
        return open + "\"s\":" + json(Json.createValue(text(4))) + close;
    }

    /** Random text: ASCII, controls, quotes and backslashes, accented letters, emoji, lone surrogates. */
    String text(int length) {
        StringBuilder text = new StringBuilder(length);
        while (text.length() < length) {
            switch (random.nextInt(8)) {
                case 0 -> text.append((char) random.nextInt(0x20));
                case 1 -> text.append(random.nextBoolean() ? '"' : '\\');
                case 2 -> text.append((char) (0xe0 + random.nextInt(0x20)));
                case 3 -> text.appendCodePoint(0x1f600 + random.nextInt(0x40));
                case 4 -> text.append((char) (0xd800 + random.nextInt(0x800)));
                case 5 -> text.append('\u2028');
                default -> text.append((char) ('a' + random.nextInt(26)));
            }
        }
        return text.toString();
    }

    private String bigInteger(int digits) {
        StringBuilder text = new StringBuilder(digits).append((char) ('1' + random.nextInt(9)));
        while (text.length() < digits) {
            text.append((char) ('0' + random.nextInt(10)));
        }
        return text.toString();
    }

    /**
     * JSON text for a value: strings escaped by hand, since a JSON-P writer would emit a lone surrogate raw
     * (which UTF-8 cannot carry). Controls and surrogates are escaped, everything else is written as UTF-8.
     */
    static String json(JsonValue value) {
        if (value.getValueType() != JsonValue.ValueType.STRING) {
            return value.toString();
        }
        String text = ((jakarta.json.JsonString) value).getString();
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == 0x2028 || Character.isSurrogate(c) && !validPair(text, i)) {
                out.append(String.format("\\u%04x", (int) c));
            } else if (Character.isHighSurrogate(c)) {
                out.append(c).append(text.charAt(++i));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    private static boolean validPair(String text, int i) {
        return Character.isHighSurrogate(text.charAt(i)) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
