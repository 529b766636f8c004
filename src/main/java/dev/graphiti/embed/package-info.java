/**
 * Search by meaning: the e5-small-v2 sentence-embedding model on onnxruntime ({@link dev.graphiti.embed.E5Encoder})
 * with a plain Java WordPiece tokenizer, and {@link dev.graphiti.embed.BackgroundEmbedding}, which loads the model
 * lazily, once, in a long-lived server and gives items their vectors in the background. The graph owns the
 * interfaces (TextEncoder, VectorStore, SemanticSearch); one-shot commands and hooks never load the model.
 */
package dev.graphiti.embed;
