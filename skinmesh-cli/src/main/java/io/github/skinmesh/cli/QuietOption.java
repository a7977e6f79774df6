package io.github.skinmesh.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --quiet}, shared by the commands that do long work. Without it such a command draws its
 * progress on stderr when stderr is a terminal ({@link ConsoleProgress}) and, when it skins on the
 * scalar kernel, says so in one line on stderr; with it stderr carries errors only. A command may
 * give {@code --quiet} more meaning on stdout and says so in its help.
 */
final class QuietOption {
    @Option(names = "--quiet", description = "Print no progress and no notices on stderr, only errors.")
    boolean quiet;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** Whether the scalar-kernel notice was considered in this run, so it is printed at most once. */
    private boolean kernelNoted;

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

    /**
     * Prints, the first time it is called in a run and unless {@code --quiet}, one line on stderr
     * when skinning runs on the scalar kernel ({@link SkinningKernels#scalarNotice()}). Commands
     * call it before they skin.
     */
    void noteScalarKernel() {
        if (quiet || kernelNoted) {
            return;
        }
        kernelNoted = true;
        SkinningKernels.scalarNotice().ifPresent(notice -> {
            PrintWriter err = command.commandLine().getErr();
            err.println("skinmesh " + command.name() + ": " + notice);
            err.flush();
        });
    }
}
