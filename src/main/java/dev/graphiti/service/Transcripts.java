package dev.graphiti.service;

import dev.graphiti.ingest.transcript.TranscriptLocator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Finds Claude Code's session transcripts of a project (under {@code <claude home>/projects}), for capture. */
public final class Transcripts {

    private final TranscriptLocator locator;

    /** @param claudeHome Claude Code's configuration directory, whose projects/ holds the transcripts */
    public Transcripts(Path claudeHome) {
        this.locator = new TranscriptLocator(claudeHome);
    }

    /** The transcript of session {@code sessionId} of the project at {@code project}, when Claude Code kept it. */
    public Optional<Path> session(Path project, String sessionId) {
        return locator.session(project, sessionId);
    }

    /** The project's most recent transcript. */
    public Optional<Path> latest(Path project) throws IOException {
        return locator.latest(project);
    }

    /** Every transcript of the project rooted at {@code projectRoot}, oldest first (see TranscriptLocator). */
    public List<Path> ofProject(Path projectRoot) throws IOException {
        return locator.projectTranscripts(projectRoot);
    }

    /** Every project folder of Claude Code, with the directory its sessions ran in when they say. */
    public List<TranscriptLocator.ProjectFolder> projects() throws IOException {
        return locator.allProjects();
    }

    /** The transcripts of one project folder, oldest first. */
    public static List<Path> in(Path folder) throws IOException {
        return TranscriptLocator.transcriptsIn(folder);
    }

    /** The session a transcript records (its file name). */
    public static String sessionOf(Path transcript) {
        return TranscriptLocator.sessionOf(transcript);
    }
}
