/**
 * Bone-palette partitioning and bone reduction: fitting skinned meshes into the number of bones one
 * draw call may bind.
 *
 * <p>The entry class is {@link io.github.skinmesh.core.partition.Partition}:
 * {@link io.github.skinmesh.core.partition.Partition#partition(io.github.skinmesh.core.model.Mesh, int,
 * io.github.skinmesh.core.partition.PartitionOptions) partition} splits each submesh into draws of
 * at most {@code maxBones} bones, duplicating only the vertices that draws share, and gives a
 * {@link io.github.skinmesh.core.partition.PartitionResult}: the mesh with its submeshes' draws
 * (core's {@link io.github.skinmesh.core.model.Draw}, joints staying palette indices) and a
 * {@link io.github.skinmesh.core.partition.PartitionReport} with a lower bound on the draws;
 * {@link io.github.skinmesh.core.partition.Partition#drawMeshes(io.github.skinmesh.core.model.Mesh)
 * drawMeshes} cuts each draw out as a mesh with its own palette. Two modes
 * ({@link io.github.skinmesh.core.partition.PartitionMode}): {@code GREEDY} reproduces the grouping
 * of LayaAir's Unity exporter step by step, so results match existing assets; {@code OPTIMIZED}
 * (the default) makes no more draws than {@code GREEDY} and duplicates fewer vertices. A triangle
 * whose own bones exceed the limit fails or has its smallest influences dropped
 * ({@link io.github.skinmesh.core.partition.OversizeTriangles}).
 *
 * <p>Bone reduction for level of detail: {@link io.github.skinmesh.core.partition.BoneReduction#reduceBones}
 * folds the least important bones of a skinned mesh into their nearest ancestor that keeps weight,
 * until at most a target number of bones keep weight (the 24-32-bone crowd level of detail);
 * {@link io.github.skinmesh.core.partition.BoneReduction#fitOneDraw} makes the least reduction after
 * which each submesh fits one draw of {@code maxBones} bones. Bones are chosen greedily by the
 * displacement a fold causes on poses sampled from the clips, or by a rest-pose estimate without
 * clips; of the states the search passes through, the one of least error within the limit is
 * returned. {@link io.github.skinmesh.core.partition.ReduceOptions} sets the sampling, the palette
 * mode and the error metric; the {@link io.github.skinmesh.core.partition.ReduceResult} carries the
 * mesh and a report (each fold, the weight moved, the largest and RMS vertex error in model units).
 *
 * <p>Options are records with a {@code DEFAULTS} constant and {@code with...} methods; results are
 * immutable. The algorithms are package-private, one per file: the triangles' bone sets, the
 * exporter's first-fit grouping, region growing, refinement, the lower bound, influence dropping
 * and draw extraction.
 */
@NullMarked
package io.github.skinmesh.core.partition;

import org.jspecify.annotations.NullMarked;
