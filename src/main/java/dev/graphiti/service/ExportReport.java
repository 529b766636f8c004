package dev.graphiti.service;

import dev.graphiti.exchange.ExchangeFormat;
import java.nio.file.Path;

/** What an export wrote: the items it read from the graph and the records (lines, notes) it wrote to {@code to}. */
public record ExportReport(ExchangeFormat format, Path to, int items, int written) {
}
