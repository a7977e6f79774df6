package io.github.skinmesh.cli;

import io.github.skinmesh.core.SkinMeshException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code skinmesh} command: {@code skinmesh <command> [options]}.
 *
 * <p>Exit codes: 0 on success, 1 on bad input (a message on stderr naming the file, the element
 * and the problem), 2 on bad usage (one line on stderr naming the problem and the command's
 * {@code --help}). Running out of heap is exit 1 too, with one line saying what the command was
 * doing to which file and how to give the JVM more, instead of a stack trace.
 */
@Command(name = "skinmesh", mixinStandardHelpOptions = true, versionProvider = SkinMeshCommand.Version.class,
        description = "Prepares skinned characters for real-time rendering.",
        subcommands = {DemoCommand.class, InspectCommand.class, SkinCommand.class, CombineCommand.class, PartitionCommand.class,
            AtlasCommand.class, LmCommand.class, VatCommand.class, BonesTextureCommand.class, CrowdCommand.class, KeysCommand.class,
            CommandLine.HelpCommand.class})
public final class SkinMeshCommand implements Runnable {
    /** Exit code of a successful run. */
    public static final int OK = 0;
    /** Exit code when an input is bad. */
    public static final int BAD_INPUT = 1;
    /** Exit code on bad usage. */
    public static final int USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of errors.")
    boolean verbose;

    /** Standard output as bytes, for commands that write binary data there ({@code skin --out -}). */
    private final OutputStream stdout;

    private SkinMeshCommand(OutputStream stdout) {
        this.stdout = stdout;
    }

    /**
     * @return standard output as bytes; a command that writes binary data there writes nothing else
     *     to standard output in that run
     */
    OutputStream stdout() {
        return stdout;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
    }

    /**
     * Builds the command line with its error handling: bad usage prints one line on stderr,
     * {@code skinmesh CMD: problem (see skinmesh CMD --help)}, and exits {@value #USAGE}; bad input
     * prints {@code skinmesh CMD: message} (and the stack trace with {@code --verbose}) and exits
     * {@value #BAD_INPUT}.
     *
     * @param stdout standard output as bytes, for binary output ({@code skin --out -}); {@code out}
     *     normally writes to the same place
     * @param out standard output as text
     * @param err standard error
     * @return the configured command line
     */
    public static CommandLine commandLine(OutputStream stdout, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new SkinMeshCommand(stdout));
        cl.setOut(out);
        cl.setErr(err);
        cl.setExitCodeExceptionMapper(e -> e instanceof CommandLine.ParameterException ? USAGE : BAD_INPUT);
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter e = ex.getCommandLine().getErr();
            e.println(usageLine(ex));
            e.flush();
            return USAGE;
        });
        cl.setExecutionStrategy(parseResult -> {
            try {
                return new CommandLine.RunLast().execute(parseResult);
            } catch (OutOfMemoryError oom) { // not an Exception: picocli lets it through
                CommandLine.ParseResult last = parseResult;
                while (last.hasSubcommand()) {
                    last = last.subcommand();
                }
                PrintWriter e = last.commandSpec().commandLine().getErr();
                e.println("skinmesh " + last.commandSpec().name() + ": out of memory; "
                        + OutOfMemory.hint(Runtime.getRuntime().maxMemory()));
                if (parseResult.expandedArgs().contains("--verbose")) {
                    oom.printStackTrace(e);
                }
                e.flush();
                return BAD_INPUT;
            }
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter e = commandLine.getErr();
            if (ex instanceof SkinMeshException) {
                e.println("skinmesh " + commandLine.getCommandName() + ": " + ex.getMessage());
            } else if (ex instanceof OutOfMemory) {
                e.println("skinmesh " + commandLine.getCommandName() + ": " + ex.getMessage() + "; "
                        + OutOfMemory.hint(Runtime.getRuntime().maxMemory()));
            } else {
                e.println("skinmesh " + commandLine.getCommandName() + ": internal error: " + ex);
            }
            if (parseResult.expandedArgs().contains("--verbose")) {
                ex.printStackTrace(e);
            }
            e.flush();
            return BAD_INPUT;
        });
        return cl;
    }

    /**
     * The one line a usage error prints: the command, the problem (with picocli's suggestion for a
     * mistyped option, if any) and where the help is, e.g. {@code skinmesh skin: --time needs --clip
     * (see skinmesh skin --help)}.
     */
    static String usageLine(CommandLine.ParameterException ex) {
        String name = ex.getCommandLine().getCommandSpec().qualifiedName();
        String problem = String.valueOf(ex.getMessage()).strip().replaceAll("\\s+", " ").replaceFirst("\\.$", "");
        if (ex instanceof CommandLine.UnmatchedArgumentException) {
            List<String> suggestions = ((CommandLine.UnmatchedArgumentException) ex).getSuggestions();
            if (!suggestions.isEmpty()) {
                problem += "; did you mean " + String.join(" or ", suggestions) + "?";
            }
        }
        return name + ": " + problem + " (see " + name + " --help)";
    }

    /**
     * Runs the command.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        useJomlWithoutUnsafe();
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = commandLine(new FileOutputStream(FileDescriptor.out), out, err).execute(args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Tells JOML not to use {@code sun.misc.Unsafe} (it falls back to plain array access), unless
     * the user chose otherwise with {@code -Djoml.nounsafe}. On JDK 24 and newer the JVM prints four
     * warnings the first time a library calls {@code Unsafe}'s memory methods, which would precede
     * every command's output; the CLI's use of JOML (small matrices) does not need it. Must run
     * before any JOML class is initialized.
     */
    static void useJomlWithoutUnsafe() {
        if (System.getProperty("joml.nounsafe") == null) {
            System.setProperty("joml.nounsafe", "true");
        }
    }

    /** The version written into the jar at build time, the Java running it and the skinning kernel it runs. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = SkinMeshCommand.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"skinmesh " + p.getProperty("version", "unknown"),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")",
                "skinning: " + SkinningKernels.describe()};
        }
    }
}
