package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.partition.DrawMesh;
import io.github.skinmesh.core.partition.OversizeTriangles;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionOptions;
import io.github.skinmesh.core.partition.PartitionResult;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code skinmesh partition --out} read back: every draw node's skin lists the draw's bones with
 * the original inverse bind matrices, and its vertices, skinned here with that skin at a random
 * pose, land where the original vertices they copy do.
 */
class PartitionOutPosedTest {
    @TempDir
    Path tmp;

    @Test
    void eachDrawNodePosesLikeTheOriginalOnTheSharedAssetsAndTheHumanoid() throws IOException {
        List<Path> inputs = new ArrayList<>();
        for (String name : List.of("CesiumMan.glb", "Fox.glb", "RiggedSimple.glb")) {
            SharedFiles.file("assets/" + name).ifPresent(inputs::add);
        }
        assumeTrue(!inputs.isEmpty(), SharedFiles.ABSENT);
        Path hero = tmp.resolve("humanoid.glb");
        GltfWriter.writeGlb(Combine.combineCharacters(List.of(Humanoids.generate(1).character()),
                CombineOptions.DEFAULTS).character(), hero);
        inputs.add(hero);
        int checked = 0;
        for (Path in : inputs) {
            for (int maxBones : new int[] {16, 6}) {
                Path out = tmp.resolve("split-" + maxBones + "-" + in.getFileName());
                Cli.run("partition", in, "--max-bones", String.valueOf(maxBones), "--drop-influences", "--out", out,
                        "--report", tmp.resolve("r.json")).assertOk();
                Character original = GltfReader.read(in).character();
                Character back = GltfReader.read(out).character();
                Map<String, Matrix4f> pose = randomPose(original.skeleton(), 17);
                for (Part p : original.skinnedParts()) {
                    PartitionResult r = Partition.partition(p.mesh(), maxBones,
                            PartitionOptions.DEFAULTS.withOversize(OversizeTriangles.DROP_INFLUENCES));
                    boolean changed = r.report().changedVertices() > 0;
                    double[] want = skin(changed ? r.mesh() : p.mesh(), pose);
                    for (DrawMesh d : Partition.drawMeshes(r.mesh())) {
                        String name = p.name() + "." + d.submesh() + "." + d.draw();
                        String where = in.getFileName() + " at " + maxBones + ": " + name;
                        Part drawn = back.part(name);
                        assertThat(drawn).as(where).isNotNull();
                        Mesh m = drawn.mesh();
                        Skin skin = m.skin();
                        Skin source = p.mesh().skin();
                        assertThat(skin.boneNames()).as(where).containsExactly(d.mesh().skin().boneNames());
                        assertThat(skin.paletteSize()).as(where).isLessThanOrEqualTo(maxBones);
                        for (int e = 0; e < skin.paletteSize(); e++) {
                            int entry = List.of(source.boneNames()).indexOf(skin.boneName(e));
                            assertThat(entry).as(where).isNotNegative();
                            assertThat(skin.inverseBindMatrix(e, new Matrix4f()))
                                    .as(where + " bone " + skin.boneName(e))
                                    .isEqualTo(source.inverseBindMatrix(entry, new Matrix4f()));
                        }
                        assertThat(m.vertexCount()).as(where).isEqualTo(d.mesh().vertexCount());
                        double[] got = skin(m, pose);
                        for (int v = 0; v < m.vertexCount(); v++) {
                            int o = changed ? d.sourceVertex(v) : r.sourceVertex(d.sourceVertex(v));
                            for (int c = 0; c < 3; c++) {
                                assertThat(Math.abs(got[3 * v + c] - want[3 * o + c]))
                                        .as("%s vertex %d (of %d) axis %d", where, v, o, c)
                                        .isLessThanOrEqualTo(1e-4 * (1 + Math.abs(want[3 * o + c])));
                            }
                        }
                        checked++;
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(inputs.size());
    }

    /** World matrices by bone name: rest locals each turned by a random rotation. */
    static Map<String, Matrix4f> randomPose(Skeleton s, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Matrix4f[] world = new Matrix4f[s.boneCount()];
        Map<String, Matrix4f> out = new HashMap<>();
        for (int b = 0; b < s.boneCount(); b++) {
            resolve(s, world, b, r);
        }
        for (int b = 0; b < s.boneCount(); b++) {
            out.put(s.boneName(b), world[b]);
        }
        return out;
    }

    private static Matrix4f resolve(Skeleton s, Matrix4f[] world, int b, SplittableRandom r) {
        if (world[b] == null) {
            int parent = s.parent(b);
            Matrix4f local = s.restLocalMatrix(b, new Matrix4f()).rotateXYZ((float) r.nextDouble(-1, 1),
                    (float) r.nextDouble(-1, 1), (float) r.nextDouble(-1, 1));
            world[b] = parent == Skeleton.NO_PARENT ? local : new Matrix4f(resolve(s, world, parent, r)).mul(local);
        }
        return world[b];
    }

    /** Positions skinned with the mesh's own palette, bones found by name: 3 doubles per vertex. */
    static double[] skin(Mesh m, Map<String, Matrix4f> pose) {
        Skin skin = m.skin();
        Matrix4f[] palette = new Matrix4f[skin.paletteSize()];
        for (int e = 0; e < palette.length; e++) {
            palette[e] = new Matrix4f(pose.get(skin.boneName(e))).mul(skin.inverseBindMatrix(e, new Matrix4f()));
        }
        float[] p = m.positions();
        BoneWeights w = skin.weights();
        double[] out = new double[p.length];
        float[] a = new float[16];
        for (int v = 0; v < m.vertexCount(); v++) {
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                float weight = w.weight(v, k);
                if (weight != 0) {
                    palette[w.joint(v, k)].get(a);
                    for (int c = 0; c < 3; c++) {
                        out[3 * v + c] += weight * (a[c] * p[3 * v] + a[4 + c] * p[3 * v + 1] + a[8 + c] * p[3 * v + 2]
                                + a[12 + c]);
                    }
                }
            }
        }
        return out;
    }
}
