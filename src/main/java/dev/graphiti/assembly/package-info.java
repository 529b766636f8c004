/**
 * Where the product's MCP server is put together, once for every transport: {@link
 * dev.graphiti.assembly.GraphitiServer} builds it from a {@link dev.graphiti.assembly.ServerSetup} (settings,
 * the CLI's environment, the directory); the stdio launcher calls it, a WAR and embedded Jetty get it from CDI
 * ({@link dev.graphiti.assembly.ServerBeans}; a WAR's setup from {@link dev.graphiti.assembly.DeploymentBeans}).
 * The only package that knows both the transports' settings and the tools.
 */
package dev.graphiti.assembly;
