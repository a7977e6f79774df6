package io.github.skinmesh.testkit.random;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.testkit.internal.Arguments;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.internal.BindMatrices;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.joml.Vector3f;

/**
 * Seeded random skeletons, bone weights, skinned meshes, clips and skin matrices for property
 * tests, drawn from a {@link SplitMix64} in a documented order.
 *
 * <p>Every object passes skinmesh-core's validation: hierarchies parents first, unit rotations,
 * weights sorted and summing to 1, joints inside the palette, strictly increasing key times.
 * Ranges are stated per method. "{@code u(a, b)}" below is {@code a + nf() * (b - a)}, one draw.
 *
 * <p>Example, in a jqwik property:
 * <pre>{@code
 * @Property(tries = 200, seed = "7")
 * void skinningAtRestIsIdentity(@ForAll long seed) {
 *     SplitMix64 rng = new SplitMix64(seed);
 *     Skeleton skeleton = RandomModels.skeleton(rng, 30, RestScale.NON_UNIFORM);
 *     Mesh mesh = RandomModels.skinnedMesh(rng, skeleton, RandomMeshOptions.DEFAULTS);
 *     ...
 * }
 * }</pre>
 *
 * <p>Thread-safe as long as each thread uses its own generator; the methods keep no state.
 */
public final class RandomModels {
    /** Name of every generated skeleton. */
    public static final String SKELETON_NAME = "random";
    /** Name of every generated mesh, and the target of generated morph-weight channels. */
    public static final String MESH_NAME = "random";
    /** Name of every generated clip. */
    public static final String CLIP_NAME = "random";
    /** Smallest determinant magnitude of an {@link MatrixKind#AFFINE} matrix's upper 3x3. */
    public static final float MIN_AFFINE_DETERMINANT = 0.25f;
    /** Largest count of {@link #skinMatrices}. */
    public static final int MAX_MATRICES = Integer.MAX_VALUE / 16;

    private RandomModels() {
    }

    /**
     * Draws a uniformly distributed unit quaternion {@code (x, y, z, w)} by Shoemake's method:
     * {@code u1, u2, u3} (three draws), {@code a = sqrt(1 - u1)}, {@code b = sqrt(u1)},
     * {@code (a sin 2 pi u2, a cos 2 pi u2, b sin 2 pi u3, b cos 2 pi u3)}.
     *
     * @param rng the generator
     * @param dst receives 4 floats
     * @param offset first float written; {@code offset + 4 <= dst.length}
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when the 4 floats do not fit
     */
    public static float[] rotation(SplitMix64 rng, float[] dst, int offset) {
        Objects.checkFromIndexSize(offset, 4, dst.length);
        double u1 = rng.nf();
        double u2 = rng.nf();
        double u3 = rng.nf();
        double a = Math.sqrt(1 - u1);
        double b = Math.sqrt(u1);
        dst[offset] = (float) (a * Math.sin(2 * Math.PI * u2));
        dst[offset + 1] = (float) (a * Math.cos(2 * Math.PI * u2));
        dst[offset + 2] = (float) (b * Math.sin(2 * Math.PI * u3));
        dst[offset + 3] = (float) (b * Math.cos(2 * Math.PI * u3));
        return dst;
    }

    /**
     * A random skeleton with unit rest scales; see {@link #skeleton(SplitMix64, int, RestScale)}.
     *
     * @param rng the generator
     * @param boneCount bones, 0..{@value Skeleton#MAX_BONES}
     * @return the skeleton
     * @throws ValidationException when {@code boneCount} is out of range
     */
    public static Skeleton skeleton(SplitMix64 rng, int boneCount) {
        return skeleton(rng, boneCount, RestScale.UNIT);
    }

    /**
     * A random skeleton named {@value #SKELETON_NAME} with bones {@code "bone0"},
     * {@code "bone1"}, ...
     *
     * <p>Draws per bone {@code i}, in order: its parent, {@code nextInt(0, i - 1)} (bone 0 is the
     * only root, no draw); its rest translation, {@code u(-1, 1)} per axis; its rest rotation
     * ({@link #rotation}); its rest scale as {@code restScale} says.
     *
     * @param rng the generator
     * @param boneCount bones, 0..{@value Skeleton#MAX_BONES}
     * @param restScale how rest scales are drawn
     * @return the skeleton (built through the public factories, which copy the generated arrays once)
     * @throws ValidationException when {@code boneCount} is out of range
     */
    public static Skeleton skeleton(SplitMix64 rng, int boneCount, RestScale restScale) {
        Objects.requireNonNull(rng, "rng");
        Objects.requireNonNull(restScale, "restScale");
        Arguments.requireRange("skeleton", "boneCount", boneCount, 0, Skeleton.MAX_BONES);
        String[] names = new String[boneCount];
        int[] parents = new int[boneCount];
        float[] t = new float[3 * boneCount];
        float[] r = new float[4 * boneCount];
        float[] s = new float[3 * boneCount];
        for (int i = 0; i < boneCount; i++) {
            names[i] = "bone" + i;
            parents[i] = i == 0 ? Skeleton.NO_PARENT : rng.nextInt(0, i - 1);
            for (int c = 0; c < 3; c++) {
                t[3 * i + c] = rng.range(-1, 1);
            }
            rotation(rng, r, 4 * i);
            switch (restScale) {
                case UNIT:
                    s[3 * i] = 1;
                    s[3 * i + 1] = 1;
                    s[3 * i + 2] = 1;
                    break;
                case UNIFORM: {
                    float v = rng.range(0.5f, 2f);
                    s[3 * i] = v;
                    s[3 * i + 1] = v;
                    s[3 * i + 2] = v;
                    break;
                }
                default:
                    for (int c = 0; c < 3; c++) {
                        s[3 * i + c] = rng.range(0.5f, 2f);
                    }
                    break;
            }
        }
        return Skeleton.of(SKELETON_NAME, names, parents, t, r, s);
    }

    /**
     * Random normalized bone weights.
     *
     * <p>Per vertex, in order: the number of used slots {@code nextInt(1, min(K, paletteSize))};
     * per used slot a joint {@code nextInt(0, paletteSize - 1)}, redrawn while it repeats an
     * earlier slot of the vertex; per used slot a raw weight {@code nf() + 0.01}. Weights are
     * divided by their sum, sorted largest first, the largest set to 1 minus the others (so the
     * float sum is 1 within a few ulps); unused slots have joint 0 and weight 0.
     *
     * @param rng the generator
     * @param vertexCount vertices, 0..{@value RandomMeshOptions#MAX_VERTICES}
     * @param influences {@code K}, slots per vertex, 1..{@value BoneWeights#MAX_INFLUENCES}
     * @param paletteSize joints are in {@code 0..paletteSize-1}; 1..{@value Skin#MAX_PALETTE_SIZE}
     * @return the weights (built through the public factory, which copies the generated arrays once)
     * @throws ValidationException when an argument is out of range
     */
    public static BoneWeights boneWeights(SplitMix64 rng, int vertexCount, int influences, int paletteSize) {
        Objects.requireNonNull(rng, "rng");
        String where = "boneWeights";
        Arguments.requireRange(where, "vertexCount", vertexCount, 0, RandomMeshOptions.MAX_VERTICES);
        Arguments.requireRange(where, "influences", influences, 1, BoneWeights.MAX_INFLUENCES);
        Arguments.requireRange(where, "paletteSize", paletteSize, 1, Skin.MAX_PALETTE_SIZE);
        int[] joints = new int[vertexCount * influences];
        float[] weights = new float[vertexCount * influences];
        double[] raw = new double[influences];
        int maxUsed = Math.min(influences, paletteSize);
        for (int v = 0; v < vertexCount; v++) {
            int base = v * influences;
            int used = rng.nextInt(1, maxUsed);
            for (int k = 0; k < used; k++) {
                int j;
                do {
                    j = rng.nextInt(0, paletteSize - 1);
                } while (contains(joints, base, k, j));
                joints[base + k] = j;
            }
            double sum = 0;
            for (int k = 0; k < used; k++) {
                raw[k] = rng.nf() + 0.01;
                sum += raw[k];
            }
            // insertion sort by weight, descending, carrying the joints along
            for (int k = 1; k < used; k++) {
                double w = raw[k];
                int j = joints[base + k];
                int at = k;
                while (at > 0 && raw[at - 1] < w) {
                    raw[at] = raw[at - 1];
                    joints[base + at] = joints[base + at - 1];
                    at--;
                }
                raw[at] = w;
                joints[base + at] = j;
            }
            double others = 0;
            for (int k = 1; k < used; k++) {
                float w = (float) (raw[k] / sum);
                weights[base + k] = w;
                others += w;
            }
            weights[base] = (float) (1 - others);
        }
        return BoneWeights.of(influences, joints, weights);
    }

    private static boolean contains(int[] a, int from, int count, int value) {
        for (int i = from; i < from + count; i++) {
            if (a[i] == value) {
                return true;
            }
        }
        return false;
    }

    /**
     * A random skinned mesh; shorthand for {@link #skinnedMesh(SplitMix64, Skeleton, RandomMeshOptions)}
     * with the given counts, all vertex streams, one submesh and a random palette subset.
     *
     * @param rng the generator
     * @param skeleton the skeleton its palette refers to, at least one bone
     * @param vertexCount vertices
     * @param triangleCount triangles
     * @param influences influences per vertex
     * @param uvChannels UV channels
     * @param morphTargets morph targets
     * @return the mesh
     * @throws ValidationException when a count is out of the range {@link RandomMeshOptions}
     *     documents, or the skeleton has no bones
     */
    public static Mesh skinnedMesh(SplitMix64 rng, Skeleton skeleton, int vertexCount, int triangleCount,
            int influences, int uvChannels, int morphTargets) {
        return skinnedMesh(rng, skeleton, new RandomMeshOptions(vertexCount, triangleCount, influences, uvChannels,
                morphTargets, 1, VertexStreams.ALL, PaletteSelection.RANDOM_SUBSET));
    }

    /**
     * A random skinned mesh named {@value #MESH_NAME} whose bind pose is the skeleton's rest pose.
     *
     * <p>Draws, in order: the palette as {@link PaletteSelection} says (for a subset, its size
     * {@code nextInt(1, boneCount)}, then a partial Fisher-Yates shuffle of all bones, one
     * {@code nextInt} per entry); per vertex its position ({@code u(-1, 1)} per axis), normal
     * ({@code u(-1, 1)} per axis, normalized, redrawn when shorter than 0.01), tangent (same,
     * made orthogonal to the normal, then {@code w = nf() < 0.5 ? -1 : 1}) and color ({@code nf()}
     * per channel) as the streams require; per UV channel and vertex {@code u, v} by {@code nf()};
     * per triangle three distinct vertices ({@code nextInt(0, vertexCount - 1)}, redrawn on
     * repeats); submesh boundaries (distinct {@code nextInt(1, triangleCount - 1)}, sorted);
     * the {@link #boneWeights bone weights}; per morph target position, normal and tangent deltas
     * {@code u(-0.1, 0.1)} per component. Inverse bind matrices are the inverses of the rest model
     * matrices, so skinning with the rest pose returns the positions. Each submesh has its own
     * default material {@code "material<i>"}; default morph weights are 0.
     *
     * @param rng the generator
     * @param skeleton the skeleton its palette refers to, at least one bone
     * @param options counts and streams
     * @return the mesh (built through the public factories, which copy the generated arrays once)
     * @throws ValidationException when the skeleton has no bones
     */
    public static Mesh skinnedMesh(SplitMix64 rng, Skeleton skeleton, RandomMeshOptions options) {
        Objects.requireNonNull(rng, "rng");
        Objects.requireNonNull(skeleton, "skeleton");
        Objects.requireNonNull(options, "options");
        int boneCount = skeleton.boneCount();
        if (boneCount < 1) {
            throw new ValidationException("skinnedMesh: skeleton " + Arguments.quote(skeleton.name()) + " has "
                    + boneCount + " bones, expected at least 1");
        }
        int n = options.vertexCount();
        int[] palette = palette(rng, boneCount, options.palette());
        Mesh.Builder b = Mesh.builder(MESH_NAME);

        VertexStreams streams = options.streams();
        boolean normals = streams != VertexStreams.POSITIONS;
        boolean tangents = streams == VertexStreams.NORMALS_TANGENTS || streams == VertexStreams.ALL;
        boolean colors = streams == VertexStreams.ALL;
        float[] p = new float[3 * n];
        float[] nrm = normals ? new float[3 * n] : null;
        float[] tan = tangents ? new float[4 * n] : null;
        float[] col = colors ? new float[4 * n] : null;
        for (int v = 0; v < n; v++) {
            for (int c = 0; c < 3; c++) {
                p[3 * v + c] = rng.range(-1, 1);
            }
            if (nrm != null) {
                unitVector(rng, nrm, 3 * v, null, 0);
            }
            if (tan != null) {
                unitVector(rng, tan, 4 * v, nrm, 3 * v);
                tan[4 * v + 3] = rng.nf() < 0.5f ? -1 : 1;
            }
            if (col != null) {
                for (int c = 0; c < 4; c++) {
                    col[4 * v + c] = rng.nf();
                }
            }
        }
        b.positions(p).normals(nrm).tangents(tan).colors(col);
        for (int channel = 0; channel < options.uvChannels(); channel++) {
            float[] uv = new float[2 * n];
            for (int i = 0; i < uv.length; i++) {
                uv[i] = rng.nf();
            }
            b.addUvs(uv);
        }

        int triangles = options.triangleCount();
        int[] indices = new int[3 * triangles];
        for (int t = 0; t < triangles; t++) {
            int a = rng.nextInt(0, n - 1);
            int c1;
            do {
                c1 = rng.nextInt(0, n - 1);
            } while (c1 == a);
            int c2;
            do {
                c2 = rng.nextInt(0, n - 1);
            } while (c2 == a || c2 == c1);
            indices[3 * t] = a;
            indices[3 * t + 1] = c1;
            indices[3 * t + 2] = c2;
        }
        b.indices(indices);
        int[] cuts = submeshCuts(rng, triangles, options.submeshes());
        for (int s = 0; s < options.submeshes(); s++) {
            b.addSubmesh(3 * cuts[s], 3 * (cuts[s + 1] - cuts[s]), s)
                    .addMaterial(Material.builder("material" + s).build());
        }

        BoneWeights weights = boneWeights(rng, n, options.influencesPerVertex(), palette.length);
        String[] names = new String[palette.length];
        for (int e = 0; e < palette.length; e++) {
            names[e] = skeleton.boneName(palette[e]);
        }
        b.skin(Skin.of(names, BindMatrices.inverseRestModel(skeleton, palette), weights));

        for (int m = 0; m < options.morphTargets(); m++) {
            b.addMorphTarget(MorphTarget.of("morph" + m, deltas(rng, 3 * n), deltas(rng, 3 * n),
                    deltas(rng, 3 * n)));
        }
        return b.build();
    }

    private static int[] palette(SplitMix64 rng, int boneCount, PaletteSelection selection) {
        int[] all = new int[boneCount];
        for (int i = 0; i < boneCount; i++) {
            all[i] = i;
        }
        if (selection == PaletteSelection.ALL_IN_ORDER) {
            return all;
        }
        int size = selection == PaletteSelection.RANDOM_SUBSET ? rng.nextInt(1, boneCount) : boneCount;
        for (int e = 0; e < size; e++) {
            int pick = rng.nextInt(e, boneCount - 1);
            int t = all[e];
            all[e] = all[pick];
            all[pick] = t;
        }
        return size == boneCount ? all : Arrays.copyOf(all, size);
    }

    /**
     * Triangle boundaries {@code 0 = c[0] < c[1] < ... < c[count] = triangles} (all zero when there
     * are no triangles).
     */
    private static int[] submeshCuts(SplitMix64 rng, int triangles, int count) {
        int[] cuts = new int[count + 1];
        cuts[count] = triangles;
        for (int s = 1; s < count; s++) {
            int c;
            do {
                c = rng.nextInt(1, triangles - 1);
            } while (contains(cuts, 1, s - 1, c));
            // insertion into the sorted cuts[1..s]
            int at = s;
            while (at > 1 && cuts[at - 1] > c) {
                cuts[at] = cuts[at - 1];
                at--;
            }
            cuts[at] = c;
        }
        return cuts;
    }

    /**
     * A random unit vector at {@code dst[offset..offset+2]}; when {@code normal} is given, made
     * orthogonal to {@code normal[nOffset..nOffset+2]} first.
     */
    private static void unitVector(SplitMix64 rng, float[] dst, int offset, float[] normal, int nOffset) {
        while (true) {
            double x = rng.range(-1, 1);
            double y = rng.range(-1, 1);
            double z = rng.range(-1, 1);
            if (normal != null) {
                double d = x * normal[nOffset] + y * normal[nOffset + 1] + z * normal[nOffset + 2];
                x -= d * normal[nOffset];
                y -= d * normal[nOffset + 1];
                z -= d * normal[nOffset + 2];
            }
            double len = Math.sqrt(x * x + y * y + z * z);
            if (len >= 0.01) {
                dst[offset] = (float) (x / len);
                dst[offset + 1] = (float) (y / len);
                dst[offset + 2] = (float) (z / len);
                return;
            }
        }
    }

    private static float[] deltas(SplitMix64 rng, int length) {
        float[] d = new float[length];
        for (int i = 0; i < length; i++) {
            d[i] = rng.range(-0.1f, 0.1f);
        }
        return d;
    }

    /**
     * A random clip; shorthand for {@link #clip(SplitMix64, Skeleton, RandomClipOptions)} with
     * uniform key times, translation, rotation and scale channels and no morph weights.
     *
     * @param rng the generator
     * @param skeleton the animated skeleton
     * @param duration last key time in seconds
     * @param keyCount keys per channel
     * @param interpolation interpolation of every channel
     * @return the clip
     * @throws ValidationException when an argument is out of the range {@link RandomClipOptions}
     *     documents
     */
    public static AnimationClip clip(SplitMix64 rng, Skeleton skeleton, float duration, int keyCount,
            Interpolation interpolation) {
        return clip(rng, skeleton, new RandomClipOptions(duration, keyCount, interpolation, KeyTiming.UNIFORM,
                ChannelSet.ALL, 0));
    }

    /**
     * A random clip named {@value #CLIP_NAME} animating every bone of the skeleton.
     *
     * <p>Per bone, in skeleton order, the channels the {@link ChannelSet} selects, in the order
     * translation, rotation, scale; per channel, in order: its key times if
     * {@link KeyTiming#JITTERED}, then per key its elements (in-tangent, value, out-tangent for
     * CUBICSPLINE). Values: translations the rest translation plus {@code u(-0.5, 0.5)} per axis;
     * rotations {@link #rotation uniformly random}, each key negated if needed to lie in the
     * hemisphere of the previous key (so interpolation takes the short arc); scales
     * {@code u(0.5, 2)} per axis; tangents {@code u(-1, 1)} per component. A morph-weight channel
     * (when {@code morphWeights > 0}) comes last, targeting {@value #MESH_NAME}, with weights
     * {@code nf()}.
     *
     * @param rng the generator
     * @param skeleton the animated skeleton (may have no bones: the clip then has no bone channels)
     * @param options duration, keys, interpolation, timing, channels, morph weights
     * @return the clip (built through the public factories, which copy each channel's arrays once)
     */
    public static AnimationClip clip(SplitMix64 rng, Skeleton skeleton, RandomClipOptions options) {
        Objects.requireNonNull(rng, "rng");
        Objects.requireNonNull(skeleton, "skeleton");
        Objects.requireNonNull(options, "options");
        Interpolation interpolation = options.interpolation();
        float[] uniform = times(rng, options.duration(), options.keyCount(), KeyTiming.UNIFORM);
        List<BoneChannel> channels = new ArrayList<>();
        Vector3f rest = new Vector3f();
        for (int bone = 0; bone < skeleton.boneCount(); bone++) {
            String name = skeleton.boneName(bone);
            if (options.channels() != ChannelSet.ROTATIONS) {
                float[] t = channelTimes(rng, options, uniform);
                Vector3f restTranslation = skeleton.restTranslation(bone, rest);
                float[] v = keys(rng, options, 3, c -> restTranslation.get(c) + rng.range(-0.5f, 0.5f));
                channels.add(BoneChannel.of(name, ChannelPath.TRANSLATION, interpolation, t, v));
            }
            float[] rt = channelTimes(rng, options, uniform);
            channels.add(BoneChannel.of(name, ChannelPath.ROTATION, interpolation, rt, rotationKeys(rng, options)));
            if (options.channels() == ChannelSet.ALL) {
                float[] t = channelTimes(rng, options, uniform);
                channels.add(BoneChannel.of(name, ChannelPath.SCALE, interpolation, t,
                        keys(rng, options, 3, c -> rng.range(0.5f, 2f))));
            }
        }
        List<MorphChannel> morphs = new ArrayList<>();
        if (options.morphWeights() > 0) {
            float[] t = channelTimes(rng, options, uniform);
            morphs.add(MorphChannel.of(MESH_NAME, options.morphWeights(), interpolation, t,
                    keys(rng, options, options.morphWeights(), c -> rng.nf())));
        }
        return AnimationClip.of(CLIP_NAME, channels, morphs);
    }

    /** Draws one component of a key's value (not of a cubic spline tangent). */
    private interface ValueDraw {
        float draw(int component);
    }

    /**
     * Keys of a {@code components}-wide channel: per key element and component, in order, the
     * value drawn by {@code value} or, for a cubic spline tangent, {@code u(-1, 1)}.
     */
    private static float[] keys(SplitMix64 rng, RandomClipOptions options, int components, ValueDraw value) {
        int elements = options.interpolation().elementsPerKey();
        float[] v = new float[components * elements * options.keyCount()];
        for (int i = 0; i < v.length; i++) {
            v[i] = isValue(elements, (i / components) % elements) ? value.draw(i % components)
                    : rng.range(-1, 1);
        }
        return v;
    }

    /** Whether element {@code e} of a key is its value (not a cubic spline tangent). */
    private static boolean isValue(int elements, int e) {
        return elements == 1 || e == 1;
    }

    private static float[] rotationKeys(SplitMix64 rng, RandomClipOptions options) {
        int elements = options.interpolation().elementsPerKey();
        float[] v = new float[4 * elements * options.keyCount()];
        int previous = -1;
        for (int i = 0; i < v.length; i += 4) {
            if (!isValue(elements, (i / 4) % elements)) {
                for (int c = 0; c < 4; c++) {
                    v[i + c] = rng.range(-1, 1);
                }
                continue;
            }
            rotation(rng, v, i);
            if (previous >= 0 && v[i] * v[previous] + v[i + 1] * v[previous + 1] + v[i + 2] * v[previous + 2]
                    + v[i + 3] * v[previous + 3] < 0) {
                for (int c = 0; c < 4; c++) {
                    v[i + c] = -v[i + c];
                }
            }
            previous = i;
        }
        return v;
    }

    private static float[] channelTimes(SplitMix64 rng, RandomClipOptions options, float[] uniform) {
        return options.keyTiming() == KeyTiming.UNIFORM ? uniform.clone()
                : times(rng, options.duration(), options.keyCount(), KeyTiming.JITTERED);
    }

    /** Key times: 0 and the duration at the ends, interior keys even or jittered, strictly increasing. */
    private static float[] times(SplitMix64 rng, float duration, int keys, KeyTiming timing) {
        float[] t = new float[keys];
        if (keys == 1) {
            return t;
        }
        double spacing = (double) duration / (keys - 1);
        for (int k = 1; k < keys - 1; k++) {
            double jitter = timing == KeyTiming.JITTERED ? 0.8 * (rng.nf() - 0.5) : 0;
            t[k] = (float) (spacing * (k + jitter));
            if (t[k] <= t[k - 1]) {
                t[k] = Math.nextUp(t[k - 1]);
            }
        }
        t[keys - 1] = duration;
        assert keys < 2 || t[keys - 1] > t[keys - 2];
        return t;
    }

    /**
     * Random skin matrices, column-major {@code float[16]} each, bottom row {@code (0, 0, 0, 1)}.
     *
     * @param rng the generator
     * @param count matrices, 0..{@value #MAX_MATRICES}
     * @param kind rigid or general affine, with the draws {@link MatrixKind} documents per matrix
     * @return a fresh {@code 16*count} array
     * @throws ValidationException when {@code count} is out of range
     */
    public static float[] skinMatrices(SplitMix64 rng, int count, MatrixKind kind) {
        Objects.requireNonNull(rng, "rng");
        Objects.requireNonNull(kind, "kind");
        Arguments.requireRange("skinMatrices", "count", count, 0, MAX_MATRICES);
        float[] m = new float[16 * count];
        float[] q = new float[4];
        for (int i = 0; i < count; i++) {
            int o = 16 * i;
            if (kind == MatrixKind.RIGID) {
                rotation(rng, q, 0);
                double x = q[0];
                double y = q[1];
                double z = q[2];
                double w = q[3];
                m[o] = (float) (1 - 2 * (y * y + z * z));
                m[o + 1] = (float) (2 * (x * y + w * z));
                m[o + 2] = (float) (2 * (x * z - w * y));
                m[o + 4] = (float) (2 * (x * y - w * z));
                m[o + 5] = (float) (1 - 2 * (x * x + z * z));
                m[o + 6] = (float) (2 * (y * z + w * x));
                m[o + 8] = (float) (2 * (x * z + w * y));
                m[o + 9] = (float) (2 * (y * z - w * x));
                m[o + 10] = (float) (1 - 2 * (x * x + y * y));
            } else {
                do {
                    for (int c = 0; c < 3; c++) {
                        for (int r = 0; r < 3; r++) {
                            m[o + 4 * c + r] = rng.range(-1, 1);
                        }
                    }
                } while (Math.abs(determinant3(m, o)) < MIN_AFFINE_DETERMINANT);
            }
            m[o + 12] = rng.range(-1, 1);
            m[o + 13] = rng.range(-1, 1);
            m[o + 14] = rng.range(-1, 1);
            m[o + 15] = 1;
        }
        return m;
    }

    /** Determinant of the upper 3x3 of the column-major matrix at {@code o}. */
    private static double determinant3(float[] m, int o) {
        double a = m[o];
        double b = m[o + 4];
        double c = m[o + 8];
        double d = m[o + 1];
        double e = m[o + 5];
        double f = m[o + 9];
        double g = m[o + 2];
        double h = m[o + 6];
        double k = m[o + 10];
        return a * (e * k - f * h) - b * (d * k - f * g) + c * (d * h - e * g);
    }
}
