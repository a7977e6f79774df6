/**
 * Seeded random model data for property tests: skeletons, bone weights, skinned meshes, clips
 * and skin matrices from {@link io.github.skinmesh.testkit.random.RandomModels}, all drawn from a
 * {@link io.github.skinmesh.testkit.SplitMix64}, so a failing case is reproduced by its seed.
 *
 * <p>Every generated object passes skinmesh-core's validation; the ranges and the order of draws
 * are documented per method, so data stays identical across versions unless a release note says
 * otherwise.
 */
@NullMarked
package io.github.skinmesh.testkit.random;

import org.jspecify.annotations.NullMarked;
