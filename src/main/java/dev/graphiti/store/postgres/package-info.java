/**
 * The PostgreSQL store, for a team's server: the graph's repository interfaces on one database, a schema per graph
 * with versioned migrations, a stored weighted tsvector for full text, vectors in bytea ranked in Java, HikariCP's
 * pool (or an application server's DataSource), and writes under advisory locks with retries: adds take turns only
 * with adds sharing their content, subject or replaced item, other writes with every writer of the graph. Chosen by
 * the operator's settings (graphiti.store.url or graphiti.store.jndi); see docs/postgresql.md.
 */
package dev.graphiti.store.postgres;
