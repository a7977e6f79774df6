/**
 * Procedural humanoid characters for tests and benchmarks: {@link
 * io.github.skinmesh.testkit.humanoid.Humanoids#generate(long, HumanoidOptions)} builds a
 * {@link io.github.skinmesh.testkit.humanoid.Humanoid} (skeleton, six skinned, textured outfit
 * parts, walk and idle clips) deterministically from a seed.
 *
 * <p>Conventions are glTF's: meters, right-handed, +Y up, the character facing +Z with its left
 * side at +X, counter-clockwise front faces, UV origin top-left, column-major matrices,
 * quaternions {@code (x, y, z, w)}.
 */
@NullMarked
package io.github.skinmesh.testkit.humanoid;

import org.jspecify.annotations.NullMarked;
