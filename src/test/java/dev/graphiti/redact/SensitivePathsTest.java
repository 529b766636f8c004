package dev.graphiti.redact;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SensitivePathsTest {

    @ParameterizedTest
    @ValueSource(strings = {
            ".env", ".env.local", ".env.production", "config/.env.example", "deploy/prod.env", "certs/server.pem",
            "tls/server.key", "keystore.p12", "client.PFX", "apple/AuthKey_ABC123.p8", "release.jks",
            "android/app/upload.keystore", "id_rsa", "home/dev/.ssh/id_rsa.pub", "id_ed25519", "keys/id_ecdsa_old",
            ".ssh/config", "home/dev/.gnupg/pubring.kbx", ".aws/credentials", "credentials", "credentials.json",
            "config/credentials-prod.yml", ".npmrc", "frontend/.npmrc", ".pypirc", ".netrc", ".pgpass",
            ".git-credentials", ".docker/config.json", "secrets.yml", "config/secrets.dev.json", "k8s/secret.yaml",
            "client_secret_1234.apps.googleusercontent.com.json", "infra/terraform.tfstate",
            "infra/terraform.tfstate.backup", "prod.tfvars", "vpn/office.ovpn", "C:\\Users\\dev\\.ssh\\id_rsa",
            "passwords.kdbx", "putty.ppk", ".htpasswd", ".vault-token"})
    void mustNotBeRead(String path) {
        assertTrue(SensitivePaths.isSensitive(path), path);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "README.md", "pom.xml", "src/main/java/com/example/auth/CredentialsProvider.java",
            "src/main/java/com/example/SecretsManager.java", "app/secrets.py", "pkg/credentials/credentials.go",
            "src/token.ts", "docs/environment.md", "environment.yml", "src/main/resources/application.yml",
            "keys.txt", "src/keyboard.c", "monkey.py", "secretary.txt", "certs/ca.crt", "venv/bin/activate",
            ".envrc.md", "scripts/setup-env.sh"})
    void mayBeRead(String path) {
        assertFalse(SensitivePaths.isSensitive(path), path);
    }

    @Test
    void acceptsPaths() {
        assertTrue(SensitivePaths.isSensitive(Path.of("project", ".env")));
        assertFalse(SensitivePaths.isSensitive(Path.of("project", "src", "Main.java")));
    }
}
