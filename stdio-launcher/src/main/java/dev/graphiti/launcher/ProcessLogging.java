package dev.graphiti.launcher;

import dev.graphiti.config.ProcessSettings;
import dev.graphiti.config.Settings;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * java.util.logging for the graphiti process, where Weld, Jetty and HikariCP log (through SLF4J and JBoss Logging):
 * warnings and worse, one line each on stderr, so a server's first screen is graphiti's own lines. More is shown
 * when asked for with graphiti.log-level (GRAPHITI_LOG_LEVEL: info, fine, ...; {@link ProcessSettings#logLevel()}); a JDK logging configuration of the
 * user's own (java.util.logging.config.file or .class) is left as it is.
 */
final class ProcessLogging {

    private ProcessLogging() {
    }

    /** Configures the root logger once, first thing in main once the settings are parsed; returns a complaint about a bad level, or null. */
    static String configure(ProcessSettings settings, PrintStream stderr) {
        if (System.getProperty("java.util.logging.config.file") != null
                || System.getProperty("java.util.logging.config.class") != null) {
            return null;
        }
        Level level = Level.WARNING;
        String complaint = null;
        String asked = settings.logLevel().orElse("");
        if (!asked.isEmpty()) {
            try {
                level = Level.parse(asked.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                complaint = Settings.describe(ProcessSettings.LOG_LEVEL) + " must be a java.util.logging level (warning, info, fine, all),"
                        + " not " + asked + "; logging warnings only";
            }
        }
        Logger root = Logger.getLogger("");
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        root.setLevel(level);
        root.addHandler(new OneLine(stderr));
        return complaint;
    }

    /** "graphiti: WARNING org.eclipse.jetty.server.Server: message", and the stack trace when there is one. */
    private static final class OneLine extends Handler {

        private final PrintStream stderr;
        private final Formatter text = new SimpleFormatter();

        OneLine(PrintStream stderr) {
            this.stderr = stderr;
        }

        @Override
        public void publish(LogRecord record) {
            if (!isLoggable(record)) {
                return;
            }
            String message = text.formatMessage(record);
            StringBuilder line = new StringBuilder("graphiti: ").append(record.getLevel().getName()).append(' ')
                    .append(record.getLoggerName()).append(": ").append(message);
            if (record.getThrown() != null) {
                StringWriter trace = new StringWriter();
                record.getThrown().printStackTrace(new PrintWriter(trace));
                line.append(System.lineSeparator()).append(trace.toString().stripTrailing());
            }
            stderr.println(line);
        }

        @Override
        public void flush() {
            stderr.flush();
        }

        @Override
        public void close() {
            flush();
        }
    }
}
