package dev.graphiti.tools;

import dev.graphiti.protocol.feature.InputRequest;
import dev.graphiti.protocol.feature.InputRequired;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The user's say before a destructive or ambiguous call goes ahead (a delete, a compaction, an add that would
 * leave two truths about one subject). A client that can ask its user (it declared elicitation) is asked, on
 * 2026-07-28 through an input-required result, in a 2025 session through elicitation/create; the answer counts
 * only for the arguments it was asked about (a sealed state holds their digest). A client that cannot ask is
 * refused with what to do: ask the user, then call again with {@code confirm: true}.
 */
final class Confirmation {

    static final String KEY = "confirm";

    /** What came of asking: go ahead (with the choice made, when there was one), or stop with this answer. */
    sealed interface Outcome permits Agreed, Stopped {
    }

    /** The user agreed; {@code choice} is the option picked when the question offered several. */
    record Agreed(Optional<String> choice) implements Outcome {
    }

    /** Nothing is done: the user declined, or the client cannot ask; {@code message} says why and what to do. */
    record Stopped(String message, boolean refused) implements Outcome {
    }

    private Confirmation() {
    }

    /**
     * Asks a yes/no {@code question} about the call with these {@code arguments}; a client that cannot ask gets the
     * call refused until it says {@code confirm: true}.
     */
    static Outcome ask(RequestContext context, JsonObject arguments, String question) {
        if (!context.clientCapabilities().containsKey("elicitation") && arguments.get("confirm") == JsonValue.TRUE) {
            return new Agreed(Optional.empty());
        }
        return ask(context, arguments, question, List.of(), "if they agree, call again with the same arguments and confirm: true.");
    }

    /**
     * Asks {@code question}; with {@code choices} the user picks one of them (the first is the default). Throws
     * {@link InputRequired} to ask; returns once the answer is in, or refuses with {@code remedy} (what the caller
     * can do instead) when the client cannot ask.
     */
    static Outcome ask(RequestContext context, JsonObject arguments, String question, List<String> choices, String remedy) {
        String digest = digest(arguments);
        Optional<JsonObject> answer = context.inputResponse(KEY);
        if (answer.isPresent() && context.openState().filter(digest::equals).isPresent()) {
            return judge(answer.get(), choices);
        }
        if (context.clientCapabilities().containsKey("elicitation")) {
            throw new InputRequired(java.util.Map.of(KEY, InputRequest.elicit(question, schema(choices))), context.sealState(digest));
        }
        return new Stopped(question + " Nothing was done: this client cannot ask its user (it declared no elicitation). "
                + "Ask the user; " + remedy, true);
    }

    private static Outcome judge(JsonObject answer, List<String> choices) {
        String action = answer.getString("action", "");
        JsonObject content = answer.get("content") instanceof JsonObject given ? given : JsonValue.EMPTY_JSON_OBJECT;
        if (!action.equals("accept")) {
            return new Stopped("Nothing was done: the user " + (action.equals("decline") ? "declined" : "cancelled") + ".", false);
        }
        if (choices.isEmpty()) {
            return content.getBoolean("confirm", false) ? new Agreed(Optional.empty())
                    : new Stopped("Nothing was done: the user did not confirm.", false);
        }
        String picked = content.get("choice") instanceof JsonString text ? text.getString() : choices.get(0);
        return choices.contains(picked) ? new Agreed(Optional.of(picked))
                : new Stopped("Nothing was done: the answer \"" + picked + "\" is none of " + choices + ".", false);
    }

    /** A checkbox to tick, or the options to pick from. */
    private static JsonObject schema(List<String> choices) {
        var property = Jsonp.object();
        String name;
        if (choices.isEmpty()) {
            name = "confirm";
            property.add("type", "boolean").add("title", "Go ahead").add("default", false);
        } else {
            name = "choice";
            var values = Jsonp.array();
            choices.forEach(values::add);
            property.add("type", "string").add("title", "What to do").add("enum", values).add("default", choices.get(0));
        }
        return Jsonp.object().add("type", "object").add("properties", Jsonp.object().add(name, property))
                .add("required", Jsonp.array().add(name)).build();
    }

    /** The arguments the answer is about, without the confirm flag (the retry of a refused call adds it). */
    private static String digest(JsonObject arguments) {
        var rest = Jsonp.object(arguments);
        rest.remove("confirm");
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(rest.build().toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
