/**
 * Animation: sampling clips into poses, evaluating poses into model and skin matrices, and the
 * bounds a skinned mesh sweeps while a clip plays.
 *
 * <ul>
 *   <li>{@link io.github.skinmesh.core.anim.ClipSampler} binds an
 *       {@link io.github.skinmesh.core.model.AnimationClip} to a
 *       {@link io.github.skinmesh.core.model.Skeleton} once and samples it at any time into a
 *       {@link io.github.skinmesh.core.anim.Pose} (and morph weights into a {@code float[]}),
 *       with glTF interpolation semantics, clamped or looping time and per-timeline key cursors;
 *       options in {@link io.github.skinmesh.core.anim.SampleOptions}, binding report in
 *       {@link io.github.skinmesh.core.anim.SampleReport}.</li>
 *   <li>{@link io.github.skinmesh.core.anim.PoseEvaluation} turns a pose into model matrices
 *       ({@code model(i) = model(parent(i)) * T * R * S}) and a mesh's skin matrices
 *       ({@code model(bone) * inverseBind}).</li>
 *   <li>{@link io.github.skinmesh.core.anim.AnimatedBounds} computes the box of a skinned mesh
 *       over a clip, exactly or conservatively.</li>
 * </ul>
 *
 * <p>Conventions: matrices are column-major {@code float[16]} acting on column vectors
 * ({@code p' = M * p}); quaternions are {@code (x, y, z, w)}; times are seconds. Per-frame
 * operations write into caller-supplied arrays and allocate nothing. {@code Pose} and
 * {@code ClipSampler} are mutable working objects, not thread-safe (one per thread); everything
 * else here is stateless or immutable.
 */
@NullMarked
package io.github.skinmesh.core.anim;

import org.jspecify.annotations.NullMarked;
