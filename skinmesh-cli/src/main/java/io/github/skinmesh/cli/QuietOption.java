package io.github.skinmesh.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --quiet}, shared by the commands that do long work. Without it such a command draws its
 * progress on stderr when stderr is a terminal ({@link ConsoleProgress}); with it stderr carries
 * errors only. A command may give {@code --quiet} more meaning on stdout and says so in its help.
 */
final class QuietOption {
    @Option(names = "--quiet", description = "Print no progress on stderr, only errors.")
    boolean quiet;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** @return whether {@code --quiet} was given */
    boolean quiet() {
        return quiet;
    }

    /**
     * @return the command's progress on its stderr, drawing nothing with {@code --quiet} or when stderr
     *     is not a terminal; close it when the work is done
     */
    ConsoleProgress progress() {
        return ConsoleProgress.open(command.commandLine().getErr(), "skinmesh " + command.name(), quiet);
    }
}
