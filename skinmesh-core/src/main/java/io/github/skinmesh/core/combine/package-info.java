/**
 * Combining outfit parts into one skinned mesh: bone remapping by name, the union of skeletons,
 * bind matrix reconciliation, rigid parts made skinned, every stream and morph target kept,
 * submeshes merged by material, seam welding, and incremental recombination for equipment slots.
 *
 * <p>The entry class is {@link io.github.skinmesh.core.combine.Combine}:
 * {@link io.github.skinmesh.core.combine.Combine#combine(java.util.List,
 * io.github.skinmesh.core.combine.CombineOptions) combine} takes
 * {@link io.github.skinmesh.core.combine.CombineInput}s (parts with the skeletons they refer to)
 * and gives a {@link io.github.skinmesh.core.combine.CombineResult}: a character with one skinned
 * part and a {@link io.github.skinmesh.core.combine.CombineReport};
 * {@link io.github.skinmesh.core.combine.Combine#remapBones(io.github.skinmesh.core.model.Mesh,
 * io.github.skinmesh.core.model.Skeleton, io.github.skinmesh.core.model.Skeleton) remapBones}
 * re-expresses one skinned mesh on another skeleton;
 * {@link io.github.skinmesh.core.combine.Combine#plan(java.util.List,
 * io.github.skinmesh.core.combine.CombineOptions) plan} prepares named slots once for cheap
 * recombination ({@link io.github.skinmesh.core.combine.CombinePlan}).
 *
 * <p>Options are records with a {@code DEFAULTS} constant and {@code with...} methods
 * ({@link io.github.skinmesh.core.combine.CombineOptions},
 * {@link io.github.skinmesh.core.combine.RemapOptions}); results and reports are immutable values
 * that compare equal field by field. The algorithms are package-private, one per file: preparing a
 * part, the skeleton union, the bind reconciliation, the morph and material layouts, the final
 * copy, welding, clip merging and the deviation measurement.
 */
@NullMarked
package io.github.skinmesh.core.combine;

import org.jspecify.annotations.NullMarked;
