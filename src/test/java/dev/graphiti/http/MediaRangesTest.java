package dev.graphiti.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MediaRangesTest {

    @Test
    void acceptsExactAndWildcardRanges() {
        var both = MediaRanges.parse("application/json, text/event-stream");
        assertTrue(both.accepts("application/json"));
        assertTrue(both.accepts("text/event-stream"));
        assertTrue(MediaRanges.parse("*/*").accepts("text/event-stream"));
        assertTrue(MediaRanges.parse("text/*;q=0.5").accepts("text/event-stream"));
        assertFalse(MediaRanges.parse("application/json").accepts("text/event-stream"));
        assertFalse(MediaRanges.parse(null).accepts("application/json"));
    }

    @Test
    void qualityZeroRefuses() {
        var ranges = MediaRanges.parse("application/json, text/event-stream;q=0");
        assertFalse(ranges.accepts("text/event-stream"));
    }

    @Test
    void mediaTypeDropsParameters() {
        assertEquals("application/json", MediaRanges.mediaType("Application/JSON; charset=utf-8"));
        assertEquals("", MediaRanges.mediaType(null));
    }
}
