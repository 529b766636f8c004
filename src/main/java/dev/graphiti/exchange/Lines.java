package dev.graphiti.exchange;

import dev.graphiti.access.FileAccess;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A UTF-8 text file read line by line, knowing the line's number and how far into the file it is. The file is
 * opened as {@link FileAccess} allows, and a line longer than {@link FileAccess#LINE_CHARS} stops the reading with
 * an error instead of filling the memory (a file of one endless line, /dev/zero behind a link).
 */
final class Lines implements AutoCloseable {

    private final Path file;
    private final long size;
    private final Counted counted;
    private final Reader reader;
    private final char[] buffer = new char[1 << 16];
    private final int maxChars;
    private int position;
    private int limit;
    private int number;

    Lines(FileAccess access, Path file) {
        this(access, file, FileAccess.LINE_CHARS);
    }

    Lines(FileAccess access, Path file, int maxChars) {
        this.file = file;
        this.maxChars = maxChars;
        try {
            Path real = access.file(file, file.toString());
            this.size = Math.max(1, Files.size(real));
            this.counted = new Counted(access.open(real, file.toString()));
        } catch (IOException e) {
            throw new MalformedFile(file.toString(), "cannot be read (" + e.getMessage() + ")");
        }
        this.reader = new InputStreamReader(counted, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
    }

    /** The next line (without its \n or \r\n), or empty at the end of the file. */
    Optional<String> next() {
        try {
            StringBuilder line = new StringBuilder();
            boolean any = false;
            while (true) {
                if (position == limit) {
                    limit = reader.read(buffer);
                    position = 0;
                    if (limit <= 0) {
                        limit = 0;
                        if (!any) {
                            return Optional.empty();
                        }
                        break;
                    }
                }
                any = true;
                int start = position;
                while (position < limit && buffer[position] != '\n') {
                    position++;
                }
                if (line.length() + (position - start) > maxChars) {
                    throw FileAccess.lineTooLong(where(number + 1));
                }
                line.append(buffer, start, position - start);
                if (position < limit) {
                    position++; // the \n
                    break;
                }
            }
            number++;
            int end = line.length();
            if (end > 0 && line.charAt(end - 1) == '\r') {
                line.setLength(end - 1);
            }
            if (number == 1 && line.length() > 0 && line.charAt(0) == '\uFEFF') {
                line.deleteCharAt(0);
            }
            return Optional.of(line.toString());
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
