package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Index;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link Weights#limit}: keeps each vertex's first {@code min(K, maxInfluences)} slots. Slots are
 * in canonical order (weight descending, ties in slot order), so these are the largest
 * influences with ties going to the lower slot, and no per-vertex selection is needed; the kept
 * slots are then renormalized by {@link UnitSum}. One pass; the output arrays are allocated once
 * at the result's width and handed to the new weights without a second copy.
 */
final class Limiter {
    private Limiter() {
    }

    static LimitResult run(BoneWeights src, LimitOptions options) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int[] srcJoints = raw.joints(src);
        float[] srcWeights = raw.weights(src);
        int kIn = src.influencesPerVertex();
        int n = src.vertexCount();
        int keep = Math.min(kIn, options.maxInfluences());
        int kOut = options.layout() == SlotLayout.NARROW ? keep : kIn;
        int[] dstJoints = new int[n * kOut];
        float[] dstWeights = new float[n * kOut];
        ZeroWeights zero = new ZeroWeights("limit", options.zeroWeights(), options.fallbackEntry());
        int before = 0;
        int after = 0;
        int dropped = 0;
        int affected = 0;
        float largest = 0f;
        int largestVertex = Index.NONE;
        for (int v = 0, s = 0, d = 0; v < n; v++, s += kIn, d += kOut) {
            for (int k = 0; k < keep; k++) {
                float w = srcWeights[s + k];
                dstWeights[d + k] = w;
                dstJoints[d + k] = srcJoints[s + k];
                if (w > 0f) {
                    before++;
                }
            }
            int droppedHere = 0;
            for (int k = keep; k < kIn; k++) {
                float w = srcWeights[s + k];
                if (w > 0f) {
                    droppedHere++;
                    if (w > largest) {
                        largest = w;
                        largestVertex = v;
                    }
                }
            }
            before += droppedHere;
            dropped += droppedHere;
            if (droppedHere > 0) {
                affected++;
            }
            if (!UnitSum.normalize(dstWeights, d, keep)) {
                zero.bindOrFail(v, dstJoints, dstWeights, d);
            }
            for (int k = 0; k < keep; k++) {
                if (dstWeights[d + k] > 0f) {
                    after++;
                }
            }
        }
        List<String> warnings = new ArrayList<>(2);
        if (dropped > 0) {
            warnings.add("limit: dropped " + dropped + (dropped == 1 ? " influence" : " influences") + " past "
                    + options.maxInfluences() + " from " + affected + (affected == 1 ? " vertex" : " vertices")
                    + "; largest dropped weight " + largest + " at vertex " + largestVertex);
        }
        zero.warnInto(warnings);
        BoneWeights out = raw.adoptWeights(kOut, dstJoints, dstWeights);
        return new LimitResult(out, kIn, kOut, before, after, dropped, affected, largest, largestVertex,
                zero.boundVertices(), warnings);
    }
}
