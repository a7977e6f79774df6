/**
 * skinmesh-atlas: texture atlases. {@code io.github.skinmesh.atlas.pack} packs rectangles onto atlas
 * pages ({@link io.github.skinmesh.atlas.pack.Packing#packAtlas(java.util.List,
 * io.github.skinmesh.atlas.pack.PackOptions)}); its placements are what compositing and UV remapping
 * read.
 */
module io.github.skinmesh.atlas {
    requires transitive io.github.skinmesh.core;
    requires static transitive org.jspecify;

    exports io.github.skinmesh.atlas.pack;
}
