package dev.graphiti.ingest.transcript;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where opencode keeps its sessions: since 1.x one SQLite database, &lt;XDG_DATA_HOME or ~/.local/share&gt;/opencode/
 * opencode.db (OPENCODE_DB names another, relative to that folder), tables session, message and part. Each session's
 * row names the directory it ran in; a subagent's session (its parent_id names the session that spawned it) is passed
 * over, as Claude Code's sidechains are. One database holds every session, so a session's log is named
 * &lt;database&gt;/&lt;session id&gt;, which {@link OpencodeSessionReader} reads.
 */
public final class OpencodeSessions {

    private final Path folder;
    private final Path database;

    /** dataFolder is opencode's data folder (~/.local/share/opencode); database its database file. */
    public OpencodeSessions(Path dataFolder, Path database) {
        this.folder = dataFolder;
        this.database = database;
    }

    public Path folder() {
        return folder;
    }

    /** Every session's log (not a subagent's), least recently updated first. */
    public List<SessionFile> all() throws IOException {
        if (!Files.isRegularFile(database, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<SessionFile> sessions = new ArrayList<>();
        try (Connection connection = OpencodeSessionReader.open(database); Statement query = connection.createStatement();
             ResultSet rows = query.executeQuery("SELECT id, directory FROM session WHERE parent_id IS NULL"
                     + " ORDER BY time_updated, id")) {
            while (rows.next()) {
                String directory = rows.getString(2);
                sessions.add(new SessionFile(database.resolve(rows.getString(1)), directory == null || directory.isBlank()
                        ? Optional.empty() : Optional.of(Path.of(directory).toAbsolutePath().normalize())));
            }
        } catch (SQLException e) {
            throw new IOException("cannot read opencode's database " + database + ": " + e.getMessage(), e);
        }
        return sessions;
    }

}
