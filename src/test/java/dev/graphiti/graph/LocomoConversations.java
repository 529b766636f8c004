package dev.graphiti.graph;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The LoCoMo benchmark's conversations and questions (snap-research/locomo): read from its locomo10.json (a list of
 * samples), from the repository's data/locomo10.zip (one file per conversation), or from a directory of either.
 */
record LocomoConversations(List<Conversation> conversations) {

    record Turn(String conversation, int session, String diaId, String speaker, String text, Instant at) {

        String sessionKey() {
            return conversation + "/" + session;
        }

        String turnKey() {
            return conversation + "/" + diaId;
        }
    }

    /** category: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop (5, adversarial, has no evidence to find). */
    record Question(String conversation, String text, int category, List<String> evidenceTurns, List<String> evidenceSessions) {
    }

    record Conversation(String id, List<Turn> turns, List<Question> questions) {
    }

    private static final Pattern EVIDENCE = Pattern.compile("D(\\d+):(\\d+)");
    private static final DateTimeFormatter SESSION_TIME = DateTimeFormatter.ofPattern("h:mm a 'on' d MMMM, yyyy", Locale.ENGLISH);

    static LocomoConversations read(Path path) throws IOException {
        List<Conversation> conversations = new ArrayList<>();
        if (Files.isDirectory(path)) {
            try (Stream<Path> files = Files.walk(path)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".json") || f.toString().endsWith(".zip")).sorted().toList()) {
                    conversations.addAll(read(file).conversations());
                }
            }
        } else if (path.toString().endsWith(".zip")) {
            try (ZipFile zip = new ZipFile(path.toFile())) {
                List<ZipEntry> entries = new ArrayList<>();
                for (Enumeration<? extends ZipEntry> all = zip.entries(); all.hasMoreElements(); ) {
                    ZipEntry entry = all.nextElement();
                    if (!entry.isDirectory() && entry.getName().endsWith(".json")) {
                        entries.add(entry);
                    }
                }
                entries.sort(java.util.Comparator.comparing(ZipEntry::getName));
                for (ZipEntry entry : entries) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        conversations.addAll(parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), fileStem(entry.getName())));
                    }
                }
            }
        } else {
            conversations.addAll(parse(Files.readString(path), fileStem(path.getFileName().toString())));
        }
        return new LocomoConversations(conversations);
    }

    private static String fileStem(String name) {
        String file = name.substring(name.lastIndexOf('/') + 1);
        return "conv-" + file.replaceFirst("\\.json$", "");
    }

    private static List<Conversation> parse(String json, String stem) {
        try (JsonReader reader = Json.createReader(new StringReader(json))) {
            JsonValue value = reader.readValue();
            if (value.getValueType() == JsonValue.ValueType.ARRAY) {
                List<Conversation> all = new ArrayList<>();
                for (JsonObject sample : value.asJsonArray().getValuesAs(JsonObject.class)) {
                    all.add(conversation(sample.getString("sample_id", stem + "-" + all.size()),
                            sample.getJsonObject("conversation"), sample.getJsonArray("qa")));
                }
                return all;
            }
            JsonObject sample = value.asJsonObject();
            return List.of(conversation(stem, sample, sample.getJsonArray("qa")));
        }
    }

    private static Conversation conversation(String id, JsonObject sessions, JsonArray qa) {
        List<Turn> turns = new ArrayList<>();
        for (int session = 1; sessions.containsKey("session_" + session + "_date_time"); session++) {
            JsonValue dialogue = sessions.get("session_" + session);
            if (dialogue == null || dialogue.getValueType() != JsonValue.ValueType.ARRAY) {
                continue;
            }
            Instant at = time(sessions.getString("session_" + session + "_date_time"));
            for (JsonObject turn : dialogue.asJsonArray().getValuesAs(JsonObject.class)) {
                String text = turn.getString("text", "").strip();
                if (turn.containsKey("blip_caption")) {
                    text += " [shares " + turn.getString("blip_caption") + "]";
                }
                if (!text.isBlank()) {
                    turns.add(new Turn(id, session, turn.getString("dia_id"), turn.getString("speaker"), text, at));
                }
            }
        }
        List<Question> questions = new ArrayList<>();
        for (JsonObject question : qa.getValuesAs(JsonObject.class)) {
            int category = question.getInt("category", 0);
            List<String> evidenceTurns = new ArrayList<>();
            List<String> evidenceSessions = new ArrayList<>();
            for (JsonValue evidence : question.getJsonArray("evidence") == null ? List.<JsonValue>of()
                    : question.getJsonArray("evidence")) {
                Matcher found = EVIDENCE.matcher(evidence.toString());
                while (found.find()) {
                    String turn = id + "/D" + found.group(1) + ":" + found.group(2);
                    String session = id + "/" + found.group(1);
                    if (!evidenceTurns.contains(turn)) {
                        evidenceTurns.add(turn);
                    }
                    if (!evidenceSessions.contains(session)) {
                        evidenceSessions.add(session);
                    }
                }
            }
            questions.add(new Question(id, question.getString("question"), category, evidenceTurns, evidenceSessions));
        }
        return new Conversation(id, turns, questions);
    }

    private static Instant time(String text) {
        try {
            return LocalDateTime.parse(text.strip().replace("am", "AM").replace("pm", "PM"), SESSION_TIME).toInstant(ZoneOffset.UTC);
        } catch (java.time.format.DateTimeParseException e) {
            return Instant.EPOCH;
        }
    }
}
