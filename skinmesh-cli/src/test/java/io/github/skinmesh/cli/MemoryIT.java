package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plain jar in a small heap ({@code -Xmx32m}), as a separate process: a small file that asks
 * for far more memory than its size is refused by the read budget with one line, and a file
 * larger than the heap ends in one line saying so, never in an {@code OutOfMemoryError}'s stack
 * trace. Run by {@code mvn verify} after packaging.
 */
class MemoryIT {
    static final long TIMEOUT_SECONDS = 120;
    static final String HEAP = "-Xmx32m";

    @TempDir
    static Path tmp;
    static Path jar;
    static Path java;

    @BeforeAll
    static void findTheJar() {
        jar = Path.of(System.getProperty("skinmesh.jar", "target/skinmesh.jar")).toAbsolutePath();
        assertThat(jar).as("built by mvn package").isRegularFile();
        java = Path.of(System.getProperty("java.home"), "bin", OS.WINDOWS.isCurrentOs() ? "java.exe" : "java");
    }

    record Result(int exitCode, String out, String err) {
    }

    static Result skin(Path file, Path out) throws IOException, InterruptedException {
        return run("skin", file.toString(), "--out", out.toString(), "--quiet");
    }

    /** Runs the jar with {@value #HEAP} and the arguments. */
    static Result run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java.toString(), HEAP, "-jar", jar.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        InstallationIT.JVM_VARIABLES.forEach(pb.environment()::remove);
        Path stdout = Files.createTempFile(tmp, "stdout", ".txt");
        Path stderr = Files.createTempFile(tmp, "stderr", ".txt");
        Process p = pb.redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", args) + " ran longer than " + TIMEOUT_SECONDS + " s");
        }
        return new Result(p.exitValue(), Files.readString(stdout), Files.readString(stderr));
    }

    /**
     * The largest part of the procedural humanoid on 2,000 skinned nodes (the writer writes the
     * shared mesh once): about 1.5 MB that would pose about 2,000 times the mesh's vertices.
     */
    @Test
    void aFileInstancingOneMeshTwoThousandTimesIsRefusedByTheBudgetInOneLine() throws Exception {
        Humanoid h = Humanoids.generate(7);
        Mesh body = h.parts().stream().filter(m -> m.skin() != null).max(Comparator.comparingInt(Mesh::vertexCount))
                .orElseThrow();
        List<Part> parts = new ArrayList<>();
        for (int k = 0; k < 2000; k++) {
            parts.add(Part.of("instance" + k, body));
        }
        Path crowd = Files.write(tmp.resolve("crowd.glb"),
                GltfWriter.toGlb(Character.of("crowd", h.skeleton(), parts, List.of())));
        Path out = tmp.resolve("crowd.bin");
        Result r = skin(crowd, out);
        assertThat(r.exitCode()).as("stderr: %s", r.err()).isEqualTo(SkinMeshCommand.BAD_INPUT);
        assertThat(r.err().lines().toList()).as(r.err()).singleElement().asString()
                .startsWith("skinmesh skin: " + crowd + ": nodes[")
                .contains(": posing meshes[0] (" + body.vertexCount() + " vertices, instance ")
                .contains("more than the file's " + Files.size(crowd) + " bytes can describe (budget 16 x input size, ");
        assertThat(out).doesNotExist();
    }

    /**
     * A file the read budget admits, 120 nodes sharing one mesh of two primitives (about 190 KB):
     * inspect cuts out and validates each primitive of the shared mesh once, not once per node (which
     * took some 40 MB and ran out of memory here), and still reports every node's primitives.
     */
    @Test
    void inspectingNodesThatShareAMeshFitsASmallHeap() throws Exception {
        Humanoid h = Humanoids.generate(7);
        Mesh body = h.parts().stream().filter(m -> m.skin() != null).max(Comparator.comparingInt(Mesh::vertexCount))
                .orElseThrow();
        int half = body.indexCount() / 6 * 3;
        Mesh twoPrimitives = body.toBuilder().clearSubmeshes().addSubmesh(0, half, 0)
                .addSubmesh(half, body.indexCount() - half, 0).build();
        List<Part> parts = new ArrayList<>();
        for (int k = 0; k < 120; k++) {
            parts.add(Part.of("instance" + k, twoPrimitives));
        }
        Path crowd = Files.write(tmp.resolve("shared.glb"),
                GltfWriter.toGlb(Character.of("crowd", h.skeleton(), parts, List.of())));
        Result r = run("inspect", crowd.toString());
        assertThat(r.exitCode()).as("stderr: %s", r.err()).isEqualTo(SkinMeshCommand.OK);
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("meshes: 120 skinned instances, 0 rigid instances, 240 primitives");
        assertThat(r.out().lines().filter(l -> l.matches("  node \\d+ 'instance\\d+': mesh 0, skin 0")))
                .as("every node with its primitives").hasSize(120);
    }

    /** A GLB of 48 MiB (a BIN chunk of zeros no accessor uses) cannot even be loaded into 32 MiB. */
    @Test
    void aFileLargerThanTheHeapIsOneLineSayingSo() throws Exception {
        Path big = tmp.resolve("big.glb");
        byte[] json = "{\"asset\":{\"version\":\"2.0\"}}".getBytes(StandardCharsets.US_ASCII);
        int binLength = 48 << 20;
        try (FileChannel f = FileChannel.open(big, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ByteBuffer head = ByteBuffer.allocate(12 + 8 + 28 + 8).order(ByteOrder.LITTLE_ENDIAN);
            head.putInt(0x46546C67).putInt(2).putInt(12 + 8 + 28 + 8 + binLength);
            head.putInt(28).putInt(0x4E4F534A).put(json).put((byte) ' ').putInt(binLength).putInt(0x004E4942);
            f.write(head.flip());
            f.write(ByteBuffer.allocate(1), 12 + 8 + 28 + 8 + binLength - 1L); // the rest reads as zeros
        }
        Path out = tmp.resolve("big.bin");
        Result r = skin(big, out);
        assertThat(r.exitCode()).as("stderr: %s", r.err()).isEqualTo(SkinMeshCommand.BAD_INPUT);
        assertThat(r.err().lines().toList()).as(r.err()).singleElement().asString()
                .startsWith("skinmesh skin: out of memory reading " + big + "; give the JVM more with JAVA_OPTS=-Xmx")
                .doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(out).doesNotExist();
    }
}
