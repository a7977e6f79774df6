package io.github.skinmesh.vat.crowd;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.skinning.HalfFloats;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.random.ChannelSet;
import io.github.skinmesh.testkit.random.KeyTiming;
import io.github.skinmesh.testkit.random.RandomClipOptions;
import io.github.skinmesh.testkit.random.RandomMeshOptions;
import io.github.skinmesh.testkit.random.RandomModels;
import io.github.skinmesh.testkit.random.RestScale;
import io.github.skinmesh.testkit.random.VertexStreams;
import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.LoopMode;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatResult;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.joml.Matrix4f;
import org.joml.Vector4f;
import org.junit.jupiter.api.Test;

/** Crowd bounds hold every skinned vertex; union and culling against naive references. */
class CrowdBoundsTest {
    /**
     * Random skeletons, meshes, clips, rates, loop modes, instance transforms (rotation, non-uniform
     * and mirroring scale, shear, translation), phases, speeds and crowd times: every vertex, skinned
     * in double with the palette the crowd wrote (float, or half widened) and placed by its
     * instance's transform, lies in its instance's box and in the batch's box, with the padding
     * {@link CrowdFrames#roundingPadding} gives.
     */
    @Property(tries = 60, seed = "13013")
    void boxesHoldEveryVertexOfEveryInstanceAtEverySampledTime(@ForAll long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        boolean half = rng.nf() < 0.5f;
        Skeleton skeleton = RandomModels.skeleton(rng, rng.nextInt(1, 10), RestScale.UNIFORM);
        Mesh mesh = RandomModels.skinnedMesh(rng, skeleton, RandomMeshOptions.DEFAULTS.withVertexCount(
                rng.nextInt(4, 40)).withTriangleCount(2).withInfluencesPerVertex(rng.nextInt(1, 4)).withUvChannels(0)
                .withStreams(VertexStreams.POSITIONS));
        List<AnimationClip> clips = new ArrayList<>();
        int clipCount = rng.nextInt(1, 3);
        for (int c = 0; c < clipCount; c++) {
            AnimationClip clip = RandomModels.clip(rng, skeleton, new RandomClipOptions(rng.range(0.2f, 2),
                    rng.nextInt(2, 12), Interpolation.LINEAR, KeyTiming.JITTERED, ChannelSet.ALL, 0));
            clips.add(AnimationClip.of("clip" + c, clip.channels()));
        }
        Character character = Character.of("random", skeleton, List.of(Part.of("part", mesh)), clips);
        float[] rates = {7.5f, 24, 30};
        BoneTextureOptions options = BoneTextureOptions.DEFAULTS
                .withEncoding(half ? VatEncoding.HALF : VatEncoding.FLOAT)
                .withFps(rates[rng.nextInt(0, 2)])
                .withLoopMode(LoopMode.values()[rng.nextInt(0, 2)]);
        VatResult bake = Vat.bakeBoneTexture(character, clips, options, Progress.NONE);
        CrowdFrames frames = CrowdFrames.of(bake);

        Mesh drawn = bake.parts().get(0).mesh();
        float[] bind = drawn.positions();
        float maxBind = 0;
        for (float v : bind) {
            maxBind = Math.max(maxBind, Math.abs(v));
        }
        VatEncoding output = half ? VatEncoding.HALF : VatEncoding.FLOAT;
        CrowdOptions crowdOptions = CrowdOptions.DEFAULTS.withBoundsPadding(frames.roundingPadding(output, maxBind));
        int n = rng.nextInt(1, 6);
        Crowd crowd = Crowd.create(frames, n, crowdOptions);
        float[] transforms = new float[12 * n];
        for (int i = 0; i < n; i++) {
            crowd.setInstance(i, rng.nextInt(0, clipCount - 1), rng.range(-3, 3), rng.range(-2, 2));
            crowd.setLoop(i, CrowdLoop.values()[rng.nextInt(0, 2)]);
            randomTransform(rng, transforms, 12 * i);
        }
        float[] boxes = new float[6 * n];
        crowd.boundsInto(n, transforms, 0, boxes, 0);
        float[] batch = CrowdBounds.unionInto(boxes, 0, n, new float[6], 0);
        checkTight(frames, crowd, crowdOptions.boundsPadding(), transforms, boxes);

        BoneWeights weights = drawn.skin().weights();
        int k = weights.influencesPerVertex();
        int per = 12 * frames.boneCount();
        float[] palettes = new float[per * n];
        short[] halves = new short[per * n];
        for (int step = 0; step < 12; step++) {
            double time = rng.range(-4, 4);
            if (half) {
                crowd.palettesInto(n, time, halves, 0);
                for (int j = 0; j < palettes.length; j++) {
                    palettes[j] = HalfFloats.toFloat(halves[j]);
                }
            } else {
                crowd.palettesInto(n, time, palettes, 0);
            }
            for (int i = 0; i < n; i++) {
                for (int v = 0; v < drawn.vertexCount(); v++) {
                    double[] p = new double[3];
                    for (int s = 0; s < k; s++) {
                        double w = weights.weight(v, s);
                        int m = i * per + 12 * weights.joint(v, s);
                        for (int r = 0; r < 3; r++) {
                            p[r] += w * (palettes[m + 4 * r] * (double) bind[3 * v]
                                    + palettes[m + 4 * r + 1] * (double) bind[3 * v + 1]
                                    + palettes[m + 4 * r + 2] * (double) bind[3 * v + 2] + palettes[m + 4 * r + 3]);
                        }
                    }
                    int t = 12 * i;
                    for (int r = 0; r < 3; r++) {
                        double world = transforms[t + 4 * r] * p[0] + transforms[t + 4 * r + 1] * p[1]
                                + transforms[t + 4 * r + 2] * p[2] + transforms[t + 4 * r + 3];
                        assertThat(world).as("seed %d, instance %d, vertex %d, axis %d, time %f", seed, i, v, r, time)
                                .isBetween((double) boxes[6 * i + r], (double) boxes[6 * i + 3 + r])
                                .isBetween((double) batch[r], (double) batch[3 + r]);
                    }
                }
            }
        }
    }

    /** The box is the placed padded clip box (its 8 corners in double) widened by no more than a few float steps. */
    private static void checkTight(CrowdFrames frames, Crowd crowd, float pad, float[] transforms, float[] boxes) {
        for (int i = 0; i < crowd.capacity(); i++) {
            io.github.skinmesh.core.model.Bounds b = frames.clip(crowd.clip(i)).bounds();
            double[] lo = {b.minX() - (double) pad, b.minY() - (double) pad, b.minZ() - (double) pad};
            double[] hi = {b.maxX() + (double) pad, b.maxY() + (double) pad, b.maxZ() + (double) pad};
            for (int r = 0; r < 3; r++) {
                double min = Double.POSITIVE_INFINITY;
                double max = Double.NEGATIVE_INFINITY;
                for (int corner = 0; corner < 8; corner++) {
                    double x = (corner & 1) == 0 ? lo[0] : hi[0];
                    double y = (corner & 2) == 0 ? lo[1] : hi[1];
                    double z = (corner & 4) == 0 ? lo[2] : hi[2];
                    int t = 12 * i + 4 * r;
                    double w = transforms[t] * x + transforms[t + 1] * y + transforms[t + 2] * z + transforms[t + 3];
                    min = Math.min(min, w);
                    max = Math.max(max, w);
                }
                double slack = 4 * Math.ulp((float) Math.max(Math.abs(min), Math.abs(max)));
                assertThat((double) boxes[6 * i + r]).isBetween(min - slack, min);
                assertThat((double) boxes[6 * i + 3 + r]).isBetween(max, max + slack);
            }
        }
    }

    /** A random affine transform: rotation, then scale (non-uniform, maybe mirrored), a shear, a translation. */
    private static void randomTransform(SplitMix64 rng, float[] dst, int offset) {
        float[] q = RandomModels.rotation(rng, new float[4], 0);
        Matrix4f m = new Matrix4f().translation(rng.range(-50, 50), rng.range(-50, 50), rng.range(-50, 50))
                .rotate(new org.joml.Quaternionf(q[0], q[1], q[2], q[3]))
                .scale(rng.range(0.2f, 3) * (rng.nf() < 0.2f ? -1 : 1), rng.range(0.2f, 3), rng.range(0.2f, 3));
        m.mul(new Matrix4f().m10(rng.range(-0.5f, 0.5f)));
        for (int r = 0; r < 3; r++) {
            Vector4f row = m.getRow(r, new Vector4f());
            dst[offset + 4 * r] = row.x;
            dst[offset + 4 * r + 1] = row.y;
            dst[offset + 4 * r + 2] = row.z;
            dst[offset + 4 * r + 3] = row.w;
        }
    }

    @Property(tries = 300, seed = "4711")
    void cullingAgreesWithTheNaivePerCornerTest(@ForAll long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        int n = rng.nextInt(0, 40);
        float[] boxes = new float[6 * n];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < 3; a++) {
                float c = rng.range(-20, 20);
                float e = rng.range(-0.5f, 4); // a negative extent makes the box empty
                boxes[6 * i + a] = c - e;
                boxes[6 * i + 3 + a] = c + e;
            }
            if (rng.nf() < 0.05f) {
                boxes[6 * i] = Float.POSITIVE_INFINITY;
                boxes[6 * i + 3] = Float.NEGATIVE_INFINITY;
            }
        }
        float[] planes = new float[24];
        if (rng.nf() < 0.5f) {
            Matrix4f viewProjection = new Matrix4f().perspective(rng.range(0.3f, 2), rng.range(0.5f, 2), 0.1f,
                    rng.range(5, 60)).lookAt(rng.range(-30, 30), rng.range(-30, 30), rng.range(-30, 30), 0, 0, 0, 0, 1, 0);
            Vector4f plane = new Vector4f();
            for (int p = 0; p < 6; p++) {
                viewProjection.frustumPlane(p, plane);
                planes[4 * p] = plane.x;
                planes[4 * p + 1] = plane.y;
                planes[4 * p + 2] = plane.z;
                planes[4 * p + 3] = plane.w;
            }
        } else {
            for (int i = 0; i < 24; i++) {
                planes[i] = rng.range(-1, 1) * (i % 4 == 3 ? 30 : 1);
            }
            if (rng.nf() < 0.2f) {
                planes[0] = 0; // an axis-parallel plane
            }
        }
        int[] visible = new int[n + 3];
        int count = CrowdBounds.cullInto(boxes, 0, n, planes, 0, visible, 3);
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (naiveVisible(boxes, 6 * i, planes)) {
                expected.add(i);
            }
        }
        List<Integer> actual = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            actual.add(visible[3 + i]);
        }
        assertThat(actual).isEqualTo(expected);
    }

    /** Visible unless empty or all 8 corners are outside one plane ({@code ax + by + cz + d < 0}, in double). */
    private static boolean naiveVisible(float[] boxes, int o, float[] planes) {
        if (boxes[o] > boxes[o + 3] || boxes[o + 1] > boxes[o + 4] || boxes[o + 2] > boxes[o + 5]) {
            return false;
        }
        for (int p = 0; p < 6; p++) {
            int outside = 0;
            for (int corner = 0; corner < 8; corner++) {
                double x = boxes[o + ((corner & 1) == 0 ? 0 : 3)];
                double y = boxes[o + ((corner & 2) == 0 ? 1 : 4)];
                double z = boxes[o + ((corner & 4) == 0 ? 2 : 5)];
                if ((double) planes[4 * p] * x + (double) planes[4 * p + 1] * y + (double) planes[4 * p + 2] * z
                        + planes[4 * p + 3] < 0) {
                    outside++;
                }
            }
            if (outside == 8) {
                return false;
            }
        }
        return true;
    }

    @Test
    void aFrustumKeepsTheInstancesInFrontOfTheCamera() {
        // a row of unit boxes along x, a camera at the origin looking down -z: only boxes in front are kept
        int n = 9;
        float[] boxes = new float[6 * n];
        for (int i = 0; i < n; i++) {
            float z = -10 + 4 * (i - 4); // -26 .. +6
            boxes[6 * i] = -0.5f;
            boxes[6 * i + 1] = -0.5f;
            boxes[6 * i + 2] = z - 0.5f;
            boxes[6 * i + 3] = 0.5f;
            boxes[6 * i + 4] = 0.5f;
            boxes[6 * i + 5] = z + 0.5f;
        }
        Matrix4f projection = new Matrix4f().perspective((float) Math.toRadians(60), 1, 0.1f, 20);
        float[] planes = new float[24];
        Vector4f plane = new Vector4f();
        for (int p = 0; p < 6; p++) {
            projection.frustumPlane(p, plane);
            planes[4 * p] = plane.x;
            planes[4 * p + 1] = plane.y;
            planes[4 * p + 2] = plane.z;
            planes[4 * p + 3] = plane.w;
        }
        int[] visible = new int[n];
        int count = CrowdBounds.cullInto(boxes, 0, n, planes, 0, visible, 0);
        // centres at z = -26, -22, ..., 6: beyond the far plane (z = -20) or behind the camera are culled
        assertThat(java.util.Arrays.copyOf(visible, count)).containsExactly(2, 3, 4, 5, 6);
    }

    @Test
    void theBatchBoxUnitesTheNonEmptyBoxes() {
        float inf = Float.POSITIVE_INFINITY;
        float[] boxes = {0, 1, 2, 3, 4, 5, inf, inf, inf, -inf, -inf, -inf, -7, 3, 1, -6, 9, 1.5f};
        assertThat(CrowdBounds.unionInto(boxes, 0, 3, new float[7], 1)).containsExactly(0, -7, 1, 1, 3, 9, 5);
        assertThat(CrowdBounds.unionInto(boxes, 6, 1, new float[6], 0)).containsExactly(inf, inf, inf, -inf, -inf,
                -inf);
        assertThat(CrowdBounds.unionInto(boxes, 0, 0, new float[6], 0)).containsExactly(inf, inf, inf, -inf, -inf,
                -inf);
    }

    @Test
    void anIdentityTransformGivesThePaddedClipBox() {
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(
                BoneTextureOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT)));
        Crowd crowd = Crowd.create(frames, 2, CrowdOptions.DEFAULTS.withBoundsPadding(0.25f));
        crowd.setInstance(1, 1, 0, 1);
        float[] transforms = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 10, 0, 1, 0, 0, 0, 0, 1, 0};
        float[] boxes = new float[12];
        assertThat(crowd.boundsInto(2, transforms, 0, boxes, 0)).isEqualTo(12);
        for (int i = 0; i < 2; i++) {
            io.github.skinmesh.core.model.Bounds b = frames.clip(i).bounds();
            float[] expected = {b.minX() - 0.25f + 10 * i, b.minY() - 0.25f, b.minZ() - 0.25f,
                b.maxX() + 0.25f + 10 * i, b.maxY() + 0.25f, b.maxZ() + 0.25f};
            for (int a = 0; a < 6; a++) {
                assertThat(boxes[6 * i + a]).as("instance %d value %d", i, a)
                        .isCloseTo(expected[a], org.assertj.core.data.Offset.offset(1e-5f));
            }
        }
    }
}
