/**
 * Secret detection and redaction: {@link dev.graphiti.redact.Redactor} replaces every secret it recognises
 * by a typed placeholder before text reaches a database, a log or a model; {@link dev.graphiti.redact.SensitivePaths}
 * names the files the git indexer never reads. Detectors are immutable and thread-safe; the package depends on nothing else.
 */
package dev.graphiti.redact;
