package io.github.skinmesh.core.partition;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link BoneReduction} did and what it cost. Counts of "bones" are bones with weight
 * {@code > 0} on some vertex, after each vertex's weights are normalized to sum 1 (a vertex
 * without weight follows palette entry 0, as posing treats it).
 *
 * <p>The error is measured only when clips are given: every vertex is posed at every sampled pose
 * of the clips, once with the input mesh and once with the result, by the same posing path
 * ({@code CharacterPoser}, morph targets not applied: folding bones does not change morphing), and
 * the distance between the two positions is taken, in the mesh's model units. Without clips the
 * error fields are {@code NaN} and {@link #maxErrorVertex()} is {@code -1}.
 *
 * @param limit the limit asked for: the target bone count of
 *     {@link BoneReduction#reduceBones reduceBones}, or the {@code maxBones} of
 *     {@link BoneReduction#fitOneDraw fitOneDraw}
 * @param bonesBefore bones with weight in the input mesh
 * @param bonesAfter bones with weight in the result, at most {@code bonesBefore} (and, for
 *     {@code reduceBones}, at most the target)
 * @param maxDrawBonesBefore the most bones with weight that the vertices of one submesh's
 *     triangles use in the input: the palette one draw of that submesh needs
 * @param maxDrawBonesAfter the same in the result
 * @param paletteSizeBefore palette entries of the input skin
 * @param paletteSizeAfter palette entries of the result's skin
 * @param folds the bones that lost their weight and the ancestor that took it, in the input
 *     palette's order; read-only
 * @param addedBones ancestors that had no weight in the input and took the weight of several
 *     folded descendants, in skeleton order; read-only
 * @param weightMoved the sum of {@link BoneFold#weightMoved()} over the folds
 * @param sampledPoses the number of poses the error was measured on; 0 without clips
 * @param maxError the largest displacement of a vertex at a sampled pose, in model units;
 *     {@code NaN} without clips
 * @param rmsError the root mean square displacement over every vertex and sampled pose, in model
 *     units; {@code NaN} without clips
 * @param maxErrorVertex the first vertex reaching {@code maxError}; {@code -1} without clips
 * @param maxErrorClip the name of the clip of the pose where {@code maxError} is reached first;
 *     {@code null} without clips
 * @param maxErrorTime the time in seconds of that pose; {@code NaN} without clips
 * @param warnings notes on what was tolerated or changed besides the folds (normalized weights,
 *     rewritten draws, ignored clip channels), read-only
 */
public record ReduceReport(int limit, int bonesBefore, int bonesAfter, int maxDrawBonesBefore,
        int maxDrawBonesAfter, int paletteSizeBefore, int paletteSizeAfter, List<BoneFold> folds,
        List<String> addedBones, double weightMoved, int sampledPoses, double maxError, double rmsError,
        int maxErrorVertex, @Nullable String maxErrorClip, float maxErrorTime, List<String> warnings) {
    /**
     * Creates the report.
     *
     * @param limit the target or maxBones
     * @param bonesBefore bones with weight before
     * @param bonesAfter bones with weight after
     * @param maxDrawBonesBefore the largest submesh bone set before
     * @param maxDrawBonesAfter the largest submesh bone set after
     * @param paletteSizeBefore palette entries before
     * @param paletteSizeAfter palette entries after
     * @param folds the folds (copied)
     * @param addedBones the added ancestors (copied)
     * @param weightMoved the weight moved
     * @param sampledPoses poses measured
     * @param maxError largest displacement
     * @param rmsError RMS displacement
     * @param maxErrorVertex the vertex of the largest displacement
     * @param maxErrorClip the clip of the largest displacement
     * @param maxErrorTime the time of the largest displacement
     * @param warnings warnings (copied)
     * @throws NullPointerException when a list is null
     */
    public ReduceReport {
        folds = List.copyOf(folds);
        addedBones = List.copyOf(addedBones);
        warnings = List.copyOf(warnings);
    }

    /** @return the number of folded bones, {@code folds().size()} */
    public int foldedBones() {
        return folds.size();
    }

    /** @return whether the error was measured (clips were given) */
    public boolean measured() {
        return sampledPoses > 0;
    }

    /**
     * @param bone a bone name
     * @return the ancestor that took its weight, or {@code null} when it was not folded
     */
    public @Nullable String foldedInto(String bone) {
        Objects.requireNonNull(bone, "bone");
        for (BoneFold f : folds) {
            if (f.bone().equals(bone)) {
                return f.into();
            }
        }
        return null;
    }
}
