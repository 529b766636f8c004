package dev.graphiti.exchange;

import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** A UTF-8 text file read line by line, knowing the line's number and how far into the file it is. */
final class Lines implements AutoCloseable {

    private final Path file;
    private final long size;
    private final Counted counted;
    private final BufferedReader reader;
    private int number;

    Lines(Path file) {
        this.file = file;
        try {
            this.size = Math.max(1, Files.size(file));
            this.counted = new Counted(Files.newInputStream(file));
        } catch (IOException e) {
            throw new MalformedFile(file.toString(), "cannot be read (" + e.getMessage() + ")");
        }
        this.reader = new BufferedReader(new InputStreamReader(counted, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)), 1 << 16);
    }

    /** The next line, or empty at the end of the file. */
    Optional<String> next() {
        try {
            String line = reader.readLine();
            if (line != null) {
                number++;
                if (number == 1 && line.startsWith("\uFEFF")) {
                    line = line.substring(1);
                }
            }
            return Optional.ofNullable(line);
        } catch (CharacterCodingException e) {
            throw new MalformedFile(where(number + 1), "is not UTF-8 text");
        } catch (IOException e) {
            throw new MalformedFile(where(number + 1), "cannot be read (" + e.getMessage() + ")");
        }
    }

    /** The current line's place: the file and its line number. */
    String where() {
        return where(number);
    }

    private String where(int line) {
        return file + " line " + line;
    }

    double done() {
        return Math.min(1.0, (double) counted.read / size);
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            // read only: nothing is lost
        }
    }

    /** Counts the bytes read, for progress. */
    private static final class Counted extends FilterInputStream {
        long read;

        Counted(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                read++;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                read += n;
            }
            return n;
        }
    }
}
