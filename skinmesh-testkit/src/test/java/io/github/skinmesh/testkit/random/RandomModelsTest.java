package io.github.skinmesh.testkit.random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.testkit.ReferenceSkinning;
import io.github.skinmesh.testkit.SplitMix64;
import java.util.HashSet;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class RandomModelsTest {
    /** Float sums of up to 8 weights in [0, 1]. */
    private static final float WEIGHT_SUM_TOLERANCE = 1e-6f;
    /** Unit length of float vectors computed in double and rounded. */
    private static final double UNIT_TOLERANCE = 1e-6;
    /** Orthogonality of a float tangent and normal. */
    private static final double ORTHOGONAL_TOLERANCE = 1e-5;
    /** Relative error of {@code restModel * inverseBind = identity}, scaled by the matrices' norms. */
    private static final double BIND_RELATIVE_TOLERANCE = 1e-5;

    @Property(tries = 100, seed = "101")
    void skeletonsAreParentsFirstWithUnitRotationsAndScalesInRange(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 80) int boneCount, @ForAll RestScale restScale) {
        Skeleton s = RandomModels.skeleton(new SplitMix64(seed), boneCount, restScale);
        assertThat(s.boneCount()).isEqualTo(boneCount);
        assertThat(s.name()).isEqualTo(RandomModels.SKELETON_NAME);
        float[] t = s.restTranslationsInto(new float[3 * boneCount], 0);
        float[] r = s.restRotationsInto(new float[4 * boneCount], 0);
        float[] sc = s.restScalesInto(new float[3 * boneCount], 0);
        for (int b = 0; b < boneCount; b++) {
            assertThat(s.boneName(b)).isEqualTo("bone" + b);
            if (b == 0) {
                assertThat(s.parent(b)).isEqualTo(Skeleton.NO_PARENT);
            } else {
                assertThat(s.parent(b)).isBetween(0, b - 1);
            }
            for (int c = 0; c < 3; c++) {
                assertThat(t[3 * b + c]).isBetween(-1f, 1f);
            }
            double len = Math.sqrt(r[4 * b] * r[4 * b] + r[4 * b + 1] * r[4 * b + 1] + r[4 * b + 2] * r[4 * b + 2]
                    + r[4 * b + 3] * r[4 * b + 3]);
            assertThat(len).isCloseTo(1, org.assertj.core.data.Offset.offset(UNIT_TOLERANCE));
            switch (restScale) {
                case UNIT:
                    assertThat(new float[] {sc[3 * b], sc[3 * b + 1], sc[3 * b + 2]}).containsExactly(1, 1, 1);
                    break;
                case UNIFORM:
                    assertThat(sc[3 * b + 1]).isEqualTo(sc[3 * b]);
                    assertThat(sc[3 * b + 2]).isEqualTo(sc[3 * b]);
                    assertThat(sc[3 * b]).isBetween(0.5f, 2f);
                    break;
                default:
                    for (int c = 0; c < 3; c++) {
                        assertThat(sc[3 * b + c]).isBetween(0.5f, 2f);
                    }
                    break;
            }
        }
        assertThat(RandomModels.skeleton(new SplitMix64(seed), boneCount, restScale)).isEqualTo(s);
    }

    @Property(tries = 100, seed = "102")
    void boneWeightsAreSortedNormalizedDistinctAndInsideThePalette(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 300) int vertexCount, @ForAll @IntRange(min = 1, max = 8) int influences,
            @ForAll @IntRange(min = 1, max = 40) int paletteSize) {
        BoneWeights w = RandomModels.boneWeights(new SplitMix64(seed), vertexCount, influences, paletteSize);
        assertWeights(w, vertexCount, influences, paletteSize);
        // the strict factory accepts them as they are
        assertThat(BoneWeights.ofNormalized(influences, w.joints(), w.weights())).isEqualTo(w);
    }

    @Test
    void boneWeightsLeaveSomeSlotsEmpty() {
        BoneWeights w = RandomModels.boneWeights(new SplitMix64(5), 1000, 4, 30);
        int empty = 0;
        for (int v = 0; v < 1000; v++) {
            if (w.weight(v, 3) == 0) {
                empty++;
            }
        }
        // the used slot count is uniform in 1..4: three quarters of the vertices leave the last slot empty
        assertThat(empty).isBetween(650, 850);
    }

    private static void assertWeights(BoneWeights w, int vertexCount, int influences, int paletteSize) {
        assertThat(w.vertexCount()).isEqualTo(vertexCount);
        assertThat(w.influencesPerVertex()).isEqualTo(influences);
        for (int v = 0; v < vertexCount; v++) {
            float sum = 0;
            Set<Integer> seen = new HashSet<>();
            for (int k = 0; k < influences; k++) {
                float weight = w.weight(v, k);
                int joint = w.joint(v, k);
                sum += weight;
                assertThat(joint).isBetween(0, paletteSize - 1);
                if (k > 0) {
                    assertThat(weight).isLessThanOrEqualTo(w.weight(v, k - 1));
                }
                if (weight > 0) {
                    assertThat(seen.add(joint)).as("vertex %d joint %d repeated", v, joint).isTrue();
                } else {
                    assertThat(joint).isZero();
                }
            }
            assertThat(w.weight(v, 0)).isPositive();
            assertThat(Math.abs(sum - 1f)).as("vertex %d weight sum %s", v, sum).isLessThanOrEqualTo(WEIGHT_SUM_TOLERANCE);
        }
    }

    @Property(tries = 80, seed = "103")
    void skinnedMeshesAreValidAndBoundAtTheRestPose(@ForAll long seed, @ForAll @IntRange(min = 1, max = 40) int bones,
            @ForAll RestScale restScale, @ForAll VertexStreams streams, @ForAll PaletteSelection palette,
            @ForAll @IntRange(min = 3, max = 120) int vertices, @ForAll @IntRange(min = 0, max = 200) int triangles,
            @ForAll @IntRange(min = 1, max = 8) int influences, @ForAll @IntRange(min = 0, max = 3) int uvChannels,
            @ForAll @IntRange(min = 0, max = 3) int morphTargets, @ForAll @IntRange(min = 1, max = 4) int submeshes) {
        SplitMix64 rng = new SplitMix64(seed);
        Skeleton skeleton = RandomModels.skeleton(rng, bones, restScale);
        int subs = Math.min(submeshes, Math.max(1, triangles));
        RandomMeshOptions options = new RandomMeshOptions(vertices, triangles, influences, uvChannels, morphTargets, subs,
                streams, palette);
        Mesh mesh = RandomModels.skinnedMesh(rng, skeleton, options);

        assertThat(mesh.name()).isEqualTo(RandomModels.MESH_NAME);
        assertThat(mesh.vertexCount()).isEqualTo(vertices);
        assertThat(mesh.triangleCount()).isEqualTo(triangles);
        assertThat(mesh.uvChannelCount()).isEqualTo(uvChannels);
        assertThat(mesh.hasNormals()).isEqualTo(streams != VertexStreams.POSITIONS);
        assertThat(mesh.hasTangents()).isEqualTo(streams == VertexStreams.NORMALS_TANGENTS || streams == VertexStreams.ALL);
        assertThat(mesh.hasColors()).isEqualTo(streams == VertexStreams.ALL);
        assertStreams(mesh);
        assertTriangles(mesh, subs);

        Skin skin = mesh.skin();
        int[] paletteBones = skin.bind(skeleton);
        assertThat(new HashSet<>(java.util.Arrays.asList(skin.boneNames()))).hasSize(skin.paletteSize());
        if (palette == PaletteSelection.RANDOM_SUBSET) {
            assertThat(skin.paletteSize()).isBetween(1, bones);
        } else {
            assertThat(skin.paletteSize()).isEqualTo(bones);
        }
        if (palette == PaletteSelection.ALL_IN_ORDER) {
            for (int e = 0; e < bones; e++) {
                assertThat(paletteBones[e]).isEqualTo(e);
            }
        }
        assertWeights(skin.weights(), vertices, influences, skin.paletteSize());
        assertBoundAtRest(skeleton, skin);
        double[] skinned = ReferenceSkinning.skinPositions(mesh,
                ReferenceSkinning.skinMatrices(skin, skeleton, ReferenceSkinning.restModels(skeleton)));
        float[] p = mesh.positions();
        for (int i = 0; i < p.length; i++) {
            assertThat(skinned[i]).isCloseTo(p[i], org.assertj.core.data.Offset.offset(1e-3 * (1 + Math.abs(p[i]))));
        }

        assertThat(mesh.morphTargets()).hasSize(morphTargets);
        for (MorphTarget t : mesh.morphTargets()) {
            assertThat(t.vertexCount()).isEqualTo(vertices);
            for (float[] deltas : new float[][] {t.positions(), t.normals(), t.tangents()}) {
                assertThat(deltas).isNotNull();
                for (float d : deltas) {
                    assertThat(d).isBetween(-0.1f, 0.1f);
                }
            }
        }
        SplitMix64 again = new SplitMix64(seed);
        assertThat(RandomModels.skinnedMesh(again, RandomModels.skeleton(again, bones, restScale), options))
                .isEqualTo(mesh);
    }

    private static void assertStreams(Mesh mesh) {
        int n = mesh.vertexCount();
        for (float x : mesh.positions()) {
            assertThat(x).isBetween(-1f, 1f);
        }
        float[] normals = mesh.normals();
        float[] tangents = mesh.tangents();
        for (int v = 0; v < n; v++) {
            if (normals != null) {
                assertThat(length(normals, 3 * v)).isCloseTo(1, org.assertj.core.data.Offset.offset(UNIT_TOLERANCE));
            }
            if (tangents != null) {
                assertThat(length(tangents, 4 * v)).isCloseTo(1, org.assertj.core.data.Offset.offset(UNIT_TOLERANCE));
                double dot = tangents[4 * v] * normals[3 * v] + tangents[4 * v + 1] * normals[3 * v + 1]
                        + tangents[4 * v + 2] * normals[3 * v + 2];
                assertThat(Math.abs(dot)).isLessThan(ORTHOGONAL_TOLERANCE);
                assertThat(Math.abs(tangents[4 * v + 3])).isEqualTo(1f);
            }
        }
        if (mesh.hasColors()) {
            for (float c : mesh.colors()) {
                assertThat(c).isBetween(0f, 1f);
            }
        }
        for (int c = 0; c < mesh.uvChannelCount(); c++) {
            for (float u : mesh.uvs(c)) {
                assertThat(u).isBetween(0f, 1f);
            }
        }
    }

    private static void assertTriangles(Mesh mesh, int submeshes) {
        int[] idx = mesh.indices();
        for (int t = 0; t < idx.length; t += 3) {
            assertThat(idx[t]).isNotEqualTo(idx[t + 1]).isNotEqualTo(idx[t + 2]);
            assertThat(idx[t + 1]).isNotEqualTo(idx[t + 2]);
        }
        assertThat(mesh.submeshes()).hasSize(submeshes);
        assertThat(mesh.materials()).hasSize(submeshes);
        int next = 0;
        for (int s = 0; s < submeshes; s++) {
            Submesh sm = mesh.submeshes().get(s);
            assertThat(sm.firstIndex()).isEqualTo(next);
            assertThat(sm.materialIndex()).isEqualTo(s);
            if (mesh.triangleCount() > 0) {
                assertThat(sm.indexCount()).isPositive();
            }
            next += sm.indexCount();
        }
        assertThat(next).isEqualTo(idx.length);
    }

    private static void assertBoundAtRest(Skeleton skeleton, Skin skin) {
        double[][] models = ReferenceSkinning.restModels(skeleton);
        double[][] products = ReferenceSkinning.skinMatrices(skin, skeleton, models);
        int[] bones = skin.bind(skeleton);
        float[] ibm = skin.inverseBindMatricesInto(new float[16 * skin.paletteSize()], 0);
        for (int e = 0; e < products.length; e++) {
            double scale = norm(models[bones[e]], 0) * norm(toDouble(ibm), 16 * e);
            for (int i = 0; i < 16; i++) {
                double identity = i % 5 == 0 ? 1 : 0;
                assertThat(Math.abs(products[e][i] - identity)).as("entry %d element %d", e, i)
                        .isLessThan(BIND_RELATIVE_TOLERANCE * scale);
            }
        }
    }

    private static double[] toDouble(float[] a) {
        double[] d = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = a[i];
        }
        return d;
    }

    private static double norm(double[] m, int offset) {
        double sum = 0;
        for (int i = 0; i < 16; i++) {
            sum += m[offset + i] * m[offset + i];
        }
        return Math.sqrt(sum);
    }

    private static double length(float[] v, int o) {
        return Math.sqrt((double) v[o] * v[o] + (double) v[o + 1] * v[o + 1] + (double) v[o + 2] * v[o + 2]);
    }

    @Property(tries = 80, seed = "104")
    void clipsHaveValidKeysEveryBoneAndTheRequestedChannels(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 12) int bones, @ForAll @IntRange(min = 1, max = 40) int keys,
            @ForAll Interpolation interpolation, @ForAll KeyTiming timing, @ForAll ChannelSet channels,
            @ForAll @IntRange(min = 0, max = 3) int morphWeights) {
        SplitMix64 rng = new SplitMix64(seed);
        Skeleton skeleton = RandomModels.skeleton(rng, bones);
        RandomClipOptions options = new RandomClipOptions(1.5f, keys, interpolation, timing, channels, morphWeights);
        AnimationClip clip = RandomModels.clip(rng, skeleton, options);

        int perBone = channels == ChannelSet.ROTATIONS ? 1 : channels == ChannelSet.ROTATIONS_TRANSLATIONS ? 2 : 3;
        assertThat(clip.name()).isEqualTo(RandomModels.CLIP_NAME);
        assertThat(clip.channels()).hasSize(perBone * bones);
        assertThat(clip.duration()).isEqualTo(keys == 1 || bones == 0 && morphWeights == 0 ? 0f : 1.5f);
        for (BoneChannel c : clip.channels()) {
            assertThat(skeleton.indexOf(c.bone())).isNotNegative();
            assertThat(c.interpolation()).isEqualTo(interpolation);
            assertThat(c.keyCount()).isEqualTo(keys);
            assertTimes(c.times(), timing, keys);
            float[] v = c.values();
            int e = interpolation.elementsPerKey();
            int comps = c.path().components();
            float[] previous = null;
            for (int k = 0; k < keys; k++) {
                int at = comps * (e * k + (e == 3 ? 1 : 0));
                if (c.path() == ChannelPath.ROTATION) {
                    assertThat(length4(v, at)).isCloseTo(1, org.assertj.core.data.Offset.offset(UNIT_TOLERANCE));
                    if (previous != null) {
                        double dot = 0;
                        for (int i = 0; i < 4; i++) {
                            dot += previous[i] * v[at + i];
                        }
                        assertThat(dot).as("hemisphere of key %d", k).isGreaterThanOrEqualTo(0);
                    }
                    previous = java.util.Arrays.copyOfRange(v, at, at + 4);
                } else if (c.path() == ChannelPath.SCALE) {
                    for (int i = 0; i < 3; i++) {
                        assertThat(v[at + i]).isBetween(0.5f, 2f);
                    }
                }
            }
        }
        assertThat(clip.morphChannels()).hasSize(morphWeights > 0 ? 1 : 0);
        for (MorphChannel m : clip.morphChannels()) {
            assertThat(m.target()).isEqualTo(RandomModels.MESH_NAME);
            assertThat(m.weightCount()).isEqualTo(morphWeights);
            assertTimes(m.times(), timing, keys);
        }
        SplitMix64 again = new SplitMix64(seed);
        assertThat(RandomModels.clip(again, RandomModels.skeleton(again, bones), options)).isEqualTo(clip);
    }

    private static void assertTimes(float[] t, KeyTiming timing, int keys) {
        assertThat(t).hasSize(keys);
        assertThat(t[0]).isZero();
        if (keys > 1) {
            assertThat(t[keys - 1]).isEqualTo(1.5f);
        }
        double spacing = keys > 1 ? 1.5 / (keys - 1) : 0;
        for (int k = 1; k < keys; k++) {
            assertThat(t[k]).isGreaterThan(t[k - 1]);
            double offset = Math.abs(t[k] - spacing * k);
            assertThat(offset).isLessThanOrEqualTo(timing == KeyTiming.UNIFORM ? 1e-6 : 0.4 * spacing + 1e-6);
        }
    }

    private static double length4(float[] v, int o) {
        return Math.sqrt((double) v[o] * v[o] + (double) v[o + 1] * v[o + 1] + (double) v[o + 2] * v[o + 2]
                + (double) v[o + 3] * v[o + 3]);
    }

    @Property(tries = 50, seed = "105")
    void skinMatricesAreRigidOrInvertibleAffine(@ForAll long seed, @ForAll @IntRange(min = 0, max = 50) int count,
            @ForAll MatrixKind kind) {
        float[] m = RandomModels.skinMatrices(new SplitMix64(seed), count, kind);
        assertThat(m).hasSize(16 * count);
        for (int i = 0; i < count; i++) {
            int o = 16 * i;
            assertThat(new float[] {m[o + 3], m[o + 7], m[o + 11], m[o + 15]}).containsExactly(0, 0, 0, 1);
            for (int c = 12; c < 15; c++) {
                assertThat(m[o + c]).isBetween(-1f, 1f);
            }
            double det = m[o] * (m[o + 5] * m[o + 10] - m[o + 9] * m[o + 6])
                    - m[o + 4] * (m[o + 1] * m[o + 10] - m[o + 9] * m[o + 2])
                    + m[o + 8] * (m[o + 1] * m[o + 6] - m[o + 5] * m[o + 2]);
            if (kind == MatrixKind.RIGID) {
                assertThat(det).isCloseTo(1, org.assertj.core.data.Offset.offset(1e-5));
                for (int a = 0; a < 3; a++) {
                    for (int b = 0; b < 3; b++) {
                        double dot = m[o + 4 * a] * m[o + 4 * b] + m[o + 4 * a + 1] * m[o + 4 * b + 1]
                                + m[o + 4 * a + 2] * m[o + 4 * b + 2];
                        assertThat(dot).isCloseTo(a == b ? 1 : 0, org.assertj.core.data.Offset.offset(1e-5));
                    }
                }
            } else {
                assertThat(Math.abs(det)).isGreaterThanOrEqualTo(RandomModels.MIN_AFFINE_DETERMINANT - 1e-6);
            }
        }
    }

    @Test
    void rigidMatricesFollowTheLbsWorkloadDrawOrder() {
        // workload definition: per joint u1, u2, u3 then three translations, each nf()
        SplitMix64 reference = new SplitMix64(0x5EED);
        double u1 = reference.nf();
        double u2 = reference.nf();
        double u3 = reference.nf();
        double a = Math.sqrt(1 - u1);
        double b = Math.sqrt(u1);
        double x = a * Math.sin(2 * Math.PI * u2);
        double y = a * Math.cos(2 * Math.PI * u2);
        double z = b * Math.sin(2 * Math.PI * u3);
        double w = b * Math.cos(2 * Math.PI * u3);
        float tx = reference.nf() * 2 - 1;
        float[] m = RandomModels.skinMatrices(new SplitMix64(0x5EED), 1, MatrixKind.RIGID);
        assertThat((double) m[0]).isCloseTo(1 - 2 * (y * y + z * z), org.assertj.core.data.Offset.offset(1e-6));
        assertThat((double) m[4]).isCloseTo(2 * (x * y - w * z), org.assertj.core.data.Offset.offset(1e-6));
        assertThat((double) m[9]).isCloseTo(2 * (y * z - w * x), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(m[12]).isEqualTo(tx);
    }

    @Test
    void shorthandsUseTheDocumentedDefaults() {
        Skeleton s = RandomModels.skeleton(new SplitMix64(1), 5);
        assertThat(s).isEqualTo(RandomModels.skeleton(new SplitMix64(1), 5, RestScale.UNIT));
        Mesh a = RandomModels.skinnedMesh(new SplitMix64(2), s, 30, 20, 4, 2, 1);
        Mesh b = RandomModels.skinnedMesh(new SplitMix64(2), s, new RandomMeshOptions(30, 20, 4, 2, 1, 1,
                VertexStreams.ALL, PaletteSelection.RANDOM_SUBSET));
        assertThat(a).isEqualTo(b);
        AnimationClip c = RandomModels.clip(new SplitMix64(3), s, 1f, 31, Interpolation.CUBICSPLINE);
        assertThat(c).isEqualTo(RandomModels.clip(new SplitMix64(3), s,
                RandomClipOptions.DEFAULTS.withDuration(1f).withKeyCount(31).withInterpolation(Interpolation.CUBICSPLINE)));
    }

    @Test
    void rotationWritesAUnitQuaternionAtTheOffset() {
        float[] q = RandomModels.rotation(new SplitMix64(8), new float[6], 2);
        assertThat(q[0]).isZero();
        assertThat(q[1]).isZero();
        assertThat(length4(q, 2)).isCloseTo(1, org.assertj.core.data.Offset.offset(UNIT_TOLERANCE));
    }

    // ---- invalid arguments: one case each, type and message ----

    @Test
    void rotationRejectsAnOffsetWithoutRoom() {
        assertThatThrownBy(() -> RandomModels.rotation(new SplitMix64(1), new float[4], 1))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("Range [1, 1 + 4) out of bounds for length 4");
    }

    @Test
    void skeletonRejectsNegativeBoneCount() {
        assertThatThrownBy(() -> RandomModels.skeleton(new SplitMix64(1), -1)).isInstanceOf(ValidationException.class)
                .hasMessage("skeleton: boneCount=-1, expected 0..65536");
    }

    @Test
    void skeletonRejectsTooManyBones() {
        assertThatThrownBy(() -> RandomModels.skeleton(new SplitMix64(1), 65537, RestScale.UNIT))
                .isInstanceOf(ValidationException.class).hasMessage("skeleton: boneCount=65537, expected 0..65536");
    }

    @Test
    void boneWeightsRejectNegativeVertexCount() {
        assertThatThrownBy(() -> RandomModels.boneWeights(new SplitMix64(1), -3, 4, 10))
                .isInstanceOf(ValidationException.class).hasMessage("boneWeights: vertexCount=-3, expected 0..16777216");
    }

    @Test
    void boneWeightsRejectZeroInfluences() {
        assertThatThrownBy(() -> RandomModels.boneWeights(new SplitMix64(1), 3, 0, 10))
                .isInstanceOf(ValidationException.class).hasMessage("boneWeights: influences=0, expected 1..8");
    }

    @Test
    void boneWeightsRejectNineInfluences() {
        assertThatThrownBy(() -> RandomModels.boneWeights(new SplitMix64(1), 3, 9, 10))
                .isInstanceOf(ValidationException.class).hasMessage("boneWeights: influences=9, expected 1..8");
    }

    @Test
    void boneWeightsRejectAnEmptyPalette() {
        assertThatThrownBy(() -> RandomModels.boneWeights(new SplitMix64(1), 3, 4, 0))
                .isInstanceOf(ValidationException.class).hasMessage("boneWeights: paletteSize=0, expected 1..65536");
    }

    @Test
    void skinnedMeshRejectsASkeletonWithoutBones() {
        Skeleton empty = RandomModels.skeleton(new SplitMix64(1), 0);
        assertThatThrownBy(() -> RandomModels.skinnedMesh(new SplitMix64(1), empty, RandomMeshOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skinnedMesh: skeleton 'random' has 0 bones, expected at least 1");
    }

    @Test
    void meshOptionsRejectTooManyVertices() {
        assertThatThrownBy(() -> RandomMeshOptions.DEFAULTS.withVertexCount(16777217))
                .isInstanceOf(ValidationException.class)
                .hasMessage("RandomMeshOptions: vertexCount=16777217, expected 0..16777216");
    }

    @Test
    void meshOptionsRejectNegativeTriangleCount() {
        assertThatThrownBy(() -> RandomMeshOptions.DEFAULTS.withTriangleCount(-1))
                .isInstanceOf(ValidationException.class)
                .hasMessage("RandomMeshOptions: triangleCount=-1, expected 0..16777216");
    }

    @Test
    void meshOptionsRejectNineInfluences() {
        assertThatThrownBy(() -> RandomMeshOptions.DEFAULTS.withInfluencesPerVertex(9))
                .isInstanceOf(ValidationException.class)
                .hasMessage("RandomMeshOptions: influencesPerVertex=9, expected 1..8");
    }

    @Test
    void meshOptionsRejectTooManyUvChannels() {
        assertThatThrownBy(() -> RandomMeshOptions.DEFAULTS.withUvChannels(9)).isInstanceOf(ValidationException.class)
                .hasMessage("RandomMeshOptions: uvChannels=9, expected 0..8");
    }

    @Test
    void meshOptionsRejectTooManyMorphTargets() {
        assertThatThrownBy(() -> RandomMeshOptions.DEFAULTS.withMorphTargets(65))
                .isInstanceOf(ValidationException.class).hasMessage("RandomMeshOptions: morphTargets=65, expected 0..64");
    }

    @Test
    void meshOptionsRejectZeroSubmeshes() {
        assertThatThrownBy(() -> RandomMeshOptions.DEFAULTS.withSubmeshes(0)).isInstanceOf(ValidationException.class)
                .hasMessage("RandomMeshOptions: submeshes=0, expected 1..256");
    }

    @Test
    void meshOptionsRejectMoreSubmeshesThanTriangles() {
        assertThatThrownBy(() -> RandomMeshOptions.DEFAULTS.withTriangleCount(2).withSubmeshes(3))
                .isInstanceOf(ValidationException.class)
                .hasMessage("RandomMeshOptions: submeshes=3, expected at most max(1, triangleCount) = 2 so that none is empty");
    }

    @Test
    void meshOptionsRejectTrianglesWithFewerThanThreeVertices() {
        assertThatThrownBy(() -> RandomMeshOptions.DEFAULTS.withVertexCount(2))
                .isInstanceOf(ValidationException.class)
                .hasMessage("RandomMeshOptions: vertexCount=2 with triangleCount=150, expected at least 3 vertices "
                        + "for triangles of distinct vertices");
    }

    @Test
    void clipOptionsRejectZeroDuration() {
        assertThatThrownBy(() -> RandomClipOptions.DEFAULTS.withDuration(0)).isInstanceOf(ValidationException.class)
                .hasMessage("RandomClipOptions: duration=0.0, expected greater than 0 and at most 3600.0 s");
    }

    @Test
    void clipOptionsRejectNaNDuration() {
        assertThatThrownBy(() -> RandomClipOptions.DEFAULTS.withDuration(Float.NaN))
                .isInstanceOf(ValidationException.class)
                .hasMessage("RandomClipOptions: duration=NaN, expected greater than 0 and at most 3600.0 s");
    }

    @Test
    void clipOptionsRejectTooLongDuration() {
        assertThatThrownBy(() -> RandomClipOptions.DEFAULTS.withDuration(3601))
                .isInstanceOf(ValidationException.class)
                .hasMessage("RandomClipOptions: duration=3601.0, expected greater than 0 and at most 3600.0 s");
    }

    @Test
    void clipOptionsRejectZeroKeys() {
        assertThatThrownBy(() -> RandomClipOptions.DEFAULTS.withKeyCount(0)).isInstanceOf(ValidationException.class)
                .hasMessage("RandomClipOptions: keyCount=0, expected 1..100000");
    }

    @Test
    void clipOptionsRejectTooManyKeys() {
        assertThatThrownBy(() -> RandomClipOptions.DEFAULTS.withDuration(3600).withKeyCount(100_001))
                .isInstanceOf(ValidationException.class).hasMessage("RandomClipOptions: keyCount=100001, expected 1..100000");
    }

    @Test
    void clipOptionsRejectKeysCloserThanOneMillisecond() {
        assertThatThrownBy(() -> new RandomClipOptions(0.25f, 1001, Interpolation.LINEAR, KeyTiming.UNIFORM,
                ChannelSet.ALL, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("RandomClipOptions: key spacing duration/(keyCount-1) = 2.5E-4 s")
                .hasMessageEndingWith("expected at least 0.001 s");
    }

    @Test
    void clipOptionsRejectTooManyMorphWeights() {
        assertThatThrownBy(() -> RandomClipOptions.DEFAULTS.withMorphWeights(65)).isInstanceOf(ValidationException.class)
                .hasMessage("RandomClipOptions: morphWeights=65, expected 0..64");
    }

    @Test
    void clipOptionsRejectNegativeMorphWeights() {
        assertThatThrownBy(() -> RandomClipOptions.DEFAULTS.withMorphWeights(-1)).isInstanceOf(ValidationException.class)
                .hasMessage("RandomClipOptions: morphWeights=-1, expected 0..64");
    }

    @Test
    void skinMatricesRejectNegativeCount() {
        assertThatThrownBy(() -> RandomModels.skinMatrices(new SplitMix64(1), -1, MatrixKind.AFFINE))
                .isInstanceOf(ValidationException.class).hasMessage("skinMatrices: count=-1, expected 0..134217727");
    }
}
