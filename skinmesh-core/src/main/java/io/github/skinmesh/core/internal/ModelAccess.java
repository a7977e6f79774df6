package io.github.skinmesh.core.internal;

import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.VertexAttribute;
import org.jspecify.annotations.Nullable;

/**
 * Bridge from skinmesh's own kernels to the model's internal arrays, without copies.
 *
 * <p>The model types never hand out their arrays publicly. Kernels in other packages and
 * sibling modules read them through this bridge (treating them as read-only) and hand freshly
 * built arrays to new model objects without a second copy. This package is exported only to
 * skinmesh's own modules; it is not API.
 *
 * <p><b>The trusted path.</b> The {@code trusted...} methods build model objects from arrays that
 * an algorithm derived from already validated model objects (a gather, a concatenation, a joint
 * renumbering through a checked table), or that a reader decoded while checking every element
 * against the model's rules itself: they adopt the arrays without a copy and check the
 * per-element invariants (finite floats, indices below the vertex count, joints below the palette
 * size, canonical slot order, each draw's vertices weighting only the draw's palette entries)
 * only as {@code assert}s, so that tests (which run with assertions
 * on) still catch a broken algorithm while production code does not pay for re-validating what
 * it just built. Structural checks that cost no more than the number of streams, submeshes or
 * palette entries still run. The public factories of the model always validate; only code that
 * can show where every element came from may take this path.
 */
public final class ModelAccess {
    private static volatile @Nullable Bridge bridge;

    private ModelAccess() {
    }

    /** Raw access implemented by the model package. Arrays returned must not be modified. */
    public interface Bridge {
        /** @param m mesh @return its positions */
        float[] positions(Mesh m);

        /** @param m mesh @return its normals or null */
        float @Nullable [] normals(Mesh m);

        /** @param m mesh @return its tangents or null */
        float @Nullable [] tangents(Mesh m);

        /** @param m mesh @return its colors or null */
        float @Nullable [] colors(Mesh m);

        /** @param m mesh @param channel uv channel @return the channel */
        float[] uvs(Mesh m, int channel);

        /** @param m mesh @return its indices */
        int[] indices(Mesh m);

        /** @param w weights @return joints */
        int[] joints(BoneWeights w);

        /** @param w weights @return weights */
        float[] weights(BoneWeights w);

        /** @param w weights @return which joints carry weight, empty slots and unweighted vertices, computed once per weights */
        SlotSummary slotSummary(BoneWeights w);

        /** @param s skin @return inverse bind matrices */
        float[] inverseBindMatrices(Skin s);

        /** @param s skin @return palette names */
        String[] paletteNames(Skin s);

        /** @param s skeleton @return parents */
        int[] parents(Skeleton s);

        /** @param s skeleton @return rest translations */
        float[] restTranslations(Skeleton s);

        /** @param s skeleton @return rest rotations */
        float[] restRotations(Skeleton s);

        /** @param s skeleton @return rest scales */
        float[] restScales(Skeleton s);

        /** @param c channel @return key times */
        float[] times(BoneChannel c);

        /** @param c channel @return values */
        float[] values(BoneChannel c);

        /** @param c channel @return key times */
        float[] times(MorphChannel c);

        /** @param c channel @return values */
        float[] values(MorphChannel c);

        /** @param t target @return position deltas or null */
        float @Nullable [] positions(MorphTarget t);

        /** @param t target @return normal deltas or null */
        float @Nullable [] normals(MorphTarget t);

        /** @param t target @return tangent deltas or null */
        float @Nullable [] tangents(MorphTarget t);

        /** @param i image @return encoded bytes */
        byte[] data(Image i);

        /** @param name mesh name @return a builder whose setters take ownership of their arrays */
        Mesh.Builder adoptingMeshBuilder(String name);

        /** @param k influences @param joints joints @param weights weights @return adopted weights */
        BoneWeights adoptWeights(int k, int[] joints, float[] weights);

        /** @param names names @param ibm matrices @param weights weights @return adopted skin */
        Skin adoptSkin(String[] names, float[] ibm, BoneWeights weights);

        /**
         * @param name name @param boneNames bones @param parents parents @param t translations
         * @param r rotations @param s scales @return adopted skeleton
         */
        Skeleton adoptSkeleton(String name, String[] boneNames, int[] parents, float[] t, float[] r, float[] s);

        /** @param bone bone @param path path @param i interpolation @param times times @param values values @return channel */
        BoneChannel adoptChannel(String bone, ChannelPath path, Interpolation i, float[] times, float[] values);

        /** @param target target @param count weights @param i interpolation @param times times @param values values @return channel */
        MorphChannel adoptMorphChannel(String target, int count, Interpolation i, float[] times, float[] values);

        /** @param name name @param p positions @param n normals @param t tangents @return target */
        MorphTarget adoptMorphTarget(String name, float @Nullable [] p, float @Nullable [] n, float @Nullable [] t);

        /** @param name name @param mime mime type @param data bytes @return image */
        Image adoptImage(String name, String mime, byte[] data);

        /** @param a attribute @return its values, {@code componentCount*vertexCount} floats */
        float[] values(VertexAttribute a);

        /** @param d draw @return its palette entries in slot order */
        int[] paletteEntries(Draw d);

        /**
         * @param k influences @param joints joints @param weights weights
         * @return adopted weights that keep the slots as given (see {@link BoneWeights#ofSlots})
         */
        BoneWeights adoptSlots(int k, int[] joints, float[] weights);

        /** @param name name @param componentCount components @param values values @return adopted attribute */
        VertexAttribute adoptAttribute(String name, int componentCount, float[] values);

        /** @param firstIndex first index @param indexCount index count @param entries entries @return adopted draw */
        Draw adoptDraw(int firstIndex, int indexCount, int[] entries);

        /**
         * @param name mesh name
         * @return a builder on the trusted path: setters adopt their arrays, and {@code build()}
         *     checks stream values, index ranges and the bones weighted by each draw's vertices
         *     only as assertions
         */
        Mesh.Builder trustedMeshBuilder(String name);

        /**
         * Presets the bounds of a trusted mesh builder, so the mesh need not compute them (checked
         * by an assertion against the positions).
         *
         * @param builder a builder from {@link #trustedMeshBuilder}
         * @param bounds the bounds of the positions the builder will hold
         */
        void presetBounds(Mesh.Builder builder, Bounds bounds);

        /**
         * @param k influences @param joints joints, each {@code >= 0} @param weights finite weights {@code >= 0}
         * @param canonical whether the slots are in canonical form (asserted)
         * @return adopted weights, unchecked but for assertions
         */
        BoneWeights trustedWeights(int k, int[] joints, float[] weights, boolean canonical);

        /**
         * @param names unique palette names @param ibm finite matrices, {@code 16*names.length}
         * @param weights weights whose joints are below the palette size (asserted)
         * @return adopted skin
         */
        Skin trustedSkin(String[] names, float[] ibm, BoneWeights weights);

        /** @param name name @param p positions @param n normals @param t tangents, finite (asserted) @return target */
        MorphTarget trustedMorphTarget(String name, float @Nullable [] p, float @Nullable [] n, float @Nullable [] t);

        /** @param name name @param componentCount components @param values finite values (asserted) @return attribute */
        VertexAttribute trustedAttribute(String name, int componentCount, float[] values);
    }

    /**
     * Installs the model's bridge; called once by the model package.
     *
     * @param b the bridge
     */
    public static void install(Bridge b) {
        if (!b.getClass().getName().equals("io.github.skinmesh.core.model.ModelBridge")) {
            throw new IllegalStateException("only the model package installs the bridge");
        }
        bridge = b;
    }

    /** @return the bridge */
    public static Bridge get() {
        Bridge b = bridge;
        if (b == null) {
            try {
                Class.forName("io.github.skinmesh.core.model.ModelBridge", true, ModelAccess.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            b = bridge;
        }
        return b;
    }
}
