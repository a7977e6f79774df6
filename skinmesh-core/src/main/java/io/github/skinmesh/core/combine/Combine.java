package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Combines outfit parts into one skinned mesh, and re-expresses a skinned mesh on another
 * skeleton.
 *
 * <h2>{@link #combine}</h2>
 *
 * <p>Takes parts from one or several characters ({@link CombineInput}: a part with the skeleton
 * its bone names refer to) and gives a {@link Character} with one skinned part that draws, in as
 * few draw calls as its materials allow, what the parts drew: skinning the result at any pose puts
 * every vertex where skinning its part alone put it (exactly, up to rounding, unless a bone's bind
 * matrices had to be reconciled for vertices of several influences, see {@link BindCorrection}).
 * In order:
 * <ol>
 *   <li><b>Parts.</b> Each part's transform is baked into its vertices
 *       ({@link Mesh#transformed}). A rigid part hanging from a bone becomes skinned to that bone
 *       with weight 1 (its vertices are in the bone's space: inverse bind matrix the identity). A
 *       part with neither skin nor attach bone is an error, or is bound rigidly to
 *       {@link CombineOptions#bindUnattachedTo()}. A vertex without any weight gets weight 1 on its
 *       part's palette entry 0, which is what the poser makes of it.</li>
 *   <li><b>Skeleton.</b> The target skeleton of the options, or the union of the inputs'
 *       skeletons by bone name: the first skeleton's bones in its order, then each later
 *       skeleton's new bones in that skeleton's order (parents still before children); two parts
 *       whose skeletons disagree on a bone's parent are an error naming both parts, the bone and
 *       both parents. Palette bones the target lacks are handled by
 *       {@link RemapOptions#unknownBones()}. A bone's rest transform is the first skeleton's; a
 *       part bound to a skeleton that places or turns the bone otherwise follows the kept bone
 *       (warned about). <b>Units</b> ({@link RemapOptions#units()}, converted by default): where
 *       the bone's rest frame in the part's own skeleton is a uniform scale {@code s} of the kept
 *       one (times a rotation), as when one part was exported in centimetres below an armature
 *       scaled by 0.01 and another in metres, the part's bind matrices on that bone are scaled by
 *       {@code s} (its vertices' bone-space coordinates converted), and a bone the part brings
 *       into the union under such a parent has its rest translation scaled by the parent's
 *       {@code s}: the part keeps its size and its bones their places, with one warning per part
 *       naming the bones and ratios (bones whose rests differ by the unit alone are not warned
 *       about one by one). Frames that differ by a mirror, a non-uniform or a sheared scale are
 *       not converted. Clips of a clip source in another unit get their translation and scale
 *       keys converted (warned about).</li>
 *   <li><b>Palette.</b> The bones that carry weight (or all, see
 *       {@link CombineOptions#palette()}), in skeleton order; every part's joints are renumbered
 *       into it and the slots a vertex gives one bone (after a move) are merged.</li>
 *   <li><b>Bind matrices.</b> Each bone keeps the inverse bind matrix of the first part that
 *       binds it with weight (a part's own bones before influences moved to them, skinned parts
 *       before rigid ones), or the inverse of its rest model matrix when no part does (or with
 *       {@link RemapOptions.InverseBinds#FROM_TARGET_REST}); the vertices of a later part that
 *       binds it otherwise (beyond {@link RemapOptions#bindTolerance()}) are re-expressed in the
 *       kept bind space, see {@link BindCorrection}. A bone that a part bound in another bind space
 *       as a whole brings first keeps that part's matrix re-based into the part's shared correction
 *       ({@code B * C^-1}, see {@link BindCorrection}).</li>
 *   <li><b>Streams.</b> The result has every stream some part has; a part without one gets a
 *       default and a warning: normals computed from its triangles, tangents computed from its
 *       normals (own or computed) and UV set 0, white colors, zero UVs, zero extra attributes
 *       (parts must agree on an attribute's component count). The influence count is the
 *       largest of the parts' (up to 8), narrower parts' extra slots empty. Weights are
 *       canonical when every part's are.</li>
 *   <li><b>Morph targets.</b> United by name under {@link CombineOptions#morphNameClash()}, zero
 *       deltas where a part lacks one (warned about); default weights kept.</li>
 *   <li><b>Submeshes.</b> Submeshes of equal materials ({@code Material.equalsIgnoringName}:
 *       template, factors, textures and render state) become one contiguous submesh; opaque ones
 *       are drawn first, then alpha-masked, then blended, each in order of first appearance.
 *       Draws (bone-palette partitions) of the parts are dropped (warned about): partition the
 *       result again.</li>
 *   <li><b>Vertex order.</b> Each part's vertices stay together and in order; the parts follow
 *       the draw order of the first submesh holding their triangles (then input order), so when
 *       every part has one material each submesh's vertices form one range, in submesh order,
 *       which lets a writer give each submesh only its own vertices.</li>
 *   <li><b>Welding</b> of seams between parts, when {@link CombineOptions#welding()} asks.</li>
 *   <li><b>Clips.</b> The clips of {@link CombineOptions#clipSource()} (by default the first
 *       input's character): bone channels of bones outside the output skeleton dropped, morph
 *       weight channels of its combined parts merged into one channel of the combined part
 *       (channels of parts that are not combined dropped); both reported. Translation and scale
 *       keys of a clip source in another unit are converted (see Skeleton above).</li>
 * </ol>
 * The report ({@link CombineReport}) gives counts before and after, the index width, bones
 * dropped and moved, bind corrections with their deviations, warnings and the provenance of every
 * vertex and index.
 *
 * <p>Everything is validated before the result's arrays are allocated, including the sizes: a
 * result needing more vertices than an int holds or more indices than the largest array is
 * rejected naming the part with which the total crosses the limit. Outputs are built on the
 * model's trusted path (see {@link io.github.skinmesh.core.internal.ModelAccess}): what the
 * copy builds from validated parts is not validated again.
 *
 * <p>Deterministic: equal inputs and options give equal results, on every JDK and thread.
 * Stateless and thread-safe; inputs are only read.
 *
 * <pre>{@code
 * CombineResult r = Combine.combine(CombineInput.allOf(hero), CombineOptions.DEFAULTS);
 * Character oneDrawCall = r.character();
 * System.out.println(r.report().drawCallsBefore() + " -> " + r.report().drawCallsAfter() + " draw calls");
 * }</pre>
 *
 * <h2>{@link #remapBones}</h2>
 *
 * <p>Re-expresses one skinned mesh on another skeleton by bone name, for retargeting an outfit
 * bought separately onto a body's skeleton: joint indices are rewritten, the palette rebuilt in
 * the target's order, inverse bind matrices kept (converted to the target's unit where the
 * mesh's skeleton is in another, see {@link RemapOptions.Units}) or recomputed from the target's
 * rest pose, and a bone the target lacks is an error or has its influence moved to the nearest
 * ancestor the target has.
 *
 * <h2>{@link #plan}</h2>
 *
 * <p>Prepares a combination for named slots once, so that swapping the part of one slot redoes
 * only that part; see {@link CombinePlan}.
 */
public final class Combine {
    private Combine() {
    }

    /**
     * Re-expresses a skinned mesh on another skeleton with {@link RemapOptions#DEFAULTS} (unknown
     * bones rejected, inverse bind matrices kept).
     *
     * @param mesh a skinned mesh
     * @param meshSkeleton the skeleton its palette's bone names refer to
     * @param target the skeleton to re-express it on
     * @return the mesh, its moves, corrections, dropped bones and warnings
     * @throws ValidationException as {@link #remapBones(Mesh, Skeleton, Skeleton, RemapOptions)}
     */
    public static RemapResult remapBones(Mesh mesh, Skeleton meshSkeleton, Skeleton target) {
        return remapBones(mesh, meshSkeleton, target, RemapOptions.DEFAULTS);
    }

    /**
     * Re-expresses a skinned mesh on another skeleton by bone name: its palette becomes the target
     * bones its entries name, each once, in the target skeleton's order; joints (of draws too) are
     * renumbered; every stream, submesh, material and morph target is kept.
     *
     * <p>A palette bone the target lacks: when no vertex weights it, it is dropped (reported);
     * otherwise it is an error naming the mesh and the bone, or, with
     * {@link RemapOptions.UnknownBones#MOVE_TO_ANCESTOR}, its influence moves to its nearest
     * ancestor in {@code meshSkeleton} that the target has, with an inverse bind matrix derived so
     * that the vertex does not move at the bind pose; a vertex's slots that end on one bone are
     * merged; where the derived matrix differs from the one the mesh already gives the ancestor,
     * the vertices are reconciled into the mesh's own (see {@link BindCorrection}). With
     * {@link RemapOptions.InverseBinds#FROM_TARGET_REST} every matrix is the inverse of the
     * target bone's rest model matrix and no vertex moves.
     *
     * <p>Allocates the new joints and palette, and new streams only when vertices are reconciled
     * (the others are shared with {@code mesh}, both being immutable).
     *
     * @param mesh a skinned mesh
     * @param meshSkeleton the skeleton its palette's bone names refer to (the ancestry of moved
     *     bones)
     * @param target the skeleton to re-express it on
     * @param options the unknown-bone and inverse-bind policies and the bind tolerance
     * @return the mesh, its moves, corrections, dropped bones and warnings
     * @throws ValidationException when the mesh has no skin, a palette bone is not in
     *     {@code meshSkeleton}, a weighted bone is not in {@code target} under
     *     {@link RemapOptions.UnknownBones#REJECT} (naming the mesh and the bone), or neither is any
     *     ancestor of it under {@link RemapOptions.UnknownBones#MOVE_TO_ANCESTOR}
     */
    public static RemapResult remapBones(Mesh mesh, Skeleton meshSkeleton, Skeleton target, RemapOptions options) {
        Objects.requireNonNull(mesh, "mesh");
        Objects.requireNonNull(meshSkeleton, "meshSkeleton");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(options, "options");
        return RemapBones.run(mesh, meshSkeleton, target, options);
    }

    /**
     * Combines parts with {@link CombineOptions#DEFAULTS}.
     *
     * @param inputs the parts, at least one
     * @return the combined character and the report
     * @throws ValidationException as {@link #combine(List, CombineOptions)}
     */
    public static CombineResult combine(List<CombineInput> inputs) {
        return combine(inputs, CombineOptions.DEFAULTS, Progress.NONE);
    }

    /**
     * Combines parts into a character with one skinned part; see the class comment for every step.
     *
     * <p>Allocates the result's streams once (plus the reconciled or transformed copies of parts
     * that need them, computed normals and tangents, and small tables per part).
     *
     * @param inputs the parts, at least one; read only
     * @param options the skeleton, clip source, policies and welding
     * @return the combined character and the report
     * @throws ValidationException when {@code inputs} is empty; when two parts disagree on a bone's
     *     parent (naming both parts, the bone and both parents); when a weighted bone is not in the
     *     target skeleton under {@link RemapOptions.UnknownBones#REJECT} (naming the part and the
     *     bone); when a part has neither a skin nor an attach bone and no
     *     {@link CombineOptions#bindUnattachedTo()} is given, or that bone is not in its skeleton
     *     (naming the part); when two parts give an attribute different component counts or (with
     *     {@link CombineOptions.MorphNameClash#REJECT}) have a morph target of one name (naming
     *     both); when the palette exceeds 65536 bones; or when the result would need more than
     *     {@link Integer#MAX_VALUE} vertices or more indices (or tangent or joint entries) than the
     *     largest array holds (naming the part that crosses the limit, before anything is
     *     allocated)
     */
    public static CombineResult combine(List<CombineInput> inputs, CombineOptions options) {
        return combine(inputs, options, Progress.NONE);
    }

    /**
     * As {@link #combine(List, CombineOptions)}, reporting progress per prepared part and per stage
     * of the assembly, and checking for cancellation at the same points.
     *
     * @param inputs the parts, at least one
     * @param options the options
     * @param progress progress listener and cancellation check
     * @return the combined character and the report
     * @throws io.github.skinmesh.core.CancelledException when cancelled
     * @throws ValidationException as {@link #combine(List, CombineOptions)}
     */
    public static CombineResult combine(List<CombineInput> inputs, CombineOptions options, Progress progress) {
        Objects.requireNonNull(inputs, "inputs");
        List<CombineSlot> slots = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            slots.add(CombineSlot.of(Integer.toString(i), Objects.requireNonNull(inputs.get(i), "inputs[" + i + "]")));
        }
        return CombinePlan.create(slots, options, progress).combine(progress);
    }

    /**
     * Combines parts into reusable buffers instead of a new mesh: {@code buffers} then hold
     * exactly the streams, indices, submeshes and palette of the mesh
     * {@link #combine(List, CombineOptions)} gives for the same inputs and options (equal arrays
     * over their used lengths). Every part is prepared and copied; to rewrite only a changed part,
     * keep a {@link CombinePlan} and use {@link CombinePlan#combineInto}.
     *
     * <p>Allocates what preparing the parts and laying out the result take (tables per part, bone
     * and submesh; copies of parts that need a transform baked or vertices reconciled), and, when
     * the buffers are too small or lack a stream, larger arrays that the buffers then keep; nothing
     * else proportional to the vertex count. Thread-safe for distinct buffers; inputs are only
     * read.
     *
     * @param inputs the parts, at least one; read only
     * @param options the options
     * @param buffers the buffers to write; their previous content is replaced
     * @return {@code buffers}
     * @throws ValidationException as {@link #combine(List, CombineOptions)}; the buffers are
     *     unchanged then
     */
    public static CombineBuffers combineInto(List<CombineInput> inputs, CombineOptions options,
            CombineBuffers buffers) {
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(buffers, "buffers");
        List<CombineSlot> slots = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            slots.add(CombineSlot.of(Integer.toString(i), Objects.requireNonNull(inputs.get(i), "inputs[" + i + "]")));
        }
        return CombinePlan.create(slots, options, Progress.NONE).combineInto(buffers);
    }

    /**
     * Combines every part of some characters, character by character ({@link CombineInput#allOf(List)}).
     *
     * @param characters the characters, at least one part in all
     * @param options the options
     * @return the combined character and the report
     * @throws ValidationException as {@link #combine(List, CombineOptions)}
     */
    public static CombineResult combineCharacters(List<Character> characters, CombineOptions options) {
        return combine(CombineInput.allOf(characters), options);
    }

    /**
     * Prepares a combination of named slots, to recombine it cheaply when the part of a slot
     * changes; see {@link CombinePlan}.
     *
     * @param slots the slots, names unique, in order (empty slots allowed)
     * @param options the options of every combination of the plan
     * @return the plan, its parts prepared
     * @throws ValidationException when two slots share a name, or a part cannot be prepared or the
     *     slots' parts exceed a size limit (as {@link #combine(List, CombineOptions)} words it)
     */
    public static CombinePlan plan(List<CombineSlot> slots, CombineOptions options) {
        return CombinePlan.create(slots, options, Progress.NONE);
    }
}
