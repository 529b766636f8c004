/**
 * The composition root: {@link dev.graphiti.assembly.GraphitiProcess} builds what one process shares (the kept
 * connections, the embedding model, the token counter, the one in-process CLI, which the tools and the prompt hook's
 * socket share) once from a {@link dev.graphiti.assembly.ServerSetup} (the settings, and the CLI's environment with
 * the settings it uses parsed once, config.ProcessSettings), and every process shape from them: stdio, HTTP (embedded Jetty and a
 * WAR alike, through CDI: {@link dev.graphiti.assembly.ServerBeans}; a WAR's setup from
 * {@link dev.graphiti.assembly.DeploymentBeans}) and `graphiti ui`. The launcher puts them on their transports; no
 * transport imports this package. The only package that knows both the transports' settings and the tools.
 */
package dev.graphiti.assembly;
