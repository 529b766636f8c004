package dev.graphiti.launcher;

import java.io.Console;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Whether a person is at a terminal (standard input and output both attached to it). Before JDK 22 that is
 * System.console() != null. JDK 22 to 24 return a console even when the streams are redirected (a hook's pipe,
 * a shell redirect), and say whether it is a terminal with Console.isTerminal(), which Java 17 cannot name.
 */
final class Terminal {

    private Terminal() {
    }

    static boolean attached() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        Method isTerminal;
        try {
            isTerminal = Console.class.getMethod("isTerminal");
        } catch (NoSuchMethodException beforeJdk22) {
            return true;
        }
        try {
            return (Boolean) isTerminal.invoke(console);
        } catch (IllegalAccessException | InvocationTargetException e) {
            // Unknown: act as with a pipe (no colour, no prompts, standard input read), which never hangs a hook.
            return false;
        }
    }
}
