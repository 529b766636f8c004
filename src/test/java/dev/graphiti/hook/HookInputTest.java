package dev.graphiti.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HookInputTest {

    /** What Claude Code writes to a SessionStart hook's stdin. */
    static final String SESSION_START = """
            {"session_id":"7f1c2d3e-0a4b-4c5d-8e9f-112233445566","transcript_path":"/home/dev/.claude/projects/-home-dev-shop/7f1c2d3e-0a4b-4c5d-8e9f-112233445566.jsonl","cwd":"/home/dev/shop","hook_event_name":"SessionStart","source":"startup","model":"claude-sonnet-4-5"}""";

    static final String STOP = """
            {"session_id":"7f1c2d3e","transcript_path":"/home/dev/.claude/projects/-home-dev-shop/7f1c2d3e.jsonl","cwd":"/home/dev/shop","permission_mode":"default","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Done."}""";

    static final String PRE_COMPACT = """
            {"session_id":"7f1c2d3e","transcript_path":"/home/dev/.claude/projects/-home-dev-shop/7f1c2d3e.jsonl","cwd":"/home/dev/shop","hook_event_name":"PreCompact","trigger":"auto","custom_instructions":""}""";

    @Test
    void readsTheFieldsOfEachHookEvent() throws Exception {
        HookInput start = HookInput.read(new ByteArrayInputStream(SESSION_START.getBytes(StandardCharsets.UTF_8)));
        assertEquals(new HookInput("7f1c2d3e-0a4b-4c5d-8e9f-112233445566",
                Optional.of(Path.of("/home/dev/.claude/projects/-home-dev-shop/7f1c2d3e-0a4b-4c5d-8e9f-112233445566.jsonl")),
                Optional.of(Path.of("/home/dev/shop")), "SessionStart", Optional.of("startup"), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty()), start);

        HookInput stop = HookInput.parse(STOP);
        assertEquals("Stop", stop.hookEventName());
        assertEquals(Optional.of(Path.of("/home/dev/.claude/projects/-home-dev-shop/7f1c2d3e.jsonl")), stop.transcriptPath());

        HookInput compact = HookInput.parse(PRE_COMPACT);
        assertEquals("PreCompact", compact.hookEventName());
        assertEquals(Optional.of("auto"), compact.trigger());
        assertEquals("7f1c2d3e", compact.sessionId());

        HookInput edit = HookInput.parse(PRE_TOOL_USE);
        assertEquals(Optional.of("Edit"), edit.toolName());
        assertEquals(Optional.of("/home/dev/shop/src/Store.java"), edit.filePath());
    }

    /** As Claude Code 2.1.328 writes it for an Edit (common fields, tool_name, tool_input, tool_use_id). */
    static final String PRE_TOOL_USE = """
            {"session_id":"7f1c2d3e","transcript_path":"/home/dev/.claude/projects/-home-dev-shop/7f1c2d3e.jsonl","cwd":"/home/dev/shop","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Edit","tool_input":{"file_path":"/home/dev/shop/src/Store.java","old_string":"a","new_string":"b"},"tool_use_id":"toolu_01"}""";

    @Test
    void windowsPathsArriveEscapedAndAreDecoded() {
        HookInput input = HookInput.parse(
                "{\"session_id\":\"s\",\"hook_event_name\":\"Stop\",\"transcript_path\":\"C:\\\\Users\\\\dev\\\\t.jsonl\"}");
        assertEquals("C:\\Users\\dev\\t.jsonl", input.transcriptPath().orElseThrow().toString());
    }

    @Test
    void badInputIsRejectedWithAClearMessage() {
        assertEquals("no hook input on stdin; expected the JSON object Claude Code sends to hooks"
                        + " (or pass --transcript and --session-id)",
                assertThrows(IllegalArgumentException.class, () -> HookInput.parse(" \n")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> HookInput.parse("{\"session_id\": "));
        assertEquals("hook input on stdin is not a JSON object",
                assertThrows(IllegalArgumentException.class, () -> HookInput.parse("[1]")).getMessage());
        assertEquals("hook input on stdin has no \"session_id\"",
                assertThrows(IllegalArgumentException.class, () -> HookInput.parse("{\"hook_event_name\":\"Stop\"}"))
                        .getMessage());
        assertEquals("hook input on stdin: \"session_id\" is not a string", assertThrows(IllegalArgumentException.class,
                () -> HookInput.parse("{\"session_id\":5,\"hook_event_name\":\"Stop\"}")).getMessage());
        byte[] huge = new byte[HookInput.MAX_BYTES + 10];
        assertThrows(IllegalArgumentException.class, () -> HookInput.read(new ByteArrayInputStream(huge)));
    }
}
