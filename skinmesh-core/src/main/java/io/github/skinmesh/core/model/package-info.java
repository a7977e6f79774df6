/**
 * The skinmesh data model: {@link io.github.skinmesh.core.model.Skeleton},
 * {@link io.github.skinmesh.core.model.Mesh} with its {@link io.github.skinmesh.core.model.Skin},
 * {@link io.github.skinmesh.core.model.BoneWeights}, morph targets, extra
 * {@link io.github.skinmesh.core.model.VertexAttribute}s, submeshes split into
 * {@link io.github.skinmesh.core.model.Draw}s and {@link io.github.skinmesh.core.model.Material}s,
 * and {@link io.github.skinmesh.core.model.AnimationClip}s.
 *
 * <p>Every type here is immutable and thread-safe. Factories and builders copy the caller's
 * arrays once and validate at construction; messages name the element ("vertex 1203: weights sum
 * to 0.62"). No method returns an internal array.
 *
 * <p>Conventions, unless a writer says otherwise: glTF's (right-handed, +Y up, counter-clockwise
 * front faces, UV origin top-left); matrices are column-major {@code float[16]} with column
 * vectors ({@code p' = M * p}); quaternions are {@code (x, y, z, w)}.
 */
@NullMarked
package io.github.skinmesh.core.model;

import org.jspecify.annotations.NullMarked;
