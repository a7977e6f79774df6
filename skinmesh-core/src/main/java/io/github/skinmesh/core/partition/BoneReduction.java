package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.CancelledException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Bone reduction for level of detail: folds the least important bones of a skinned mesh into
 * their ancestors so that it keeps at most a target number of bones with weight (the 24 to 32 bones
 * of an instanced crowd), or so that each submesh fits one draw of a bone-limited renderer.
 *
 * <h2>What a fold does</h2>
 * Folding bone {@code b} moves every vertex's weight on {@code b} to the nearest ancestor of
 * {@code b} that keeps weight; slots of a vertex that land on the same bone are merged and the
 * weights renormalized to sum 1. The vertices of {@code b} then follow that ancestor rigidly: what
 * is lost is {@code b}'s motion relative to it. Weighted bones whose common ancestors have no
 * weight (sibling roots of a skin, fingers under an unweighted hand) can also be merged into such
 * an ancestor, which then takes weight (and a palette entry, see below). The weights depend only
 * on which bones keep weight in the end: every input influence of a bone goes to its nearest
 * ancestor-or-self that keeps weight, so a bone that took weight again after being folded (its
 * fingers merged into it) also has its own influences back, and is not reported as folded. The
 * input's weights are first normalized as posing treats them (a vertex without weight follows
 * palette entry 0).
 *
 * <h2>Which bones</h2>
 * A greedy search applies, one step at a time, the fold that costs least per bone removed, down to
 * the fewest bones the hierarchy allows, and remembers every state on the way; the result is the
 * state of least error that meets the limit (so a larger target never gives a larger error). With
 * clips, the cost is the displacement measured on poses sampled from them ({@link ReduceOptions}:
 * rate and count): the affected vertices are skinned at every pose with the fold applied and
 * compared with the input posed the same way. Without clips the cost is a rest-pose estimate: for
 * every bone whose articulation a vertex loses, the weight carried past that bone times the
 * vertex's distance from its joint, squared.
 *
 * <h2>Joints and palette</h2>
 * Joints stay indices into the result's own palette, as everywhere in skinmesh. By default
 * ({@link PaletteMode#COMPACT}) the palette is rebuilt to hold exactly the bones that keep weight,
 * in input order, then added ancestors in skeleton order; {@link PaletteMode#KEEP} keeps every
 * input entry at its index and appends added ancestors. An ancestor that takes weight without a
 * palette entry gets the inverse bind matrix that agrees with the mesh's bind pose through its
 * nearest weighted descendant ({@code restModel_a^-1 * restModel_c * inverseBind_c}). Draws are
 * kept by {@link #reduceBones reduceBones}, their entries rewritten (a folded entry becomes its
 * ancestor's, listed once), so a partitioned mesh stays valid and no draw grows.
 *
 * <h2>Error</h2>
 * With clips the report gives the largest and the root mean square vertex displacement, in model
 * units, of the result against the input over every vertex at every sampled pose, both posed by
 * {@code CharacterPoser} (morph targets not applied: a fold does not change morphing). The error
 * is zero, up to float rounding, where the folded bones keep, at every sampled pose, the transform
 * relative to their new ancestor that they have in the bind pose (a bone the clips never move
 * relative to its parent, in a mesh bound at the rest pose).
 *
 * <h2>Limits and edge cases</h2>
 * A target at or above the number of bones with weight folds nothing. A target below the fewest
 * bones folding can reach (one per skeleton root above the weighted bones, unless an ancestor's
 * rest transform has a zero scale and so cannot take weight) is an error naming the bones left.
 * The result is the input mesh itself when nothing changes (nothing folded, the palette and the
 * draws unchanged) and for a mesh without vertices.
 *
 * <p>Cost: sampling poses every vertex once per pose; the search skins, per step, the vertices of
 * the moves whose price changed, at every pose. Memory: {@code 12 * vertexCount} bytes of
 * reference positions per pose. Stateless and thread-safe; deterministic (the same input gives
 * the same result on every run, JDK and thread count).
 *
 * <pre>{@code
 * ReduceResult lod = BoneReduction.reduceBones(hero.mesh(), skeleton, 24, List.of(walk, run));
 * ReduceReport r = lod.report();
 * System.out.printf("%d -> %d bones, max error %.4f, rms %.4f%n",
 *         r.bonesBefore(), r.bonesAfter(), r.maxError(), r.rmsError());
 * }</pre>
 */
public final class BoneReduction {
    private BoneReduction() {
    }

    /**
     * Reduces a mesh to at most {@code target} bones with weight, with {@link ReduceOptions#DEFAULTS}.
     *
     * @param mesh a skinned mesh
     * @param skeleton the skeleton its palette names
     * @param target the most bones that may keep weight, {@code >= 1}
     * @param clips clips to measure the deformation on (may be empty: then the rest-pose estimate
     *     chooses and no error is measured)
     * @return the reduced mesh and the report
     * @throws ValidationException as {@link #reduceBones(Mesh, Skeleton, int, List, ReduceOptions, Progress)}
     */
    public static ReduceResult reduceBones(Mesh mesh, Skeleton skeleton, int target, List<AnimationClip> clips) {
        return reduceBones(mesh, skeleton, target, clips, ReduceOptions.DEFAULTS, Progress.NONE);
    }

    /**
     * Reduces a mesh to at most {@code target} bones with weight: the state of least error (by
     * {@link ReduceOptions#metric()}) among those the greedy search reaches with at most
     * {@code target} bones. See the class comment for folds, palette, draws and error.
     *
     * @param mesh a skinned mesh
     * @param skeleton the skeleton its palette names (and the clips animate)
     * @param target the most bones that may keep weight, {@code >= 1}; at or above the number of
     *     bones with weight nothing is folded
     * @param clips clips to measure the deformation on, may be empty
     * @param options sampling, palette mode and error measure
     * @param progress stages "sampling poses", "folding bones", "measuring error"; cancels between
     *     poses and steps
     * @return the reduced mesh (the input itself when nothing changes) and the report
     * @throws ValidationException when {@code target < 1}; when the mesh has no skin; when a palette
     *     bone is not in the skeleton; when {@code target} is below the fewest bones folding can
     *     reach (naming them); when the poser rejects a clip (a channel of a missing bone with
     *     {@code MissingBones.REJECT}) or a pose overflows the float range
     * @throws CancelledException when {@code progress} is cancelled
     */
    public static ReduceResult reduceBones(Mesh mesh, Skeleton skeleton, int target, List<AnimationClip> clips,
            ReduceOptions options, Progress progress) {
        String operation = "reduceBones";
        requireArguments(mesh, skeleton, clips, options, progress);
        if (target < 1) {
            throw new ValidationException(operation + ": target=" + target + ", expected at least 1 bone");
        }
        ReduceInput in = ReduceInput.of(operation, mesh, skeleton);
        FoldSearch.Limit limit = (kept, rep) -> kept <= target;
        return reduce(in, target, limit, 0, clips, options, progress);
    }

    /**
     * Makes each submesh fit one draw of {@code maxBones} bones, with {@link ReduceOptions#DEFAULTS}.
     *
     * @param mesh a skinned mesh
     * @param skeleton the skeleton its palette names
     * @param maxBones the most bones one draw may bind, {@code 1..}{@value Skin#MAX_PALETTE_SIZE}
     * @param clips clips to measure the deformation on, may be empty
     * @return the reduced mesh and the report
     * @throws ValidationException as {@link #fitOneDraw(Mesh, Skeleton, int, List, ReduceOptions, Progress)}
     */
    public static ReduceResult fitOneDraw(Mesh mesh, Skeleton skeleton, int maxBones, List<AnimationClip> clips) {
        return fitOneDraw(mesh, skeleton, maxBones, clips, ReduceOptions.DEFAULTS, Progress.NONE);
    }

    /**
     * The smallest reduction after which every submesh fits one bone-palette partition of
     * {@code maxBones}: the vertices of each submesh's triangles weight at most {@code maxBones}
     * distinct bones. Among the states of the greedy search that fit, the one of least error is
     * taken (with clips the measured one; without, the rest-pose estimate). A mesh that
     * fits already is returned with nothing folded.
     *
     * <p>The draws of the result say how to draw it: when its palette has more than
     * {@code maxBones} entries, each submesh with triangles gets exactly one {@link
     * io.github.skinmesh.core.model.Draw} listing the palette entries its vertices weight, in
     * ascending order (a writer derives the draw-local slots from it); otherwise no submesh has
     * draws, since binding the whole palette fits. The input's draws are replaced either way.
     *
     * @param mesh a skinned mesh
     * @param skeleton the skeleton its palette names (and the clips animate)
     * @param maxBones the most bones one draw may bind, {@code 1..}{@value Skin#MAX_PALETTE_SIZE}
     * @param clips clips to measure the deformation on, may be empty
     * @param options sampling, palette mode and error measure
     * @param progress stages "sampling poses", "folding bones", "measuring error"; cancels between
     *     poses and steps
     * @return the reduced mesh (the input itself when nothing changes) and the report, whose
     *     {@link ReduceReport#limit()} is {@code maxBones}
     * @throws ValidationException when {@code maxBones} is out of range; when the mesh has no
     *     skin; when a palette bone is not in the skeleton; when a submesh still weights more than
     *     {@code maxBones} bones after every fold the hierarchy allows (naming the submesh and the
     *     bones); when the poser rejects a clip or a pose overflows the float range
     * @throws CancelledException when {@code progress} is cancelled
     */
    public static ReduceResult fitOneDraw(Mesh mesh, Skeleton skeleton, int maxBones, List<AnimationClip> clips,
            ReduceOptions options, Progress progress) {
        String operation = "fitOneDraw";
        requireArguments(mesh, skeleton, clips, options, progress);
        Checks.requireRange(operation, "maxBones", maxBones, 1, Skin.MAX_PALETTE_SIZE);
        ReduceInput in = ReduceInput.of(operation, mesh, skeleton);
        FoldSearch.Limit limit = (kept, rep) -> ReducedMesh.maxDrawBones(in, rep) <= maxBones;
        return reduce(in, maxBones, limit, maxBones, clips, options, progress);
    }

    private static void requireArguments(Mesh mesh, Skeleton skeleton, List<AnimationClip> clips,
            ReduceOptions options, Progress progress) {
        Objects.requireNonNull(mesh, "mesh");
        Objects.requireNonNull(skeleton, "skeleton");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(progress, "progress");
        for (AnimationClip clip : clips) {
            Objects.requireNonNull(clip, "clips holds null");
        }
    }

    private static ReduceResult reduce(ReduceInput in, int limitValue, FoldSearch.Limit limit, int oneDrawLimit,
            List<AnimationClip> clips, ReduceOptions options, Progress progress) {
        PoseSet poses = PoseSet.sample(in, clips, options, progress);
        int[] identity = new int[in.boneCount];
        for (int u = 0; u < in.boneCount; u++) {
            identity[u] = in.weighted[u] ? u : -1;
        }
        int[] rep;
        if (limit.accepts(in.weightedCount, identity)) {
            rep = identity; // nothing to fold: no state has less error than the input
        } else {
            FoldCost cost = poses.count > 0 ? new SampledFoldCost(in, poses) : new RestFoldCost(in);
            FoldSearch search = FoldSearch.run(in, cost, limit, progress);
            int best = search.best(options.metric());
            if (best < 0) {
                throw unreachable(in, limitValue, oneDrawLimit > 0, search.reps.get(search.stateCount() - 1));
            }
            rep = search.reps.get(best);
        }
        ReducedMesh.Built built = ReducedMesh.build(in, rep, options.palette(), oneDrawLimit);
        ErrorMeasure.Measured error = ErrorMeasure.measure(in, poses, built.mesh(), options, progress);
        List<String> warnings = new ArrayList<>(in.warnings);
        warnings.addAll(poses.warnings);
        warnings.addAll(built.warnings());
        int maxDrawBefore = 0;
        for (int[] bones : in.submeshBones) {
            maxDrawBefore = Math.max(maxDrawBefore, bones.length);
        }
        ReduceReport report = new ReduceReport(limitValue, in.weightedCount, built.bonesAfter(), maxDrawBefore,
                built.maxDrawBonesAfter(), in.skin.paletteSize(), built.paletteSize(), built.folds(),
                built.addedBones(), built.weightMoved(), poses.count, error.max(), error.rms(), error.vertex(),
                error.clip(), error.time(), warnings);
        return new ReduceResult(built.mesh(), report);
    }

    /** The error for a limit the search cannot reach, naming what is left at its last state. */
    private static ValidationException unreachable(ReduceInput in, int limit, boolean oneDraw, int[] last) {
        String where = in.operation + ": mesh " + Checks.quote(in.mesh.name());
        if (!oneDraw) {
            List<String> kept = keptNames(in, last, null);
            return new ValidationException(where + ": target=" + limit + ", but at least " + kept.size()
                    + " bones must keep weight: folding stops at " + String.join(", ", kept)
                    + ", which have no common ancestor that can take their weight");
        }
        for (int s = 0; s < in.submeshBones.length; s++) {
            List<String> kept = keptNames(in, last, in.submeshBones[s]);
            if (kept.size() > limit) {
                return new ValidationException(where + ": maxBones=" + limit + ", but submesh " + s
                        + " still weights " + kept.size() + " bones after every fold the hierarchy allows: "
                        + String.join(", ", kept));
            }
        }
        throw new AssertionError("no state within the limit, yet the last state fits every submesh");
    }

    /** The quoted names of the representatives of {@code bones} (all weighted bones when null), in skeleton order. */
    private static List<String> keptNames(ReduceInput in, int[] rep, int @Nullable [] bones) {
        boolean[] kept = new boolean[in.boneCount];
        if (bones == null) {
            for (int u = 0; u < in.boneCount; u++) {
                if (in.weighted[u]) {
                    kept[rep[u]] = true;
                }
            }
        } else {
            for (int u : bones) {
                kept[rep[u]] = true;
            }
        }
        List<String> names = new ArrayList<>();
        for (int u = 0; u < in.boneCount; u++) {
            if (kept[u]) {
                names.add(in.quotedName(u));
            }
        }
        return names;
    }
}
