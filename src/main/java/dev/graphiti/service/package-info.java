/**
 * The operations the CLI offers, between its commands and the graph: a command parses its options, calls a
 * service here and prints what it returns. {@link dev.graphiti.service.Graphs} owns opening a graph (its location
 * in, its SQLite database open out), so no layer above this one knows the store.
 */
package dev.graphiti.service;
