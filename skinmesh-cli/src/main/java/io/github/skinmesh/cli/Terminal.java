package io.github.skinmesh.cli;

import java.io.Console;
import java.lang.reflect.Method;

/** Whether standard error is an interactive terminal, the condition for drawing progress on it. */
final class Terminal {
    /**
     * System property through which a launcher states whether stderr is a terminal: {@code true} or
     * {@code false}. {@code bin/skinmesh} sets it, since a shell can test stderr and Java cannot.
     */
    static final String STDERR_PROPERTY = "skinmesh.stderr.terminal";

    private Terminal() {
    }

    /**
     * Whether stderr is a terminal: what {@value #STDERR_PROPERTY} says when it is set, otherwise
     * whether the JVM has an interactive console (stdin and stdout are terminals), the closest Java
     * can tell without a launcher; stderr redirected alone is then not noticed.
     *
     * @return {@code true} when progress drawn on stderr reaches a person at a terminal
     */
    static boolean stderrIsTerminal() {
        String stated = System.getProperty(STDERR_PROPERTY);
        if (stated != null) {
            return Boolean.parseBoolean(stated);
        }
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            // Java 22 to 24 return a console even when the streams are redirected; isTerminal() (22+) tells
            Method isTerminal = Console.class.getMethod("isTerminal");
            return Boolean.TRUE.equals(isTerminal.invoke(console));
        } catch (NoSuchMethodException e) {
            return true; // Java 17 to 21: a console exists only when stdin and stdout are terminals
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
