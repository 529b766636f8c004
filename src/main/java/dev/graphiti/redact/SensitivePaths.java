package dev.graphiti.redact;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Files whose content must never be read at all (the git indexer skips them instead of redacting them):
 * environment files, key and certificate stores, SSH and GPG material, package-registry and tool
 * credentials, Terraform state. Matched on the file name (and a few well-known directories), ignoring case,
 * so the answer needs no file system access.
 *
 * <p>Source code is never sensitive by name: {@code CredentialsProvider.java} and {@code secrets.py} are
 * code the indexer should read; only {@code credentials*} and {@code secrets.*} files with a data or
 * config extension (or none) are skipped.
 */
public final class SensitivePaths {

    private static final Set<String> NAMES = Set.of(
            ".npmrc", ".pypirc", ".netrc", "_netrc", ".pgpass", ".git-credentials", ".htpasswd", ".dockercfg",
            ".vault-token", ".s3cfg", ".boto", "htpasswd");
    private static final Set<String> EXTENSIONS = Set.of(
            "pem", "key", "p12", "pfx", "p8", "jks", "keystore", "ppk", "kdbx", "tfstate", "tfvars", "ovpn");
    private static final List<String> NAME_PREFIXES = List.of("id_rsa", "id_dsa", "id_ecdsa", "id_ed25519");
    /** Names that are secret when they hold data or config, e.g. credentials.json, secrets.yml. */
    private static final List<String> DATA_STEMS = List.of(
            "credentials", "secrets", "secret", "client_secret", "service-account", "service_account");
    private static final Set<String> DATA_EXTENSIONS = Set.of(
            "", "json", "yml", "yaml", "toml", "ini", "properties", "xml", "txt", "conf", "cfg", "env", "csv",
            "plist", "enc", "bak", "db");
    private static final Set<String> DIRECTORIES = Set.of(".ssh", ".gnupg", ".aws");

    private SensitivePaths() {
    }

    /** True when the file at this path (relative or absolute, / or \ separated) must not be read. */
    public static boolean isSensitive(String path) {
        Objects.requireNonNull(path, "path");
        String[] parts = path.replace('\\', '/').toLowerCase(Locale.ROOT).split("/");
        String name = parts[parts.length - 1];
        for (int i = 0; i < parts.length - 1; i++) {
            if (DIRECTORIES.contains(parts[i])) {
                return true;
            }
        }
        if (parts.length >= 2 && parts[parts.length - 2].equals(".docker") && name.equals("config.json")) {
            return true;
        }
        return isSensitiveName(name);
    }

    /** Same as {@link #isSensitive(String)} for a {@link Path}. */
    public static boolean isSensitive(Path path) {
        Objects.requireNonNull(path, "path");
        return isSensitive(path.toString());
    }

    private static boolean isSensitiveName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        if (name.equals(".env") || name.startsWith(".env.") || name.endsWith(".env") || NAMES.contains(name)) {
            return true;
        }
        if (NAME_PREFIXES.stream().anyMatch(name::startsWith)) {
            return true;
        }
        int dot = name.lastIndexOf('.');
        String extension = dot > 0 ? name.substring(dot + 1) : "";
        if (EXTENSIONS.contains(extension) || name.endsWith(".tfstate.backup")) {
            return true;
        }
        int firstDot = name.indexOf('.', 1);
        String stem = firstDot > 0 ? name.substring(0, firstDot) : name;
        return DATA_EXTENSIONS.contains(extension) && DATA_STEMS.stream()
                .anyMatch(s -> stem.equals(s) || stem.startsWith(s + "-") || stem.startsWith(s + "_"));
    }
}
