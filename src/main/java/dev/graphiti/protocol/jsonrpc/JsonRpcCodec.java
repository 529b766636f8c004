package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Text to JSON-RPC messages and back. Parsing tells a parse error (-32700: not UTF-8, not JSON, or
 * beyond {@link MessageBounds}) from an invalid request (-32600: JSON, but not a JSON-RPC 2.0 message);
 * inside a batch an invalid element becomes its own error response and the valid elements still run.
 * No input makes it throw anything else.
 */
public final class JsonRpcCodec {

    /** Parses one transport message as it arrived: bytes that must be UTF-8 (RFC 8259 section 8.1). */
    public Incoming parse(byte[] utf8, int offset, int length) throws MalformedMessageException {
        return parse(Utf8.decode(utf8, offset, length));
    }

    /** Parses one transport message: a JSON object, or a non-empty array of them. */
    public Incoming parse(String text) throws MalformedMessageException {
        MessageBounds.check(text);
        JsonValue value;
        // A parser rather than a reader: the reader ignores whatever follows the first value.
        try (var parser = Jsonp.PROVIDER.createParser(new StringReader(text))) {
            if (!parser.hasNext()) {
                throw new MalformedMessageException(ErrorCode.PARSE_ERROR, JsonValue.NULL, "Parse error: empty message");
            }
            parser.next();
            value = parser.getValue();
            if (parser.hasNext()) {
                throw new MalformedMessageException(ErrorCode.PARSE_ERROR, JsonValue.NULL,
                        "Parse error: unexpected content after the JSON value");
            }
        } catch (RuntimeException e) {
            // JsonException for bad syntax, but JSON-P also throws plain runtime exceptions for its own limits.
            throw new MalformedMessageException(ErrorCode.PARSE_ERROR, JsonValue.NULL, "Parse error: " + firstLine(e));
        }
        if (value.getValueType() == JsonValue.ValueType.ARRAY) {
            return parseBatch(value.asJsonArray());
        }
        return new SingleMessage(toMessage(value));
    }

    /**
     * Serializes a message as compact JSON on one line (JSON-P escapes line breaks inside strings). A lone
     * surrogate, which UTF-8 cannot carry, is written as its JSON escape (backslash, u, four hex digits),
     * so a string such as an id comes back exactly as the client wrote it.
     */
    public String write(JsonObject message) {
        var out = new StringWriter();
        try (var writer = Jsonp.PROVIDER.createWriter(out)) {
            writer.write(message);
        }
        return escapeLoneSurrogates(out.toString());
    }

    /** Outside strings JSON text is ASCII, so every surrogate is inside a string, where an escape is valid. */
    private static String escapeLoneSurrogates(String json) {
        int first = 0;
        int length = json.length();
        while (first < length && !Character.isSurrogate(json.charAt(first))) {
            first++;
        }
        if (first == length) {
            return json;
        }
        var escaped = new StringBuilder(length + 16).append(json, 0, first);
        for (int i = first; i < length; i++) {
            char c = json.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(json.charAt(i + 1))) {
                escaped.append(c).append(json.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                escaped.append(String.format("\\u%04x", (int) c));
            } else {
                escaped.append(c);
            }
        }
        return escaped.toString();
    }

    private MessageBatch parseBatch(JsonArray array) throws MalformedMessageException {
        if (array.isEmpty()) {
            throw new MalformedMessageException(ErrorCode.INVALID_REQUEST, JsonValue.NULL, "Invalid Request: empty batch");
        }
        List<JsonRpcMessage> messages = new ArrayList<>();
        List<JsonRpcErrorResponse> rejected = new ArrayList<>();
        for (JsonValue element : array) {
            try {
                messages.add(toMessage(element));
            } catch (MalformedMessageException e) {
                rejected.add(e.response());
            }
        }
        return new MessageBatch(messages, rejected);
    }

    /** Classifies one JSON value as request, notification or response, checking each member's type. */
    public JsonRpcMessage toMessage(JsonValue value) throws MalformedMessageException {
        if (value.getValueType() != JsonValue.ValueType.OBJECT) {
            throw invalid(JsonValue.NULL, "a JSON-RPC message is a JSON object");
        }
        JsonObject object = value.asJsonObject();
        JsonValue rawId = object.get("id");
        JsonValue id = JsonRpcIds.isValid(rawId) ? rawId : JsonValue.NULL;
        if (!(object.get("jsonrpc") instanceof JsonString version) || !"2.0".equals(version.getString())) {
            throw invalid(id, "\"jsonrpc\" must be \"2.0\"");
        }
        if (object.containsKey("id") && id == JsonValue.NULL) {
            throw invalid(JsonValue.NULL, "\"id\" must be a string or an integer");
        }
        if (object.containsKey("method")) {
            if (!(object.get("method") instanceof JsonString method)) {
                throw invalid(id, "\"method\" must be a string");
            }
            JsonValue params = object.get("params");
            if (params != null && params.getValueType() != JsonValue.ValueType.OBJECT) {
                throw invalid(id, "\"params\" must be an object");
            }
            JsonObject paramsObject = params == null ? JsonValue.EMPTY_JSON_OBJECT : params.asJsonObject();
            return id == JsonValue.NULL
                    ? new JsonRpcNotification(method.getString(), paramsObject)
                    : new JsonRpcRequest(id, method.getString(), paramsObject);
        }
        if (id == JsonValue.NULL) {
            throw invalid(JsonValue.NULL, "a message without \"method\" is a response and needs an \"id\"");
        }
        boolean hasResult = object.containsKey("result");
        boolean hasError = object.containsKey("error");
        if (hasResult == hasError) {
            throw invalid(id, "a response has exactly one of \"result\" and \"error\"");
        }
        if (hasResult) {
            if (object.get("result").getValueType() != JsonValue.ValueType.OBJECT) {
                throw invalid(id, "\"result\" must be an object");
            }
            return new JsonRpcResult(id, object.getJsonObject("result"));
        }
        return new JsonRpcErrorResponse(id, toError(id, object.get("error")));
    }

    private JsonRpcError toError(JsonValue id, JsonValue error) throws MalformedMessageException {
        if (error.getValueType() != JsonValue.ValueType.OBJECT) {
            throw invalid(id, "\"error\" must be an object");
        }
        JsonObject object = error.asJsonObject();
        if (!(object.get("code") instanceof JsonNumber code) || !code.isIntegral()) {
            throw invalid(id, "\"error.code\" must be an integer");
        }
        String message = object.get("message") instanceof JsonString text ? text.getString() : "";
        return new JsonRpcError(code.intValue(), message, object.get("data"));
    }

    private static MalformedMessageException invalid(JsonValue id, String why) {
        return new MalformedMessageException(ErrorCode.INVALID_REQUEST, id, "Invalid Request: " + why);
    }

    private static String firstLine(Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
