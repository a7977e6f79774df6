package io.github.skinmesh.core.skinning;

import io.github.skinmesh.core.internal.SkinningAccess;

/** Implements {@link SkinningAccess.Bridge}; installed when this class is initialized. */
final class SkinningBridge implements SkinningAccess.Bridge {
    static {
        SkinningAccess.install(new SkinningBridge());
    }

    private SkinningBridge() {
    }

    @Override
    public BoundSkin trustedBound(int paletteSize, int influencesPerVertex, int[] joints, float[] weights) {
        return BoundSkin.trusted(paletteSize, influencesPerVertex, joints, weights);
    }
}
