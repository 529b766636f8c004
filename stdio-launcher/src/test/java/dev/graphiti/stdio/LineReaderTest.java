package dev.graphiti.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LineReaderTest {

    private static List<Line> lines(byte[] input, int cap) throws IOException {
        var reader = new LineReader(new ByteArrayInputStream(input), cap);
        List<Line> lines = new ArrayList<>();
        for (Optional<Line> line = reader.next(); line.isPresent(); line = reader.next()) {
            lines.add(line.get());
        }
        return lines;
    }

    private static List<Line> lines(String input, int cap) throws IOException {
        return lines(input.getBytes(StandardCharsets.UTF_8), cap);
    }

    @Test
    void splitsOnLfAndCrLfAndKeepsALastLineWithoutBreak() throws IOException {
        assertEquals(List.of(new Line.Text("a"), new Line.Text("b"), new Line.Text(""), new Line.Text("c\rd"), new Line.Text("e")),
                lines("a\nb\r\n\nc\rd\ne", 100));
        assertEquals(List.of(), lines("", 100));
    }

    @Test
    void aLineOverTheCapIsReportedAndSkippedToItsEnd() throws IOException {
        assertEquals(List.of(new Line.Text("12345"), new Line.TooLong(6, 5), new Line.Text("ok")),
                lines("12345\n123456\nok\n", 5));
    }

    @Test
    void multiByteCharactersSurviveReadBoundaries() throws IOException {
        String text = "é€𝄞".repeat(50_000);
        // Deliver the bytes a few at a time so characters are cut across reads.
        byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
        InputStream trickle = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 7));
            }
        };
        var reader = new LineReader(trickle, LineReader.DEFAULT_CAP);
        assertEquals(new Line.Text(text), reader.next().orElseThrow());
        assertEquals(Optional.empty(), reader.next());
    }

    @Test
    void aLineThatIsNotUtf8IsReportedAndTheNextOneIsRead() throws IOException {
        byte[] input = {'o', 'k', '\n', '"', (byte) 0xff, '"', '\n', '"', (byte) 0xed, (byte) 0xa0, (byte) 0x80, '"', '\n', 'n', 'e', 'x', 't', '\n'};
        assertEquals(List.of(new Line.Text("ok"), new Line.NotUtf8(), new Line.NotUtf8(), new Line.Text("next")), lines(input, 100));
    }
}
