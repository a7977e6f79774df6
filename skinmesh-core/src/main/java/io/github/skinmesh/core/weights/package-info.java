/**
 * Bone-weight functions: normalize, limit to K influences, prune small weights, quantize to
 * unsigned normalized integers with an exact per-vertex sum.
 *
 * <p>The entry class is {@link io.github.skinmesh.core.weights.Weights}. Each operation takes a
 * {@link io.github.skinmesh.core.model.BoneWeights} and an options record (with a
 * {@code DEFAULTS} constant) and returns a result record holding the new
 * {@code BoneWeights} and a report: counts before and after, the largest discarded weight and
 * warnings. Inputs are never modified (they are immutable); each operation allocates its output
 * arrays once and hands them to the new {@code BoneWeights} without a second copy.
 *
 * <p>Slots are in the model's canonical order (weight descending, ties in slot order, empty slots
 * with joint 0), so "the K largest influences, ties to the lower slot" are the first K slots.
 * Every operation that renormalizes decides what happens to a vertex whose weights are all zero
 * through a {@link io.github.skinmesh.core.weights.ZeroWeightPolicy}: fail (the default) or bind
 * the vertex fully to a given palette entry.
 */
@NullMarked
package io.github.skinmesh.core.weights;

import org.jspecify.annotations.NullMarked;
