package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.bench.FailoverLoad;
import dev.graphiti.bench.Nginx;
import dev.graphiti.bench.TwoInstances;
import dev.graphiti.store.postgres.PostgresServer;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The team server's failover: two processes of the packaged jar on one PostgreSQL database (the PostgresServer
 * fixture) behind Debian's nginx in plain round robin, four 2026-07-28 clients adding and searching, and one
 * process killed with SIGKILL a third of the way in. The other keeps serving; every add a client saw succeed is in
 * the graph afterwards, and the adds the clients sent again after a lost answer are stored once.
 */
@Tag("balancer")
class TwoInstancesOnePostgresIT {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    @TempDir
    Path dir;

    @Test
    void killingOneInstanceMidLoadLosesNothingAcknowledged() throws Exception {
        Path nginx = Nginx.binaries().orElse(null);
        Assumptions.assumeTrue(nginx != null, "skipped: GRAPHITI_NGINX is not set and .cache/nginx has no nginx;"
                + " scripts/test installs Debian's there (scripts/install-nginx)");
        int clients = 4;
        int adds = 40;
        var report = TwoInstances.run(Path.of(System.getProperty("graphiti.jar")), nginx, POSTGRES.server().newDatabase(),
                dir, clients, adds);
        FailoverLoad.Result load = report.load();
        System.out.println("answered before the kill " + report.answeredBeforeKill() + "; " + load.succeeded() + " calls succeeded ("
                + load.succeededAfterKill() + " after the kill), errors seen " + load.errors() + " " + load.firstErrors()
                + ", adds sent again " + load.retriedAdds() + "; items " + report.items());

        assertEquals(2, report.answeredBeforeKill().keySet().stream().filter(server -> !server.contains(",")).count(),
                "both instances served before the kill: " + report.answeredBeforeKill());
        assertTrue(report.survivorAlive());
        assertTrue(load.succeededAfterKill() > clients * adds / 2, "the survivor kept serving: " + load);
        assertEquals(clients * adds, load.acknowledged().size(), "every add succeeded in the end: " + load);
        assertEquals(Set.of(), report.lost(), "acknowledged adds missing from the graph");
        assertEquals(Set.of(), report.storedTwice(), "adds sent again were stored twice");
        assertEquals(clients * adds, report.items());
    }
}
