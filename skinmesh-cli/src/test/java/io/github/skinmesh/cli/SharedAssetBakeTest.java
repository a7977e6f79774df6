package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.gltf.GltfReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code skinmesh vat} and {@code skinmesh bones-texture} on the shared real assets (skipped, with the
 * reason, when the shared folder is absent): every clip baked, the files read back independently
 * ({@link BakedFiles}) and every vertex of every frame compared with what {@code skinmesh skin} writes
 * by default (each skinned node's own space). CesiumMan and RiggedSimple have skinned nodes under a
 * transformed parent, where that space differs from the glTF scene's: the command says so.
 */
class SharedAssetBakeTest {
    @TempDir
    Path tmp;

    private static List<Object> allClips(Path file) throws IOException {
        List<Object> clips = new ArrayList<>();
        int n = GltfReader.read(file).clips().size();
        for (int c = 0; c < n; c++) {
            clips.add(String.valueOf(c));
        }
        return clips;
    }

    private static Object[] args(String command, Path file, List<Object> clips, Path out, Object... more) {
        List<Object> a = new ArrayList<>(List.of(command, file, "--clip"));
        a.addAll(clips);
        a.add("--out");
        a.add(out);
        a.addAll(List.of(more));
        return a.toArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "Fox", "RiggedSimple"})
    void vertexTexturesOfEveryClipDecodeToSkinning(String asset) throws IOException {
        Path file = InspectCommandTest.asset(asset + ".glb");
        List<Object> clips = allClips(file);
        BakedFiles.Vertices vertices = new BakedFiles.Vertices(file);

        Path half = tmp.resolve("half");
        Cli.Run run = Cli.run(args("vat", file, clips, half)).assertOk();
        boolean transformedNode = !asset.equals("Fox");
        assertThat(run.err().contains("baked in each skinned node's own space (what skinmesh skin writes by default)"))
                .as("the note on the space:%n%s", run.err()).isEqualTo(transformedNode);
        BakedFiles baked = BakedFiles.read(half);
        assertThat(baked.manifest.get("clips")).hasSize(clips.size());
        baked.checkVertices(vertices);

        Path unorm = tmp.resolve("unorm16");
        Cli.run(args("vat", file, clips, unorm, "--encoding", "unorm16", "--offsets", "--quiet")).assertOk();
        BakedFiles.read(unorm).checkVertices(vertices);
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "Fox", "RiggedSimple"})
    void boneTexturesOfEveryClipSkinWithinTheReportedError(String asset) throws IOException {
        Path file = InspectCommandTest.asset(asset + ".glb");
        Path out = tmp.resolve("bones");
        Cli.run(args("bones-texture", file, allClips(file), out, "--quiet")).assertOk();
        BakedFiles.read(out).checkBones(new BakedFiles.Vertices(file));
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan"})
    void normalsDecodeWithinTheReportedAngle(String asset) throws IOException {
        Path file = InspectCommandTest.asset(asset + ".glb");
        Path out = tmp.resolve("normals");
        Cli.run(args("vat", file, List.of("0"), out, "--encoding", "unorm8", "--normals", "--quiet")).assertOk();
        BakedFiles baked = BakedFiles.read(out);
        BakedFiles.Measured m = baked.checkVertices(new BakedFiles.Vertices(file));
        assertThat(m.normalMaxDegrees()).isPositive().isLessThan(2);
    }
}
