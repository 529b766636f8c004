/**
 * The operations under the CLI, between its commands and the graph: a command parses its options, calls a service
 * here and prints what it returns. {@link dev.graphiti.service.Graphs} owns opening a graph (its location in, its
 * database open out) through the graph's {@link dev.graphiti.graph.GraphStore}, so this package imports graph and
 * never store (the store's {@code Stores} is handed in by whoever assembles the process); the operations
 * ({@link dev.graphiti.service.ContextService}, {@link dev.graphiti.service.HealthService},
 * {@link dev.graphiti.service.IndexService}, {@link dev.graphiti.service.CaptureService},
 * {@link dev.graphiti.service.SearchService}, {@link dev.graphiti.service.SummaryService},
 * {@link dev.graphiti.service.EmbedService}, {@link dev.graphiti.service.RecallService},
 * {@link dev.graphiti.service.Items}, {@link dev.graphiti.service.Exchange}) take what they need in their
 * constructors and open the graph for each call.
 */
package dev.graphiti.service;
