package io.github.skinmesh.core.internal;

import io.github.skinmesh.core.skinning.BoundSkin;
import org.jspecify.annotations.Nullable;

/**
 * Bridge from skinmesh's own code to the skinning package's trusted factories, the counterpart of
 * {@link ModelAccess} for {@link BoundSkin}.
 *
 * <p>{@link BoundSkin#of(int, int, int[], float[], BoundSkin.JointWidth)} copies the caller's
 * arrays and checks every joint against the palette size, because a caller could hand any arrays
 * and change them afterwards. Code that binds arrays it owns and derived from validated model
 * objects (the poser's normalized weights, whose joints the owning {@code Skin} has checked
 * against its palette) adopts them here without the copies, the joints checked only by an
 * {@code assert}. Not API.
 */
public final class SkinningAccess {
    private static volatile @Nullable Bridge bridge;

    private SkinningAccess() {
    }

    /** What the skinning package lends. */
    public interface Bridge {
        /**
         * Binds influences without copying or checking them (the trusted path): the arrays become
         * the bound skin's and must never change again; every joint must lie in
         * {@code 0..paletteSize-1}, checked only as an {@code assert}; the structural checks
         * ({@code K}, the palette size, the lengths) still run.
         *
         * @param paletteSize the palette size, {@code >= 1}
         * @param influencesPerVertex {@code K}, 1..{@code BoneWeights.MAX_INFLUENCES}
         * @param joints {@code vertexCount*K} palette indices, 32-bit
         * @param weights {@code vertexCount*K} weights
         * @return the bound skin, 32-bit joints, sharing both arrays
         */
        BoundSkin trustedBound(int paletteSize, int influencesPerVertex, int[] joints, float[] weights);
    }

    /**
     * Installs the skinning package's bridge; called once by that package.
     *
     * @param b the bridge
     * @throws IllegalStateException when another class tries
     */
    public static void install(Bridge b) {
        if (!b.getClass().getName().equals("io.github.skinmesh.core.skinning.SkinningBridge")) {
            throw new IllegalStateException("only the skinning package installs the bridge");
        }
        bridge = b;
    }

    /** @return the bridge */
    public static Bridge get() {
        Bridge b = bridge;
        if (b == null) {
            try {
                Class.forName("io.github.skinmesh.core.skinning.SkinningBridge", true,
                        SkinningAccess.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            b = bridge;
        }
        return b;
    }
}
