package dev.graphiti.service;

import dev.graphiti.exchange.ExchangeFormat;
import java.nio.file.Path;
import java.util.List;

/**
 * What an import did: the records read from {@code from}, how many were stored as new items, how many replaced the
 * item of their id with an edited version (a note edited since its export), how many were there
 * already (the same id: an earlier import of the file), how many repeated a current item's content, the secrets
 * redacted, the parts passed over (empty notes, lines of a type the format does not know), and the files found and
 * refused, a sentence each (a link out of the directories that may be read, a special file).
 */
public record ImportReport(ExchangeFormat format, Path from, int read, int stored, int replaced, int present,
                           int duplicates, int redactions, int skipped, List<String> refused) {
}
