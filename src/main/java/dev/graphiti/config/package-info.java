/**
 * The user's settings: typed, dotted keys with defaults ({@link dev.graphiti.config.ConfigKeys}) in
 * {@code <graphiti home>/config.properties}, written atomically, secrets masked when printed.
 */
package dev.graphiti.config;
