package dev.graphiti.ingest.transcript;

import dev.graphiti.graph.CapturePositions;
import dev.graphiti.graph.ThreadPosition;
import dev.graphiti.ingest.ItemDraft;
import dev.graphiti.ingest.ItemSink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * `graphiti capture`: reads the turns of an agent's session written since the last capture, claims that byte
 * range, extracts knowledge and stores it as items with the session as source. The claim comes
 * before storing, so two captures of one session never store the same turn twice; if a capture
 * dies between claim and store, those few turns are not captured (the price of never duplicating).
 */
public final class ConversationCapture {

    /** Claim attempts before giving up to a capture that keeps winning (it has then read the turns). */
    private static final int ATTEMPTS = 5;
    /** The newest captured rules a new one is compared with, to find the one it changes. */
    private static final int SETTLED_LOOKBACK = 500;

    private final AgentLog agent;
    private final SessionReader reader;
    private final Extractor extractor;
    private final CapturePositions positions;
    private final ItemSink sink;
    private final Optional<Path> root;

    /** Captures the sessions of {@code agent}, read with its reader, anchoring nothing to files it touched. */
    public ConversationCapture(AgentLog agent, Extractor extractor, CapturePositions positions, ItemSink sink) {
        this(agent, extractor, positions, sink, Optional.empty());
    }

    /** @param root the project's work tree, which the files a session touched are anchored relative to */
    public ConversationCapture(AgentLog agent, Extractor extractor, CapturePositions positions, ItemSink sink,
                               Optional<Path> root) {
        this.agent = agent;
        this.reader = agent.reader();
        this.extractor = extractor;
        this.positions = positions;
        this.sink = sink;
        this.root = root;
    }

    /** The agent whose sessions this captures. */
    public AgentLog agent() {
        return agent;
    }

    /** Where the session's log ends now, in its reader's offsets. */
    public long end(Path transcript) throws IOException {
        return reader.end(transcript);
    }

    public CaptureReport capture(Path transcript, String sessionId) throws IOException {
        long end = reader.end(transcript); // NoSuchFileException when it is gone
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            long from = positions.position(sessionId);
            long start = end < from ? 0 : from; // a shorter log was rewritten: read it again
            TranscriptChunk chunk = reader.read(transcript, start, sessionId);
            if (chunk.end() == from) {
                return CaptureReport.unchanged(sessionId, from);
            }
            if (!positions.claim(sessionId, from, chunk.end())) {
                continue; // another capture claimed this range first; look again from where it left off
            }
            return store(sessionId, chunk);
        }
        return CaptureReport.unchanged(sessionId, positions.position(sessionId));
    }

    /**
     * The chunk's items in one transaction (the sink deduplicates inside it as across captures), each placed in
     * the session's thread: the chunk's byte offset plus its order in the chunk grows along the transcript (a
     * chunk holds fewer items than bytes), so later captures continue the order. A statement a stored item
     * already makes, however it is worded (the assistant recalling a decision), counts as a repeat. A rule that
     * changes or extends one captured from another session supersedes it (see {@link Revisions}). Each is anchored to the
     * files the session touched around it ({@link TouchedFiles}) and keeps what the session was doing ({@link Occasions}).
     */
    private CaptureReport store(String sessionId, TranscriptChunk chunk) {
        List<Extraction> extractions = extractor.extract(chunk.turns());
        List<ItemDraft> drafts = new ArrayList<>(extractions.size());
        String source = agent.source(sessionId);
        List<ItemSink.Settled> settled = extractions.isEmpty() ? List.of() : sink.settled(SETTLED_LOOKBACK);
        Set<String> superseded = new HashSet<>();
        String opening = chunk.start() > 0 ? "" : chunk.turns().stream().filter(t -> t.role() == Turn.Role.user)
                .map(Turn::text).findFirst().orElse("");
        TouchedFiles touched = new TouchedFiles(chunk, root);
        Occasions occasions = new Occasions(chunk, touched, extractions.stream().map(Extraction::at)
                .filter(Objects::nonNull).collect(Collectors.toSet()));
        for (Extraction extraction : extractions) {
            if (sink.known(extraction.content())) {
                continue;
            }
            Optional<Revisions.Revision> revision = Revisions.of(extraction, opening, source, settled)
                    .filter(r -> superseded.add(r.supersedes()));
            drafts.add(new ItemDraft(extraction.kind(), extraction.title(),
                    revision.map(Revisions.Revision::content).orElse(extraction.content()), List.of("capture"), source,
                    extraction.at(), Optional.of(new ThreadPosition(sessionId, chunk.start() + drafts.size())),
                    revision.map(Revisions.Revision::supersedes), touched.around(extraction.at()),
                    occasions.of(extraction.at())));
        }
        List<ItemSink.Stored> stored = drafts.isEmpty() ? List.of() : sink.storeAll(drafts);
        int added = (int) stored.stream().filter(s -> !s.duplicate()).count();
        return new CaptureReport(sessionId, chunk.turns().size(), added, extractions.size() - added, chunk.end(),
                chunk.malformed());
    }
}
