package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.anim.Pose;
import io.github.skinmesh.core.anim.PoseEvaluation;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.NormalTransform;
import io.github.skinmesh.core.skinning.Renormalization;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningKernel;
import io.github.skinmesh.core.skinning.SkinningMethod;
import io.github.skinmesh.core.skinning.SkinningOptions;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Same bits on real characters: every skinned primitive of every shared asset, posed at rest,
 * at three times of each clip, and with those palettes distorted by non-uniform and mirroring
 * scales, skins to identical float bits with the scalar kernel, the SIMD kernel, one, two and
 * more threads and random splits into ranges, for every stream set, normal transform and
 * renormalization; dual quaternion skinning likewise across threads and splits.
 *
 * <p>The build runs this class twice: without {@code jdk.incubator.vector} (the default test run
 * of this module) and with it (system property {@code skinmesh.test.vectorModule=present}), where
 * the SIMD kernel must be the one {@link SkinningKernel#AUTO} runs and is compared explicitly.
 */
class SkinningBitIdentityAssetTest {
    /** Clip times sampled, as fractions of the clip's duration. */
    private static final float[] CLIP_FRACTIONS = {0f, 0.37f, 0.81f};
    private static final int[] THREADS = {2, 3, 7};

    private static ExecutorService pool;

    @BeforeAll
    static void startPool() {
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterAll
    static void stopPool() {
        pool.shutdownNow();
    }

    @Test
    void theSimdKernelIsComparedWhenTheModuleIsPresent() {
        String module = System.getProperty("skinmesh.test.vectorModule", "");
        boolean inBootLayer = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        assertThat(Skinning.vectorKernelAvailable()).as("SIMD kernel available").isEqualTo(inBootLayer);
        if (module.equals("present")) {
            assertThat(inBootLayer).as("jdk.incubator.vector in the boot layer").isTrue();
        } else if (module.equals("absent")) {
            assertThat(inBootLayer).as("jdk.incubator.vector in the boot layer").isFalse();
        }
        assertThat(kernelsCompared()).contains(SkinningKernel.AUTO, SkinningKernel.SCALAR);
        if (inBootLayer) {
            assertThat(kernelsCompared()).contains(SkinningKernel.VECTOR);
        }
    }

    @TestFactory
    Stream<DynamicTest> everySharedAssetSkinsToTheSameBitsEveryWay() throws IOException {
        Optional<Path> folder = SharedFiles.file("assets");
        assumeTrue(folder.isPresent(), SharedFiles.ABSENT);
        List<Path> files;
        try (Stream<Path> list = Files.list(folder.get())) {
            files = list.filter(p -> {
                String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
                return name.endsWith(".glb") || name.endsWith(".gltf");
            }).sorted().toList();
        }
        assertThat(files).as("glTF assets in %s", folder.get()).isNotEmpty();
        return files.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> check(file)));
    }

    private static void check(Path file) throws IOException {
        GltfAsset asset = GltfReader.read(file);
        Skeleton skeleton = asset.skeleton();
        List<Mesh> meshes = new ArrayList<>();
        for (Part part : asset.parts()) {
            if (part.mesh().skin() != null) {
                meshes.add(part.mesh());
            }
        }
        assertThat(meshes).as("skinned primitives of %s", file).isNotEmpty();
        List<float[]> models = modelMatrices(asset, skeleton);
        long seed = file.getFileName().toString().hashCode();
        int checked = 0;
        for (Mesh mesh : meshes) {
            Skin skin = mesh.skin();
            assertThat(skin).isNotNull();
            int[] paletteBones = skin.bind(skeleton);
            for (int p = 0; p < models.size(); p++) {
                float[] palette = PoseEvaluation.skinMatricesInto(skin, paletteBones, models.get(p),
                        new float[16 * skin.paletteSize()]);
                Streams s = new Streams(mesh);
                String what = file.getFileName() + " mesh '" + mesh.name() + "' pose " + p;
                checkPalette(s, palette, seed + p, what);
                checkPalette(s, distorted(palette, new SplittableRandom(seed ^ p)), seed - p, what + " distorted");
                checked++;
            }
        }
        assertThat(checked).isPositive();
    }

    /** Model matrices at rest and at {@link #CLIP_FRACTIONS} of every clip. */
    private static List<float[]> modelMatrices(GltfAsset asset, Skeleton skeleton) {
        List<float[]> models = new ArrayList<>();
        Pose pose = Pose.rest(skeleton);
        models.add(PoseEvaluation.modelMatricesInto(skeleton, pose, new float[16 * skeleton.boneCount()]));
        for (AnimationClip clip : asset.clips()) {
            ClipSampler sampler = ClipSampler.bind(clip, skeleton);
            for (float fraction : CLIP_FRACTIONS) {
                sampler.sample(fraction * sampler.duration(), pose);
                models.add(PoseEvaluation.modelMatricesInto(skeleton, pose, new float[16 * skeleton.boneCount()]));
            }
        }
        return models;
    }

    /** The palette with each matrix's columns scaled by random factors in 0.3..2.5, a fifth of them negative. */
    private static float[] distorted(float[] palette, SplittableRandom r) {
        float[] d = palette.clone();
        for (int m = 0; m < d.length; m += 16) {
            for (int c = 0; c < 3; c++) {
                float s = (float) r.nextDouble(0.3, 2.5) * (r.nextInt(5) == 0 ? -1 : 1);
                for (int row = 0; row < 3; row++) {
                    d[m + 4 * c + row] *= s;
                }
            }
        }
        return d;
    }

    /** A primitive's bind-pose streams and weights, as primitive arrays. */
    private static final class Streams {
        final Mesh mesh;
        final int n;
        final int k;
        final int[] joints;
        final float[] weights;
        final float[] positions;
        final float[] normals;
        final float[] tangents;

        Streams(Mesh mesh) {
            this.mesh = mesh;
            BoneWeights bw = mesh.skin().weights();
            this.n = mesh.vertexCount();
            this.k = bw.influencesPerVertex();
            this.joints = bw.joints();
            this.weights = bw.weights();
            this.positions = mesh.positions();
            this.normals = mesh.normals();
            this.tangents = mesh.tangents();
        }
    }

    /** Output of one way of skinning; null where a stream was not skinned. */
    private record Out(float[] positions, float[] normals, float[] tangents) {
        static Out of(Streams s, boolean normals, boolean tangents) {
            return new Out(nan(3 * s.n), normals ? nan(3 * s.n) : null, tangents ? nan(4 * s.n) : null);
        }

        void assertSameBits(Out actual, String what) {
            SkinningBitIdentityAssetTest.assertSameBits(positions, actual.positions, what + " positions");
            SkinningBitIdentityAssetTest.assertSameBits(normals, actual.normals, what + " normals");
            SkinningBitIdentityAssetTest.assertSameBits(tangents, actual.tangents, what + " tangents");
        }
    }

    private static void checkPalette(Streams s, float[] palette, long seed, String what) {
        boolean[] normalChoices = s.normals != null ? new boolean[] {false, true} : new boolean[] {false};
        boolean[] tangentChoices = s.tangents != null ? new boolean[] {false, true} : new boolean[] {false};
        for (SkinningMethod method : SkinningMethod.values()) {
            for (NormalTransform nt : NormalTransform.values()) {
                for (Renormalization rn : Renormalization.values()) {
                    SkinningOptions options = SkinningOptions.DEFAULTS.withMethod(method).withNormalTransform(nt)
                            .withRenormalization(rn).withKernel(SkinningKernel.SCALAR);
                    Out positionsOnly = skin(s, palette, false, false, options);
                    for (boolean normals : normalChoices) {
                        for (boolean tangents : tangentChoices) {
                            String where = what + " " + method + " " + nt + " " + rn + (normals ? " +normals" : "")
                                    + (tangents ? " +tangents" : "");
                            Out expected = skin(s, palette, normals, tangents, options);
                            assertSameBits(positionsOnly.positions, expected.positions,
                                    where + ": positions alone vs with other streams");
                            compareEveryWay(s, palette, normals, tangents, options, expected, seed, where);
                        }
                    }
                }
            }
        }
    }

    private static void compareEveryWay(Streams s, float[] palette, boolean normals, boolean tangents,
            SkinningOptions scalar, Out expected, long seed, String what) {
        for (SkinningKernel kernel : kernelsCompared()) {
            SkinningOptions o = scalar.withKernel(kernel);
            String where = what + " " + kernel;
            expected.assertSameBits(skin(s, palette, normals, tangents, o), where);
            for (int threads : THREADS) {
                SkinningOptions parallel = o.withParallelism(threads).withMinVerticesPerTask(64);
                expected.assertSameBits(skin(s, palette, normals, tangents, parallel), where + " " + threads
                        + " threads");
                Out onPool = Out.of(s, normals, tangents);
                Skinning.skinInto(palette, s.k, s.joints, s.weights, s.positions, onPool.positions,
                        normals ? s.normals : null, onPool.normals, tangents ? s.tangents : null, onPool.tangents, 0,
                        s.n, parallel, pool);
                expected.assertSameBits(onPool, where + " " + threads + " threads on a pool");
            }
            Out ranges = Out.of(s, normals, tangents);
            for (int[] range : randomRanges(s.n, new SplittableRandom(seed))) {
                Skinning.skinInto(palette, s.k, s.joints, s.weights, s.positions, ranges.positions,
                        normals ? s.normals : null, ranges.normals, tangents ? s.tangents : null, ranges.tangents,
                        range[0], range[1] - range[0], o);
            }
            expected.assertSameBits(ranges, where + " in random ranges");
            // the mesh overload reads the same arrays
            Out mesh = Out.of(s, normals, tangents);
            Skinning.skinInto(s.mesh, palette, mesh.positions, mesh.normals, mesh.tangents, o);
            expected.assertSameBits(mesh, where + " mesh overload");
        }
    }

    /** AUTO and SCALAR, plus VECTOR when this JVM can run it. */
    private static List<SkinningKernel> kernelsCompared() {
        List<SkinningKernel> kernels = new ArrayList<>(List.of(SkinningKernel.AUTO, SkinningKernel.SCALAR));
        if (Skinning.vectorKernelAvailable()) {
            kernels.add(SkinningKernel.VECTOR);
        } else {
            assertThat(System.getProperty("skinmesh.test.vectorModule", ""))
                    .as("the run with the incubator module must have the SIMD kernel").isNotEqualTo("present");
        }
        return kernels;
    }

    private static Out skin(Streams s, float[] palette, boolean normals, boolean tangents, SkinningOptions options) {
        Out out = Out.of(s, normals, tangents);
        Skinning.skinInto(palette, s.k, s.joints, s.weights, s.positions, out.positions, normals ? s.normals : null,
                out.normals, tangents ? s.tangents : null, out.tangents, 0, s.n, options);
        return out;
    }

    /** A random partition of {@code 0..n-1} into ranges {@code [first, end)} of 1 to 300 vertices, shuffled. */
    private static List<int[]> randomRanges(int n, SplittableRandom r) {
        List<int[]> ranges = new ArrayList<>();
        for (int first = 0; first < n; ) {
            int end = Math.min(n, first + 1 + r.nextInt(r.nextBoolean() ? 2 : 300));
            ranges.add(new int[] {first, end});
            first = end;
        }
        Collections.shuffle(ranges, new Random(r.nextLong()));
        return ranges;
    }

    private static float[] nan(int length) {
        float[] a = new float[length];
        Arrays.fill(a, Float.NaN);
        return a;
    }

    /** Compares raw float bits and names the first element that differs. */
    private static void assertSameBits(float[] expected, float[] actual, String what) {
        if (expected == null || actual == null) {
            assertThat(actual).as(what).isSameAs(expected);
            return;
        }
        assertThat(actual.length).as(what + " length").isEqualTo(expected.length);
        for (int i = 0; i < expected.length; i++) {
            int e = Float.floatToRawIntBits(expected[i]);
            int a = Float.floatToRawIntBits(actual[i]);
            if (e != a) {
                throw new AssertionError(String.format("%s: element %d is %s (0x%08x), expected %s (0x%08x)", what, i,
                        actual[i], a, expected[i], e));
            }
        }
    }
}
