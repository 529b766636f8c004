package dev.graphiti.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SseWriterTest {

    @Test
    void framesEventsAndComments() throws Exception {
        var out = new ByteArrayOutputStream();
        var writer = new SseWriter(out);
        writer.event("{\"a\":1}");
        writer.comment("keep-alive");
        writer.event("two\nlines");
        assertEquals("event: message\ndata: {\"a\":1}\n\n: keep-alive\n\nevent: message\ndata: two\ndata: lines\n\n",
                out.toString(StandardCharsets.UTF_8));
    }
}
