/**
 * A minimal, deterministic PNG encoder ({@link io.github.skinmesh.testkit.image.Png}) for the
 * generated textures of the testkit's characters, and for tests that need real image files.
 *
 * <p>skinmesh itself does not decode images; tests that want to look at pixels can read the files
 * with {@code javax.imageio} where the {@code java.desktop} module is available.
 */
@NullMarked
package io.github.skinmesh.testkit.image;

import org.jspecify.annotations.NullMarked;
