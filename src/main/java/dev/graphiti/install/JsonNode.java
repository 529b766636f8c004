package dev.graphiti.install;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed JSON value together with where it sits in the text ([start, end) character offsets), so an
 * edit can splice the original text and leave every other byte as it was.
 */
sealed interface JsonNode {

    int start();

    int end();

    /** The value this node denotes. */
    Json value();

    /** One `"key": value` of an object; {@code start} is where the key's opening quote is. */
    record Member(int start, String key, JsonNode value) {
    }

    record ObjectNode(int start, int end, List<Member> members) implements JsonNode {
        public ObjectNode {
            members = List.copyOf(members);
        }

        /** The member named key; the last one wins when a key repeats, as in JSON.parse. */
        Member member(String key) {
            Member found = null;
            for (Member member : members) {
                if (member.key().equals(key)) {
                    found = member;
                }
            }
            return found;
        }

        @Override
        public Json value() {
            Map<String, Json> values = new LinkedHashMap<>();
            for (Member member : members) {
                values.put(member.key(), member.value().value());
            }
            return new Json.JObject(values);
        }
    }

    record ArrayNode(int start, int end, List<JsonNode> items) implements JsonNode {
        public ArrayNode {
            items = List.copyOf(items);
        }

        @Override
        public Json value() {
            return new Json.JArray(items.stream().map(JsonNode::value).toList());
        }
    }

    record ScalarNode(int start, int end, Json value) implements JsonNode {
    }
}
