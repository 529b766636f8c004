/**
 * Settings and locations, read one way by every entry point, and the one package that reads the process's environment.
 * {@link dev.graphiti.config.Settings}: the process's {@code graphiti.*} settings (system property, then environment
 * variable, then servlet context parameter); {@link dev.graphiti.config.ProcessSettings}: what the CLI and the stores
 * use of them (the graphiti home, {@link dev.graphiti.config.StoreSettings}, search by meaning, debug), parsed once by
 * the entry point and handed down as a value.
 * {@link dev.graphiti.config.Locations}: the graphiti home, the user's home and Claude Code's folder;
 * {@link dev.graphiti.config.GitWorkTree}: the git work tree a directory belongs to, read from the file system.
 * {@link dev.graphiti.config.Config}: the user's settings file, typed dotted keys with defaults
 * ({@link dev.graphiti.config.ConfigKeys}) in {@code <graphiti home>/config.properties}, written atomically,
 * secrets masked when printed.
 */
package dev.graphiti.config;
