package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonValue;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8 for incoming messages: a byte sequence that is not UTF-8 is a parse error, not text with
 * U+FFFD in it (an id with a replaced character could never be matched by the client that sent it).
 */
public final class Utf8 {

    private Utf8() {
    }

    public static String decode(byte[] bytes, int offset, int length) throws MalformedMessageException {
        String text = new String(bytes, offset, length, StandardCharsets.UTF_8);
        if (text.indexOf('\uFFFD') < 0) {
            return text; // the fast decoder replaced nothing
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes, offset, length)).toString();
        } catch (CharacterCodingException e) {
            throw notUtf8();
        }
    }

    public static MalformedMessageException notUtf8() {
        return new MalformedMessageException(ErrorCode.PARSE_ERROR, JsonValue.NULL,
                "Parse error: the message is not valid UTF-8");
    }
}
