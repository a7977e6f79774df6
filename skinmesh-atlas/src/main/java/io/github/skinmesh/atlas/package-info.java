/**
 * Texture atlases: deterministic rectangle packing (padding, power-of-two or free size, block alignment), image compositing with edge gutters so mipmaps do not bleed, UV remapping and merging of materials of one template. Packing is in {@code io.github.skinmesh.atlas.pack}.
 */
@NullMarked
package io.github.skinmesh.atlas;

import org.jspecify.annotations.NullMarked;
