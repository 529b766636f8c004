package dev.graphiti.exchange;

import dev.graphiti.graph.ItemRecord;
import java.util.List;
import java.util.Optional;

/** Reads the records of an imported file or folder, one at a time, so a file of any size streams. */
public interface RecordReader extends AutoCloseable {

    /** The next record, or empty at the end; a malformed part fails with {@link MalformedFile}. */
    Optional<ItemRecord> next();

    /** Where the last record came from (a file and line), for a message about it. */
    String where();

    /** How much of the input has been read, 0 to 1, for progress. */
    double done();

    /** Parts passed over on purpose (empty notes), told in the report. */
    default int skipped() {
        return 0;
    }

    /** Files found and not read (a link out of the allowed directories, a special file), a sentence each. */
    default List<String> refused() {
        return List.of();
    }

    @Override
    void close();
}
