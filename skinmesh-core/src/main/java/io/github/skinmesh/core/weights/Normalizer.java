package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link Weights#normalize}: one pass over the vertices, each scaled by {@link UnitSum}. The
 * output arrays start as copies of the input's and are handed to the new weights without a
 * second copy.
 */
final class Normalizer {
    private Normalizer() {
    }

    static NormalizeResult run(BoneWeights src, NormalizeOptions options) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int k = src.influencesPerVertex();
        int n = src.vertexCount();
        int[] dstJoints = raw.joints(src).clone();
        float[] dstWeights = raw.weights(src).clone();
        ZeroWeights zero = new ZeroWeights("normalize", options.zeroWeights(), options.fallbackEntry());
        int rescaled = 0;
        double errorBefore = 0;
        double errorAfter = 0;
        for (int v = 0, base = 0; v < n; v++, base += k) {
            double sum = UnitSum.sum(dstWeights, base, k);
            errorBefore = Math.max(errorBefore, Math.abs(sum - 1.0));
            if (sum == 0) {
                zero.bindOrFail(v, dstJoints, dstWeights, base);
                continue;
            }
            if (sum != 1.0) {
                UnitSum.scale(dstWeights, base, k, sum);
                rescaled++;
                errorAfter = Math.max(errorAfter, Math.abs(UnitSum.sum(dstWeights, base, k) - 1.0));
            }
        }
        List<String> warnings = new ArrayList<>(1);
        zero.warnInto(warnings);
        BoneWeights out = raw.adoptWeights(k, dstJoints, dstWeights);
        return new NormalizeResult(out, n, rescaled, zero.boundVertices(), errorBefore, errorAfter, warnings);
    }
}
