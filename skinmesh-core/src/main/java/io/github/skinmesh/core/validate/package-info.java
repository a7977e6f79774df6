/**
 * Structural checks of a mesh against a skeleton, reported as a list of problems that each name
 * their element.
 *
 * <p>The entry class is {@link io.github.skinmesh.core.validate.MeshValidator}; it returns a
 * {@link io.github.skinmesh.core.validate.ValidationReport} of
 * {@link io.github.skinmesh.core.validate.Problem}s, each with a
 * {@link io.github.skinmesh.core.validate.Severity}, the
 * {@link io.github.skinmesh.core.validate.Check} that found it, the element it names
 * ({@code "vertex 1203"}, {@code "palette entry 4"}, {@code "triangle 17"},
 * {@code "material 'Skin'"}) and a message with the offending value and the expectation.
 *
 * <p>What the model types already guarantee at construction (index ranges, stream lengths,
 * finite values, submesh ranges, one default weight per morph target, palette indices within
 * the palette) is not checked again; the validator looks for data that is well-formed but wrong
 * or wasteful for rendering.
 */
@NullMarked
package io.github.skinmesh.core.validate;

import org.jspecify.annotations.NullMarked;
