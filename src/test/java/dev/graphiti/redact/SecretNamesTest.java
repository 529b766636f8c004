package dev.graphiti.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SecretNamesTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "password", "PASSWORD", "db_password", "DB_PASS", "passwd", "pwd", "user-pwd", "passphrase", "secret",
            "client_secret", "clientSecret", "JWT_SECRET", "token", "accessToken", "refresh_token", "x-auth-token",
            "GITHUBTOKEN", "api_key", "apiKey", "X-Api-Key", "APIKey", "apikey", "openai_apikey", "secret_key",
            "secretAccessKey", "private_key", "signing-key", "credentials", "auth", "Authorization",
            "spring.datasource.password", "--password", "secret_key_base", "csrf_token"})
    void secretNames(String key) {
        assertTrue(SecretNames.isSecretName(key), key);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "password_hash", "passwordHash", "token_count", "max_tokens", "maxToken", "tokenizer", "auth_url",
            "secretName", "secretKeyRef", "author", "authority", "bypass", "compass", "key", "sort_key", "primaryKey",
            "keyboard", "progressToken", "nextToken", "page_token", "cancellationToken", "io.jsonwebtoken",
            "PWD", "OLDPWD", "access_key_id", "username"})
    void otherNames(String key) {
        assertFalse(SecretNames.isSecretName(key), key);
    }

    @Test
    void splitsIntoWords() {
        assertEquals(List.of("x", "api", "key"), SecretNames.words("X-Api-Key"));
        assertEquals(List.of("api", "key", "name"), SecretNames.words("APIKeyName"));
        assertEquals(List.of("oauth2", "token"), SecretNames.words("oauth2Token"));
        assertEquals(List.of("spring", "datasource", "password"), SecretNames.words("spring.datasource.password"));
    }
}
