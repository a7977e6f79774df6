/**
 * CPU skinning and GPU palette packing.
 *
 * <ul>
 *   <li>{@link io.github.skinmesh.core.skinning.Skinning}: linear blend and dual quaternion
 *       skinning of positions, normals and tangents on primitive arrays or a
 *       {@link io.github.skinmesh.core.model.Mesh}, single- or multi-threaded, with an optional
 *       SIMD kernel when the JVM has {@code jdk.incubator.vector};
 *       {@link io.github.skinmesh.core.skinning.SkinningOptions} selects method, normal
 *       transform, renormalization, kernel and parallelism.</li>
 *   <li>{@link io.github.skinmesh.core.skinning.Morphing}: morph targets (blend shapes) applied
 *       at given weights, before skinning.</li>
 *   <li>{@link io.github.skinmesh.core.skinning.PalettePacking}: skin matrices to 3x4 rows in
 *       float (48 bytes per bone) or half float (24 bytes per bone), for uniform or texture
 *       upload; {@link io.github.skinmesh.core.skinning.HalfFloats} converts single floats.</li>
 * </ul>
 *
 * <p>Matrices are column-major {@code float[16]} with column vectors ({@code p' = M * p}); skin
 * matrices are {@code model(bone) * inverseBind}. Every entry point validates all lengths and
 * indices before writing, names the offending argument in its
 * {@link io.github.skinmesh.core.ValidationException}, and allocates nothing per vertex.
 */
@NullMarked
package io.github.skinmesh.core.skinning;

import org.jspecify.annotations.NullMarked;
