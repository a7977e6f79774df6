package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Files a hostile-input probe found, through the command line: transforms at the edges of the float
 * range make {@code skin} fail naming the node, with exit 1 and no output file; running out of
 * memory is one line, not a stack trace.
 */
class HostileInputTest {
    @TempDir
    Path tmp;

    private Path write(String name, Consumer<ObjectNode> edit) throws IOException {
        return Files.write(tmp.resolve(name), TinyGlb.glb(edit));
    }

    /** Runs {@code skin FILE --out out.bin --json out.json} plus {@code extra}; checks that neither output exists. */
    private Cli.Run skinFails(Path file, String... extra) {
        Path out = tmp.resolve("out.bin");
        Path json = tmp.resolve("out.json");
        Object[] args = new Object[6 + extra.length];
        Object[] base = {"skin", file, "--out", out, "--json", json};
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        Cli.Run run = Cli.run(args);
        assertThat(out).doesNotExist();
        assertThat(json).doesNotExist();
        assertThat(Cli.hiddenFiles(tmp)).as("temporary files").isEmpty();
        return run;
    }

    @Test
    void aZeroScaleOnTheSkinnedNodeFailsInModelSpaceNamingItAndPosesInWorldSpace() throws IOException {
        Path file = write("flat.glb", json -> TinyGlb.scale(json, 2, 0));
        skinFails(file).assertBadInput(file + ": AssetPoser: rest pose: nodes[2] 'body' cannot be the space of its "
                + "positions (model space, PoseSpace.MODEL): its world matrix is singular (determinant 0): nodes[2] "
                + "itself scales its axes by (0.0, 0.0, 0.0); world space (PoseSpace.WORLD) poses it");
        Cli.run("skin", file, "--space", "world", "--out", tmp.resolve("world.bin")).assertOk();
        float[] world = SkinCommandTest.floats(tmp.resolve("world.bin"));
        assertThat(world).containsExactly(0, 0, 0, 1, 0, 0, 0, 1, 0);
    }

    @Test
    void aZeroScaleOnAnAncestorFailsInModelSpaceNamingTheAncestor() throws IOException {
        Path file = write("hidden.glb", json -> {
            ((ObjectNode) json.get("nodes").get(0)).putArray("children").add(1).add(2);
            ((ObjectNode) json.get("scenes").get(0)).putArray("nodes").add(0);
            TinyGlb.scale(json, 0, 0);
        });
        skinFails(file).assertBadInput(file + ": AssetPoser: rest pose: nodes[2] 'body' cannot be the space of its",
                "nodes[0] 'root' scales its axes by (0.0, 0.0, 0.0)");
        Cli.run("skin", file, "--space", "world", "--out", tmp.resolve("world.bin")).assertOk();
        assertThat(SkinCommandTest.floats(tmp.resolve("world.bin"))).containsOnly(0f);
    }

    @Test
    void aScaleOf3e38ThatOverflowsAPositionFailsNamingTheNodeAndTheScale() throws IOException {
        Path file = write("huge.glb", json -> {
            TinyGlb.scale(json, 0, 3.4e38f);
            ((ObjectNode) json.get("meshes").get(0).get("primitives").get(0).get("attributes")).put("POSITION", 5);
        });
        for (String space : new String[] {"model", "world"}) {
            skinFails(file, "--space", space).assertBadInput(file + ": CharacterPoser: rest pose: part 'body': "
                    + "vertex 1 position is (", "bone 'root', translation (0.0, 0.0, 0.0), scale (3.4E38, 3.4E38, "
                    + "3.4E38)");
        }
    }

    @Test
    void scaleKeysOf1e38FailNamingTheNodeWhoseMatrixOverflows() throws IOException {
        Path file = write("grow.glb", json -> {
            ObjectNode a = json.putArray("animations").addObject().put("name", "grow");
            ArrayNode samplers = a.putArray("samplers");
            ArrayNode channels = a.putArray("channels");
            for (int node : new int[] {0, 1}) {
                samplers.addObject().put("input", 6).put("output", 7);
                channels.addObject().put("sampler", samplers.size() - 1).putObject("target").put("node", node)
                        .put("path", "scale");
            }
        });
        Cli.run("skin", file, "--clip", "grow", "--time", "0", "--out", tmp.resolve("start.bin")).assertOk();
        skinFails(file, "--clip", "grow", "--time", "1").assertBadInput(file + ": CharacterPoser: clip 'grow' at "
                + "1.0 s: bone 'joint' has a model matrix outside the float range (a value of Infinity): its local "
                + "translation (0.0, 1.0, 0.0), rotation (0.0, 0.0, 0.0, 1.0), scale (1.0E38, 1.0E38, 1.0E38), under "
                + "bone 'root' whose model matrix reaches 1.0E38");
    }

    // ---------------------------------------------------------------- out of memory

    /** A command that runs out of memory, raw or as the commands report it. */
    @CommandLine.Command(name = "exhaust")
    static final class Exhaust implements Callable<Integer> {
        @CommandLine.Option(names = "--while")
        String doing;

        @Override
        public Integer call() {
            OutOfMemoryError e = new OutOfMemoryError("Java heap space");
            if (doing != null) {
                throw new OutOfMemory(doing, e);
            }
            throw e;
        }
    }

    private static Cli.Run runExhaust(String... args) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        CommandLine cl = SkinMeshCommand.commandLine(stdout, out, new PrintWriter(err, true));
        cl.addSubcommand(new Exhaust());
        cl.setOut(out); // reaches the added subcommand too
        cl.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 1];
        all[0] = "exhaust";
        System.arraycopy(args, 0, all, 1, args.length);
        int code = cl.execute(all);
        out.flush();
        return new Cli.Run(code, stdout.toByteArray(), err.toString());
    }

    @Test
    void runningOutOfMemoryIsOneLineSayingWhatWasBeingDoneAndHowToGiveMore() {
        String hint = OutOfMemory.hint(Runtime.getRuntime().maxMemory());
        Cli.Run posing = runExhaust("--while", "posing crowd.glb");
        assertThat(posing.exitCode()).isEqualTo(SkinMeshCommand.BAD_INPUT);
        assertThat(posing.err()).isEqualTo("skinmesh exhaust: out of memory posing crowd.glb; " + hint
                + System.lineSeparator());
        Cli.Run raw = runExhaust();
        assertThat(raw.exitCode()).isEqualTo(SkinMeshCommand.BAD_INPUT);
        assertThat(raw.err()).isEqualTo("skinmesh exhaust: out of memory; " + hint + System.lineSeparator());
        assertThat(runExhaust("--verbose").err()).startsWith("skinmesh exhaust: out of memory; ")
                .contains("java.lang.OutOfMemoryError: Java heap space").contains("\tat ");
    }

    @Test
    void theHintDoublesTheHeapToAPowerOfTwo() {
        long mib = 1L << 20;
        assertThat(OutOfMemory.hint(512 * mib)).isEqualTo("give the JVM more with JAVA_OPTS=-Xmx1g (it has 512 MiB)");
        assertThat(OutOfMemory.hint(100 * mib)).isEqualTo("give the JVM more with JAVA_OPTS=-Xmx256m (it has 100 MiB)");
        assertThat(OutOfMemory.hint(3 * mib)).isEqualTo("give the JVM more with JAVA_OPTS=-Xmx64m (it has 3 MiB)");
        assertThat(OutOfMemory.hint(3000 * mib)).isEqualTo("give the JVM more with JAVA_OPTS=-Xmx8g (it has 3000 MiB)");
        assertThat(OutOfMemory.hint(Long.MAX_VALUE)).isEqualTo("give the JVM more with JAVA_OPTS=-Xmx...");
    }
}
