/**
 * Atlasing the textures of parts: {@link io.github.skinmesh.atlas.Atlases#atlasParts} packs the
 * textures of materials that share a template and render state ({@link io.github.skinmesh.atlas.pack}),
 * composites every channel map on one layout ({@link io.github.skinmesh.atlas.image}), remaps the
 * parts' texture coordinates ({@link io.github.skinmesh.atlas.UvTransform}) and gives them one merged
 * material per page, so that core's combine draws each render state once.
 */
@NullMarked
package io.github.skinmesh.atlas;

import org.jspecify.annotations.NullMarked;
