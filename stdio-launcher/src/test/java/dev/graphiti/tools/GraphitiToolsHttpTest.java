package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.assembly.GraphitiServer;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ServerInfo;
import dev.graphiti.server.CdiServer;
import dev.graphiti.server.EmbeddedJetty;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@link ToolScenarios} over streamable HTTP: the official Java SDK client against the graphiti tools on
 * the CDI-managed servlet in embedded Jetty on a real port, with the in-process runner. The server has no
 * configured project and runs elsewhere, so every call finds its project through the client's root
 * (roots/list, a server-to-client request inside the tools/call's response stream).
 */
class GraphitiToolsHttpTest {

    @TempDir
    static Path shared;
    static GraphitiTools tools;
    static McpServer server;
    static CdiServer cdi;
    static EmbeddedJetty jetty;

    @TempDir
    Path temp;
    ProjectFixture fixture;
    McpSyncClient mcp;

    @BeforeAll
    static void start() throws Exception {
        Path home = Files.createDirectories(shared.resolve("home")).toRealPath();
        Path elsewhere = Files.createDirectories(shared.resolve("server-directory"));
        tools = GraphitiProcess.tools(ToolSettings.defaults(), Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString()),
                elsewhere);
        server = GraphitiServer.builder(tools).build();
        cdi = CdiServer.boot(HttpTransportConfig.forBinding("127.0.0.1"), server);
        jetty = EmbeddedJetty.start("127.0.0.1", 0, cdi.servlet());
    }

    @AfterAll
    static void stop() throws Exception {
        jetty.close();
        cdi.close();
        server.close();
        tools.close();
    }

    @BeforeEach
    void connect() throws Exception {
        fixture = ProjectFixture.create(temp, shared.resolve("home"));
        var transport = HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + jetty.port())
                .endpoint(EmbeddedJetty.ENDPOINT).build();
        mcp = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(60))
                .clientInfo(new McpSchema.Implementation("graphiti-tools-http-test", "1.0"))
                .capabilities(McpSchema.ClientCapabilities.builder().roots(false).build())
                .roots(new McpSchema.Root(fixture.project().toUri().toString(), "project"))
                .build();
        mcp.initialize();
    }

    @AfterEach
    void disconnect() {
        mcp.closeGracefully();
    }

    ToolScenarios scenarios() {
        return new ToolScenarios(mcp, fixture);
    }

    @Test
    void everyToolIsListedWithTruthfulAnnotations() {
        scenarios().everyToolIsListedWithTruthfulAnnotations();
    }

    @Test
    void everyTool() {
        scenarios().everyTool();
    }

    @Test
    void theContextResourceIsEmptyForAnEmptyGraphThenLeadsWithDecisions() {
        scenarios().contextIsEmptyThenLeadsWithDecisions();
    }

    @Test
    void theClientsRootIsTheProjectAndScopeGlobalIsNot() {
        scenarios().theClientsRootIsTheProjectAndScopeGlobalIsNot();
    }

    /**
     * The root is asked once per session: a root changed without notifications/roots/list_changed is not
     * seen (no second roots/list), and after the notification the next call asks again and uses the new one.
     */
    @Test
    void theRootIsAskedOncePerSessionAndAgainAfterTheClientSaysItChanged() throws Exception {
        ProjectFixture other = ProjectFixture.create(Files.createDirectories(temp.resolve("other")), shared.resolve("home"));
        var scenarios = scenarios();
        assertTrue(scenarios.ok("graphiti_health", Map.of()).contains(fixture.project().toString()));

        mcp.removeRoot(fixture.project().toUri().toString());
        mcp.addRoot(new McpSchema.Root(other.project().toUri().toString(), "other"));
        assertTrue(scenarios.ok("graphiti_health", Map.of()).contains(fixture.project().toString()),
                "no list_changed: the session's root is the one asked for at the first call");

        mcp.rootsListChangedNotification(); // answered 202 once the server has taken it in
        String health = scenarios.ok("graphiti_health", Map.of());
        assertTrue(health.contains(other.project().toString()), "after list_changed the new root: " + health);
    }

    @Test
    void settingsThatDecideWhereTheKeyGoesAreNotWritable() throws Exception {
        scenarios().settingsThatDecideWhereTheKeyGoesAreNotWritable();
    }

    @Test
    void configTakesNumbersAndBooleans() throws Exception {
        scenarios().configTakesNumbersAndBooleans();
    }

    @Test
    void sharedLimitsChangeOnlyWithinAToolsRange() throws Exception {
        scenarios().sharedLimitsChangeOnlyWithinAToolsRange();
    }

    @Test
    void failuresAreErrorResultsWithTheCliMessage() {
        scenarios().failuresAreErrorResultsWithTheCliMessage(temp.resolve("nowhere"));
    }

    @Test
    void errorsSpeakTheToolsArgumentNames() {
        scenarios().errorsSpeakTheToolsArgumentNames();
    }

    @Test
    void answersStayUnderTheCapWhateverTheGraphHolds() throws Exception {
        scenarios().answersStayUnderTheCapWhateverTheGraphHolds();
    }

    @Test
    void aSubscriberIsToldWhenAnotherProcessChangesTheGraph() throws Exception {
        var updates = new java.util.concurrent.LinkedBlockingQueue<String>();
        var transport = HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + jetty.port())
                .endpoint(EmbeddedJetty.ENDPOINT).build();
        McpSyncClient subscriber = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(60))
                .clientInfo(new McpSchema.Implementation("graphiti-subscriber", "1.0"))
                .capabilities(McpSchema.ClientCapabilities.builder().roots(false).build())
                .roots(new McpSchema.Root(fixture.project().toUri().toString(), "project"))
                .resourcesUpdateConsumer(contents -> contents.forEach(c -> updates.add(((McpSchema.TextResourceContents) c).text())))
                .build();
        subscriber.initialize();
        try {
            var cli = java.util.List.of(ProjectFixture.java(), "-cp", System.getProperty("java.class.path"),
                    "dev.graphiti.launcher.Main");
            new ToolScenarios(subscriber, fixture).aSubscriberIsToldWhenAnotherProcessChangesTheGraph(updates, cli);
        } finally {
            subscriber.closeGracefully();
        }
    }
}
