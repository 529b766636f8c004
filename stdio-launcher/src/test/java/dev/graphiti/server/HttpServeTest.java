package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.assembly.ServerSetup;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.cli.ServeRequest;
import dev.graphiti.config.Settings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HttpServeTest {

    @Test
    void refusesToListenBeyondLoopbackWithoutAToken() throws Exception {
        var err = new ByteArrayOutputStream();
        var serve = new HttpServe(new PrintStream(err, true, StandardCharsets.UTF_8));
        int code = serve.serve(new ServeRequest(ServeRequest.Transport.http, "0.0.0.0", 0, Path.of(".")), setup(Map.of()),
                Optional.empty());
        assertEquals(2, code);
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("without a bearer token") && message.contains("GRAPHITI_HTTP_TOKEN"), message);
    }

    @Test
    void refusesToStartWhenTheTokenSettingHoldsNoToken() throws Exception {
        var err = new ByteArrayOutputStream();
        var serve = new HttpServe(new PrintStream(err, true, StandardCharsets.UTF_8));
        int code = serve.serve(new ServeRequest(ServeRequest.Transport.http, "127.0.0.1", 0, Path.of(".")),
                setup(Map.of("GRAPHITI_HTTP_TOKEN", " , ")), Optional.empty());
        assertEquals(2, code, "a token setting without a token must not mean \"no authentication\"");
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("GRAPHITI_HTTP_TOKEN") && message.contains("holds no token"), message);
    }

    @Test
    void aToolSettingTheServerCannotUseIsNamedAndStopsTheStart() throws Exception {
        var err = new ByteArrayOutputStream();
        var serve = new HttpServe(new PrintStream(err, true, StandardCharsets.UTF_8));
        int code = serve.serve(new ServeRequest(ServeRequest.Transport.http, "127.0.0.1", 0, Path.of(".")),
                setup(Map.of("GRAPHITI_MCP_TIMEOUT_SECONDS", "soon")), Optional.empty());
        assertEquals(2, code);
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("GRAPHITI_MCP_TIMEOUT_SECONDS") && message.contains("soon"), message);
    }

    private static ServerSetup setup(Map<String, String> environment) {
        var settings = Settings.ofEnvironment(environment);
        return new ServerSetup(settings, CliEnvironment.embedded(settings.cliEnvironment()), Path.of(".").toAbsolutePath(),
                notice -> { });
    }
}
