/**
 * Rectangle packing for texture atlases. A {@link io.github.skinmesh.atlas.pack.Placement} says
 * where each input rectangle lands: page, texel origin, size and rotation; compositing and UV
 * remapping read placements and nothing else of the packer.
 */
@NullMarked
package io.github.skinmesh.atlas.pack;

import org.jspecify.annotations.NullMarked;
