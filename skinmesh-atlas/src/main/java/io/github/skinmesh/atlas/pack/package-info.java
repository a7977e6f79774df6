/**
 * Rectangle packing for texture atlases. {@link io.github.skinmesh.atlas.pack.Packing#packAtlas(java.util.List,
 * io.github.skinmesh.atlas.pack.PackOptions)} takes the images' sizes ({@link
 * io.github.skinmesh.atlas.pack.PackInput}, with an optional content key so that an image used
 * twice is packed once) and {@link io.github.skinmesh.atlas.pack.PackOptions} (heuristic, page
 * sizing and limits, padding, block alignment for compressed formats, rotation) and returns a
 * {@link io.github.skinmesh.atlas.pack.PackResult}: pages and one {@link
 * io.github.skinmesh.atlas.pack.Placement} per input. A placement says where an input lands: page,
 * texel origin, size and rotation; compositing and UV remapping read placements and nothing else
 * of the packer.
 *
 * <p>Heuristics: MaxRects (best short side fit, global best choice), skyline (bottom-left) and a
 * shelf packer with free spaces, each a package-private kernel on a grid of blocks; the automatic
 * heuristic searches over them. Everything is integer arithmetic with fixed tie rules, so results
 * are identical on every run and machine.
 */
@NullMarked
package io.github.skinmesh.atlas.pack;

import org.jspecify.annotations.NullMarked;
