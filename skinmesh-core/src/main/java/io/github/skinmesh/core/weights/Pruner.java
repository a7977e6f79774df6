package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Index;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link Weights#prune}: removes stored weights below the threshold except each vertex's largest,
 * then renormalizes by {@link UnitSum}. Slots are sorted descending, so the removed weights are a
 * suffix of slots 1..K-1: the scan stops at the first slot below the threshold and clears the
 * rest. One pass over copies of the input arrays, handed to the new weights without a second
 * copy.
 */
final class Pruner {
    private Pruner() {
    }

    static PruneResult run(BoneWeights src, PruneOptions options) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int k = src.influencesPerVertex();
        int n = src.vertexCount();
        int[] dstJoints = raw.joints(src).clone();
        float[] dstWeights = raw.weights(src).clone();
        float threshold = options.threshold();
        ZeroWeights zero = new ZeroWeights("prune", options.zeroWeights(), options.fallbackEntry());
        int before = 0;
        int after = 0;
        int removed = 0;
        int affected = 0;
        float largest = 0f;
        int largestVertex = Index.NONE;
        for (int v = 0, base = 0; v < n; v++, base += k) {
            for (int i = base, end = base + k; i < end; i++) {
                if (dstWeights[i] > 0f) {
                    before++;
                }
            }
            int cut = 1;
            while (cut < k && !(dstWeights[base + cut] < threshold)) {
                cut++;
            }
            int removedHere = 0;
            for (int i = base + cut, end = base + k; i < end; i++) {
                float w = dstWeights[i];
                if (w > 0f) {
                    removedHere++;
                    if (w > largest) {
                        largest = w;
                        largestVertex = v;
                    }
                }
                dstWeights[i] = 0f;
                dstJoints[i] = 0;
            }
            removed += removedHere;
            if (removedHere > 0) {
                affected++;
            }
            if (!UnitSum.normalize(dstWeights, base, cut)) {
                zero.bindOrFail(v, dstJoints, dstWeights, base);
            }
            for (int i = base, end = base + cut; i < end; i++) {
                if (dstWeights[i] > 0f) {
                    after++;
                }
            }
        }
        List<String> warnings = new ArrayList<>(2);
        if (removed > 0) {
            warnings.add("prune: removed " + removed + (removed == 1 ? " influence" : " influences") + " below "
                    + threshold + " from " + affected + (affected == 1 ? " vertex" : " vertices")
                    + "; largest removed weight " + largest + " at vertex " + largestVertex);
        }
        zero.warnInto(warnings);
        BoneWeights out = raw.adoptWeights(k, dstJoints, dstWeights);
        return new PruneResult(out, before, after, removed, affected, largest, largestVertex, zero.boundVertices(),
                warnings);
    }
}
