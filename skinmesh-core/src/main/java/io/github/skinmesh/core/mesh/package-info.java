/**
 * Vertex operations over every stream of a mesh, the ground combine, partition, atlas, welding
 * and the file readers build on.
 *
 * <p>The entry class is {@link io.github.skinmesh.core.mesh.Meshes}:
 * {@linkplain io.github.skinmesh.core.mesh.Meshes#selectVertices(io.github.skinmesh.core.model.Mesh, int[])
 * selectVertices} reorders, duplicates and drops vertices by a map (the equivalent of
 * meshoptimizer's remap functions), and
 * {@linkplain io.github.skinmesh.core.mesh.Meshes#concat(java.util.List) concat} appends meshes,
 * uniting their palettes, morph targets and attributes. Both carry positions, normals, tangents,
 * colors, every UV set, every extra attribute, the skin weights (canonical or as stored) and the
 * deltas of every morph target.
 *
 * <p>{@link io.github.skinmesh.core.mesh.VertexNormals} and
 * {@link io.github.skinmesh.core.mesh.VertexTangents} compute the directions a mesh lacks; concat
 * uses them, and so may any operation that has to invent those streams.
 */
@NullMarked
package io.github.skinmesh.core.mesh;

import org.jspecify.annotations.NullMarked;
