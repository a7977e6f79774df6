/**
 * Bone-palette partitioning: fitting skinned meshes into the number of bones one draw call may
 * bind.
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
 * <p>Options are records with a {@code DEFAULTS} constant and {@code with...} methods; results are
 * immutable. The algorithms are package-private, one per file: the triangles' bone sets, the
 * exporter's first-fit grouping, region growing, refinement, the lower bound, influence dropping
 * and draw extraction.
 */
@NullMarked
package io.github.skinmesh.core.partition;

import org.jspecify.annotations.NullMarked;
